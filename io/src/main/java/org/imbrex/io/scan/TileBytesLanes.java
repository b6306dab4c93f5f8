package org.imbrex.io.scan;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link TileBytes#ASCII_LOWER} in vector lanes, a register of bytes at a time (64 with AVX-512): a byte is a
 * capital when {@code b − 'A'}, wrapping, is below 26 unsigned, and then gets bit {@code 0x20}. Loaded only
 * where the JVM has the vector API ({@link org.imbrex.kernels.dispatch.LaneLoops#VECTOR}); elsewhere, and for
 * the bytes after the last whole register, {@link TileBytes} runs its eight-byte steps.
 * <pre>
 *   b          41 5A 5B 61 40 C1        'A' 'Z' '[' 'a' '@' 0xC1
 *   b − 41     00 19 1A 20 FF 80        below 1A: 'A', 'Z'
 *   result     61 7A 5B 61 40 C1
 * </pre>
 * Example: {@code TileBytesLanes.lowercase(bytes, 0, 100)} lowercases bytes 0 to 63 on AVX-512 and returns 64.
 */
final class TileBytesLanes {
    private static final VectorSpecies<Byte> SPECIES = ByteVector.SPECIES_PREFERRED;
    private static final byte CAPITALS = 26;

    private TileBytesLanes() {
    }

    /** Lowercases the capitals of {@code bytes[from, end)} in place, {@code end} the last whole register's end. */
    static int lowercase(byte[] bytes, int from, int to) {
        int end = from + SPECIES.loopBound(to - from);
        for (int i = from; i < end; i += SPECIES.length()) {
            ByteVector b = ByteVector.fromArray(SPECIES, bytes, i);
            VectorMask<Byte> capital = b.sub((byte) 'A').compare(VectorOperators.UNSIGNED_LT, CAPITALS);
            b.lanewise(VectorOperators.OR, (byte) 0x20, capital).intoArray(bytes, i);
        }
        return end;
    }
}
