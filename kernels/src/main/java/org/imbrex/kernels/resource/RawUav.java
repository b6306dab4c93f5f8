package org.imbrex.kernels.resource;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.UInt4Vector;

/**
 * The part the untyped UAVs share ({@link RWByteAddressBuffer}, {@link RWStructuredBuffer}): 32-bit words
 * in an Arrow {@code UInt4Vector} whose data buffer holds them as GPU memory would (little-endian).
 *
 * <p>Words are addressed by word index here; the subclasses turn byte addresses or (index, offset) pairs
 * into word indexes and apply their out-of-bounds rules (spec §4.5). Example: {@code
 * RWByteAddressBuffer.allocate(16, allocator).vector()} is a {@code UInt4Vector} of 4 values.
 */
public abstract sealed class RawUav implements UnorderedAccessView permits RWByteAddressBuffer, RWStructuredBuffer {
    private final int words;
    private final UInt4Vector vector;
    private final ArrowBuf data;

    RawUav(int words, BufferAllocator allocator, String name) {
        if (words < 0) {
            throw new IllegalArgumentException("a UAV cannot have " + words + " words");
        }
        this.words = words;
        this.vector = new UInt4Vector(name, allocator);
        vector.allocateNew(Math.max(words, 1));
        ArrowBuf validity = vector.getValidityBuffer();
        for (long i = 0; i < (words + 7L) / 8; i++) {
            validity.setByte(i, 0xFF);
        }
        this.data = vector.getDataBuffer();
        data.setZero(0, 4L * Math.max(words, 1));
    }

    /** Number of 32-bit words of storage. */
    public final int wordCount() {
        return words;
    }

    /** The Arrow vector holding the words; its value count is set when a Dispatch ends. */
    public final UInt4Vector vector() {
        return vector;
    }

    /** Word {@code index} of the storage, {@code 0 ≤ index < wordCount()}. */
    public final int loadWord(int index) {
        return data.getInt(4L * java.util.Objects.checkIndex(index, words));
    }

    /** Sets word {@code index} of the storage, {@code 0 ≤ index < wordCount()}. */
    public final void storeWord(int index, int value) {
        data.setInt(4L * java.util.Objects.checkIndex(index, words), value);
    }

    final int getWord(int index) {
        return data.getInt(4L * index);
    }

    final void setWord(int index, int value) {
        data.setInt(4L * index, value);
    }

    /** Fills the contents from raw little-endian bytes; shorter data leaves the rest. */
    public final void initialize(byte[] bytes) {
        int length = (int) Math.min(bytes.length, 4L * words);
        data.setBytes(0, bytes, 0, length);
    }

    @Override
    public final byte[] contents() {
        byte[] out = new byte[Math.multiplyExact(words, 4)];
        data.getBytes(0, out);
        return out;
    }

    @Override
    public final void endDispatch() {
        vector.setValueCount(words);
    }

    @Override
    public final void close() {
        vector.close();
    }
}
