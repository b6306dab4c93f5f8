package org.imbrex.kernels.shaders;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * Loads words of a {@code Buffer<uint>} as a plane of bytes, one short each, for the 16-bit vector forms of
 * the msad4 shaders: byte n of the plane is byte n%4 (little-endian) of word {@code first + n/4}.
 * <pre>
 *   words  0x44332211  0x88776655          plane  0x11 0x22 0x33 0x44 0x55 0x66 0x77 0x88
 * </pre>
 * Loading this class needs the module {@code jdk.incubator.vector}, as its users do.
 */
final class ShortPlane {
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_256;
    /** Four words: the 16 bytes a register of 16 shorts widens. */
    private static final VectorSpecies<Integer> WORDS = IntVector.SPECIES_128;

    private ShortPlane() {
    }

    /**
     * Words {@code first .. first + count − 1} of {@code buffer} (uint32 indices, 0 out of bounds, via {@code
     * words}, at least {@code count} long) into {@code plane[0, 4·count)}.
     */
    static void load(TypedBuffer buffer, int first, int count, int[] words, short[] plane) {
        buffer.ldRange(first, words, count);
        unpack(words, count, plane);
    }

    /** Words {@code [0, count)} as bytes, a short each, into {@code plane[0, 4·count)}, four words a register. */
    static void unpack(int[] words, int count, short[] plane) {
        unpack(words, count, plane, false);
    }

    /** {@link #unpack(int[], int, short[])}, and whether one of the bytes is 0 (false unless {@code findZero}). */
    static boolean unpack(int[] words, int count, short[] plane, boolean findZero) {
        boolean zero = false;
        int q = 0;
        for (; q + WORDS.length() <= count; q += WORDS.length()) {
            ShortVector pixels = ((ShortVector) IntVector.fromArray(WORDS, words, q).reinterpretAsBytes()
                    .convertShape(VectorOperators.B2S, SHORTS, 0)).and((short) 0xFF);
            if (findZero) {
                zero |= pixels.eq((short) 0).anyTrue();
            }
            pixels.intoArray(plane, 4 * q);
        }
        for (; q < count; q++) {
            int word = words[q];
            plane[4 * q] = (short) (word & 0xFF);
            plane[4 * q + 1] = (short) ((word >>> 8) & 0xFF);
            plane[4 * q + 2] = (short) ((word >>> 16) & 0xFF);
            plane[4 * q + 3] = (short) (word >>> 24);
            zero |= findZero && (zeroByteBits(word) & 0x80808080) != 0;
        }
        return zero;
    }

    /** Bit 7 set in the lowest 0 byte of {@code word} (bits above it may be set too): none set where no byte is 0. */
    static int zeroByteBits(int word) {
        return (word - 0x01010101) & ~word;
    }
}
