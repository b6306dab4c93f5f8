package org.imbrex.kernels.resource;

import org.apache.arrow.memory.BufferAllocator;

/**
 * A typed UAV buffer, HLSL {@code RWBuffer<T>} on register {@code u#}, written by {@code store_uav_typed}
 * (spec §4, FS §22.4.9) and read by {@code ld_uav_typed}.
 *
 * <p>A store at an index at or past {@link #numElements()} (unsigned) writes nothing. Storage is an Arrow
 * vector allocated from the caller's allocator; the caller closes the buffer.
 * <pre>{@code
 * try (RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 64, allocator)) {
 *     accum.storeUint4(0, 153, 6, 92, 113);   // buf_accum[0] = uint4(153, 6, 92, 113)
 *     accum.uint(0, 2);                        // 92
 * }
 * }</pre>
 */
public final class RWBuffer extends TypedUav {

    private RWBuffer(DxgiFormat format, int numElements, BufferAllocator allocator) {
        super(format, numElements, allocator, "u_" + format.name());
    }

    /** A zeroed buffer of {@code numElements} elements. */
    public static RWBuffer allocate(DxgiFormat format, int numElements, BufferAllocator allocator) {
        return new RWBuffer(format, numElements, allocator);
    }

    /** {@code store_uav_typed u#, index, rgba}: converts the 4 raw shader values to the format. */
    public void store(int index, int[] rgba) {
        if (inBounds(index, numElements())) {
            storeElement(index, rgba);
        }
    }

    /**
     * The fast store of {@code buf[index] = uint4(x, y, z, w)} for 4×32-bit integer formats
     * ({@code R32G32B32A32_UINT/SINT}): no conversion happens, so the words go straight to memory.
     */
    public void storeUint4(int index, int x, int y, int z, int w) {
        if (!inBounds(index, numElements())) {
            return;
        }
        if (format() != DxgiFormat.R32G32B32A32_UINT && format() != DxgiFormat.R32G32B32A32_SINT) {
            store(index, new int[] {x, y, z, w});
            return;
        }
        int at = index * 4;
        words().put(at, x);
        words().put(at + 1, y);
        words().put(at + 2, z);
        words().put(at + 3, w);
    }

    /**
     * The SIMT form of {@code buf[first + lane] = uint4(x, y, z, w)} for lanes {@code [0, count)}: lane
     * {@code l}'s four words are {@code xyzw[4l .. 4l+3]}, the order they have in memory. Indices are uint32
     * (they wrap past 0xFFFFFFFF); out-of-bounds lanes write nothing.
     * <pre>
     *   xyzw   x0 y0 z0 w0 | x1 y1 z1 w1 | …            one bulk copy for R32G32B32A32_UINT/SINT
     *   memory             element first | first + 1 | …
     * </pre>
     */
    public void storeUint4Lanes(int first, int[] xyzw, int count) {
        long start = Integer.toUnsignedLong(first);
        boolean raw = format() == DxgiFormat.R32G32B32A32_UINT || format() == DxgiFormat.R32G32B32A32_SINT;
        if (!raw || start + count > 0x1_0000_0000L) {
            for (int lane = 0; lane < count; lane++) {
                int at = 4 * lane;
                storeUint4(first + lane, xyzw[at], xyzw[at + 1], xyzw[at + 2], xyzw[at + 3]);
            }
            return;
        }
        int inBounds = (int) Math.max(0, Math.min(count, numElements() - start));
        if (inBounds > 0) {
            words().put(4 * first, xyzw, 0, 4 * inBounds);
        }
    }

    /**
     * The SIMT form of {@code buf[first + lane] = value} for an {@code R32_UINT} or {@code R32_SINT} view,
     * lanes {@code [0, count)}: one bulk copy, since no conversion happens. Indices are uint32; out-of-bounds
     * lanes write nothing. Other formats store lane by lane, converting.
     */
    public void storeUintLanes(int first, int[] values, int count) {
        long start = Integer.toUnsignedLong(first);
        boolean raw = format() == DxgiFormat.R32_UINT || format() == DxgiFormat.R32_SINT;
        if (!raw || start + count > 0x1_0000_0000L) {
            for (int lane = 0; lane < count; lane++) {
                storeUint(first + lane, values[lane]);
            }
            return;
        }
        int inBounds = (int) Math.max(0, Math.min(count, numElements() - start));
        if (inBounds > 0) {
            words().put(first, values, 0, inBounds);
        }
    }

    /** {@code buf[index] = value} for a scalar view: stores (value, value, value, value). */
    public void storeUint(int index, int value) {
        if (format() == DxgiFormat.R32_UINT || format() == DxgiFormat.R32_SINT) {
            if (inBounds(index, numElements())) {
                words().put(index, value);
            }
            return;
        }
        store(index, new int[] {value, value, value, value});
    }

    /** {@code ld_uav_typed}: element {@code index} as shader values; out of bounds reads 0 plus defaults. */
    public void load(int index, int[] rgba) {
        if (inBounds(index, numElements())) {
            loadElement(index, rgba);
            return;
        }
        FormatCodec.outOfBounds(format(), rgba);
    }

    /**
     * Copies {@code count} raw 32-bit words from word {@code firstWord} on into {@code dst}, for 4-byte-component
     * formats: for {@code R32G32B32A32_UINT}, word {@code 4·i + c} is component c of element i.
     */
    public void readWords(int firstWord, int[] dst, int count) {
        words().get(firstWord, dst, 0, count);
    }

    /** Raw 32-bit word {@code component} of element {@code index}, for 4-byte-component formats. */
    public int uint(int index, int component) {
        int perElement = format().byteSize() / 4;
        return words().get(index * perElement + component);
    }
}
