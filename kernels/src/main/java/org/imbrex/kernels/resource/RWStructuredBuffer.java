package org.imbrex.kernels.resource;

import org.apache.arrow.memory.BufferAllocator;

/**
 * A structured UAV, HLSL {@code RWStructuredBuffer<T>} on {@code u#} ({@code dcl_uav_structured u#,
 * stride}), addressed by (element index, byte offset inside the element) (FS §22.4.11, §22.4.13).
 *
 * <pre>
 *   stride 8, 2 elements:   | e0.w0 e0.w1 | e1.w0 e1.w1 |
 *   store(1, 4, v) → e1.w1 = v      store(2, 0, v) → dropped      load(0, 8) → 0
 * </pre>
 * An index at or past {@link #numElements()} reads 0 and drops writes (spec §4.5). An offset at or past
 * the stride is undefined on hardware; imbrex treats it the same way. Example: {@code
 * RWStructuredBuffer.allocate(16, 4, allocator)} holds 4 elements of 16 bytes.
 */
public final class RWStructuredBuffer extends RawUav {
    private final int stride;
    private final int numElements;

    private RWStructuredBuffer(int stride, int numElements, BufferAllocator allocator) {
        super(Math.multiplyExact(stride / 4, numElements), allocator, "u_structured");
        this.stride = stride;
        this.numElements = numElements;
    }

    /** A zeroed buffer of {@code numElements} elements of {@code stride} bytes (a positive multiple of 4). */
    public static RWStructuredBuffer allocate(int stride, int numElements, BufferAllocator allocator) {
        if (stride <= 0 || stride % 4 != 0) {
            throw new IllegalArgumentException("structure stride " + stride + " must be a positive multiple of 4");
        }
        return new RWStructuredBuffer(stride, numElements, allocator);
    }

    /** Bytes per element. */
    public int stride() {
        return stride;
    }

    @Override
    public int numElements() {
        return numElements;
    }

    /** True when the word at (index, byteOffset) lies inside the buffer. */
    public boolean inBounds(int index, int byteOffset) {
        return Integer.compareUnsigned(index, numElements) < 0 && Integer.compareUnsigned(byteOffset, stride - 4) <= 0;
    }

    /** The word at {@code byteOffset} of element {@code index}, or 0 out of bounds. */
    public int load(int index, int byteOffset) {
        return inBounds(index, byteOffset) ? getWord(wordIndex(index, byteOffset)) : 0;
    }

    /** Writes the word at {@code byteOffset} of element {@code index}; dropped out of bounds. */
    public void store(int index, int byteOffset, int value) {
        if (inBounds(index, byteOffset)) {
            setWord(wordIndex(index, byteOffset), value);
        }
    }

    private int wordIndex(int index, int byteOffset) {
        return index * (stride / 4) + (byteOffset >>> 2);
    }
}
