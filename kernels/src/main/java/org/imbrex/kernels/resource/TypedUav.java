package org.imbrex.kernels.resource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * The part every typed UAV shares ({@link RWBuffer}, {@link RWTexture2D}): a format, a number of
 * elements, and Arrow storage whose data buffer holds the elements as GPU memory would.
 *
 * <p>Stores convert the shader's 4-component value to the format ({@link FormatCodec}); loads are {@code
 * ld_uav_typed} (spec §3, §4.4). Example: {@code rwBuffer.store(3, new int[] {1, 2, 3, 4})} on an {@code
 * R8G8_UINT} view writes bytes {@code 01 02} at byte offset 6.
 */
public abstract sealed class TypedUav implements UnorderedAccessView permits RWBuffer, RWTexture2D {
    private final DxgiFormat format;
    private final int numElements;
    private final FieldVector vector;
    private final ByteBuffer memory;
    private final IntBuffer words;

    TypedUav(DxgiFormat format, int numElements, BufferAllocator allocator, String name) {
        long bytes = (long) numElements * format.byteSize();
        if (numElements < 0 || bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a " + format + " UAV cannot have " + numElements
                    + " elements; its storage is limited to " + Integer.MAX_VALUE + " bytes");
        }
        this.format = format;
        this.numElements = numElements;
        this.vector = UavStorage.allocate(format, numElements, name, allocator);
        ArrowBuf data = UavStorage.dataBuffer(vector);
        this.memory = data.nioBuffer(0, (int) bytes).order(ByteOrder.LITTLE_ENDIAN);
        this.words = format.byteSize() % 4 == 0 ? memory.asIntBuffer() : null;
    }

    public final DxgiFormat format() {
        return format;
    }

    @Override
    public final int numElements() {
        return numElements;
    }

    /** The Arrow vector that stores the elements; its value count is set when a Dispatch ends. */
    public final FieldVector vector() {
        return vector;
    }

    /** Converts and writes element {@code index} (already bounds-checked by the caller). */
    final void storeElement(int index, int[] rgba) {
        FormatCodec.encode(format, rgba, memory, index * format.byteSize());
    }

    /** Reads element {@code index} (already bounds-checked by the caller) as shader values. */
    final void loadElement(int index, int[] rgba) {
        FormatCodec.decode(format, memory, index * format.byteSize(), rgba);
    }

    /** The element words, for 4-byte-multiple formats; direct Arrow memory. */
    final IntBuffer words() {
        return words;
    }

    /** Fills the contents from raw little-endian bytes ({@code INIT} data); shorter data leaves the rest. */
    public final void initialize(byte[] data) {
        int length = Math.min(data.length, memory.capacity());
        memory.duplicate().put(data, 0, length);
    }

    @Override
    public final byte[] contents() {
        byte[] out = new byte[memory.capacity()];
        memory.duplicate().get(out);
        return out;
    }

    @Override
    public final void endDispatch() {
        vector.setValueCount(numElements);
    }

    @Override
    public final void close() {
        vector.close();
    }

    static boolean inBounds(int index, int limit) {
        return Integer.compareUnsigned(index, limit) < 0;
    }
}
