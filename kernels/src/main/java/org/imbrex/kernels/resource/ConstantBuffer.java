package org.imbrex.kernels.resource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A constant buffer bound to {@code cb#} (HLSL {@code cbuffer ... : register(b#)}): an array of 16-byte
 * registers of four 32-bit words. {@code cb0[1].z} is word {@code 1·4 + 2}. Reads past the end return 0.
 *
 * <pre>
 *   cbuffer Params : register(b0) { uint REF_SIZE; };    REF_SIZE = cb0[0].x = word(0)
 * </pre>
 * Example: {@code ConstantBuffer.ofWords(16).word(0)} is 16.
 */
public final class ConstantBuffer {
    private final int[] words;

    private ConstantBuffer(int[] words) {
        this.words = words;
    }

    /** A constant buffer holding these 32-bit words (padded to whole registers with zeros). */
    public static ConstantBuffer ofWords(int... words) {
        int padded = (words.length + 3) / 4 * 4;
        return new ConstantBuffer(java.util.Arrays.copyOf(words, padded));
    }

    /** A constant buffer from raw little-endian bytes. */
    public static ConstantBuffer of(byte[] data) {
        int[] words = new int[(data.length + 15) / 16 * 4];
        ByteBuffer in = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < data.length / 4; i++) {
            words[i] = in.getInt(i * 4);
        }
        for (int i = data.length / 4 * 4; i < data.length; i++) {
            words[i / 4] |= (data[i] & 0xFF) << (8 * (i % 4));
        }
        return new ConstantBuffer(words);
    }

    /** Word {@code index} (register index/4, component index%4); 0 past the end. */
    public int word(int index) {
        return Integer.compareUnsigned(index, words.length) < 0 ? words[index] : 0;
    }

    /** {@code cb#[register].component}, component 0..3 = x..w. */
    public int get(int register, int component) {
        return word(register * 4 + component);
    }

    /** Number of 16-byte registers. */
    public int registers() {
        return words.length / 4;
    }
}
