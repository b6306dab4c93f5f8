package org.imbrex.kernels.resource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A raw buffer shader resource view, HLSL {@code ByteAddressBuffer} on {@code t#} ({@code
 * dcl_resource_raw}), read by {@code ld_raw} with a byte address (FS §22.4.10).
 *
 * <p>Each 32-bit component is checked on its own (spec §4.5): a word whose 4 bytes do not all lie inside
 * the view reads 0.
 * <pre>
 *   16-byte view, words 11 22 33 44:   ld_raw at byte 8  → (33, 44, 0, 0)
 *                                       ld_raw at byte 16 → (0, 0, 0, 0)
 * </pre>
 * Example: {@code ByteAddressBuffer.ofWords(0x11, 0x22).word(4)} is 0x22.
 */
public final class ByteAddressBuffer implements ShaderResourceView {
    private final int[] words;
    private final long byteSize;

    private ByteAddressBuffer(int[] words, long byteSize) {
        this.words = words;
        this.byteSize = byteSize;
    }

    /** A view over these words; its size is {@code 4 · words.length} bytes. The array is not copied. */
    public static ByteAddressBuffer ofWords(int... words) {
        return new ByteAddressBuffer(words, 4L * words.length);
    }

    /** A view over little-endian bytes; a trailing partial word is not addressable. */
    public static ByteAddressBuffer of(ByteBuffer data) {
        return new ByteAddressBuffer(RawWords.fromBytes(data), data.remaining() / 4 * 4L);
    }

    /** Size in bytes. */
    public long byteSize() {
        return byteSize;
    }

    /** Number of 32-bit words. */
    @Override
    public int numElements() {
        return words.length;
    }

    /** The word holding {@code byteAddress} (unsigned; its two low bits are ignored), or 0 outside the view. */
    public int word(int byteAddress) {
        int word = byteAddress >>> 2;
        return 4L * word + 4 <= byteSize ? words[word] : 0;
    }

    /** Helpers shared by the raw and structured views. */
    static final class RawWords {
        private RawWords() {
        }

        static int[] fromBytes(ByteBuffer data) {
            ByteBuffer source = data.slice().order(ByteOrder.LITTLE_ENDIAN);
            int[] words = new int[source.remaining() / 4];
            source.asIntBuffer().get(words);
            return words;
        }
    }
}
