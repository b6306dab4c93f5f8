package org.imbrex.io.scan;

import java.util.Random;
import org.imbrex.io.signature.Signature;

/** Random signatures rich in the bytes msad4 treats specially: wildcards, literal 00, and FF. */
final class RandomSignatures {
    private RandomSignatures() {
    }

    static Signature of(String name, int length, Random random) {
        byte[] pattern = new byte[length];
        boolean[] wildcard = new boolean[length];
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(8);
            wildcard[i] = kind == 0;
            pattern[i] = (byte) (kind == 1 ? 0x00 : kind == 2 ? 0xFF : random.nextInt(256));
        }
        return new Signature(name, pattern, wildcard);
    }

    /** Writes the signature's bytes (random bytes at wildcards) into {@code data} at {@code offset}. */
    static void plant(Signature signature, byte[] data, int offset, Random random) {
        for (int i = 0; i < signature.length(); i++) {
            data[offset + i] = signature.isWildcard(i) ? (byte) random.nextInt(256) : (byte) signature.byteAt(i);
        }
    }
}
