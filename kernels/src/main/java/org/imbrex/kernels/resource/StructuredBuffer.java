package org.imbrex.kernels.resource;

import java.nio.ByteBuffer;

/**
 * A structured buffer shader resource view, HLSL {@code StructuredBuffer<T>} on {@code t#} ({@code
 * dcl_resource_structured t#, stride}), read by {@code ld_structured} with an element index and a byte
 * offset inside the element (FS §22.4.11).
 *
 * <pre>
 *   stride 8, 3 elements:   | e0.w0 e0.w1 | e1.w0 e1.w1 | e2.w0 e2.w1 |
 *   ld_structured (index 1, offset 4) → e1.w1        index 3 → 0        offset 8 → 0
 * </pre>
 * An index at or past {@link #numElements()}, or a word at or past the stride, reads 0 (spec §4.5).
 * Example: {@code StructuredBuffer.ofWords(8, 1, 2, 3, 4).word(1, 4)} is 4.
 */
public final class StructuredBuffer implements ShaderResourceView {
    private final int[] words;
    private final int stride;
    private final int numElements;

    private StructuredBuffer(int stride, int[] words) {
        if (stride <= 0 || stride % 4 != 0) {
            throw new IllegalArgumentException("structure stride " + stride + " must be a positive multiple of 4");
        }
        this.stride = stride;
        this.words = words;
        this.numElements = (int) (4L * words.length / stride);
    }

    /** A view of {@code words.length · 4 / stride} elements; the array is not copied. */
    public static StructuredBuffer ofWords(int stride, int... words) {
        return new StructuredBuffer(stride, words);
    }

    /** A view over little-endian bytes; a trailing partial element is not addressable. */
    public static StructuredBuffer of(int stride, ByteBuffer data) {
        return new StructuredBuffer(stride, ByteAddressBuffer.RawWords.fromBytes(data));
    }

    /** Bytes per element. */
    public int stride() {
        return stride;
    }

    @Override
    public int numElements() {
        return numElements;
    }

    /** The word at {@code byteOffset} inside element {@code index}, or 0 out of bounds. */
    public int word(int index, int byteOffset) {
        if (Integer.compareUnsigned(index, numElements) >= 0 || Integer.compareUnsigned(byteOffset, stride - 4) > 0) {
            return 0;
        }
        return words[(int) (((long) index * stride + byteOffset) >>> 2)];
    }
}
