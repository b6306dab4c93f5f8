package org.imbrex.io.scan;

import java.util.Random;
import org.imbrex.io.signature.Signature;

/**
 * Data and signatures chosen to defeat a prefilter: low-entropy bytes, long runs of 00 and FF, repeated
 * textures; signatures cut from the data itself, made mostly of common bytes, with no two literal bytes in
 * a row, very short or long, with literal 00; and near matches planted within a few units of SAD.
 */
final class FilterDefeatingData {
    private FilterDefeatingData() {
    }

    /** {@code length} bytes of one of five kinds, chosen by {@code kind % 5}. */
    static byte[] data(int kind, int length, Random random) {
        byte[] data = new byte[length];
        switch (kind % 5) {
            case 0 -> random.nextBytes(data);
            case 1 -> {                                   // a four-letter alphabet: 00 FF 01 41
                byte[] alphabet = {0x00, (byte) 0xFF, 0x01, 0x41};
                for (int i = 0; i < length; i++) {
                    data[i] = alphabet[random.nextInt(4)];
                }
            }
            case 2 -> {                                   // long runs of 00 and FF with sparse noise
                int i = 0;
                while (i < length) {
                    int run = 1 + random.nextInt(200);
                    byte value = random.nextInt(3) == 0 ? (byte) random.nextInt(256) : random.nextBoolean() ? 0 : (byte) 0xFF;
                    for (int end = Math.min(length, i + run); i < end; i++) {
                        data[i] = value;
                    }
                }
            }
            case 3 -> {                                   // a repeated texture of 7 bytes, lightly disturbed
                byte[] texture = new byte[7];
                random.nextBytes(texture);
                for (int i = 0; i < length; i++) {
                    data[i] = (byte) (texture[i % 7] + (random.nextInt(16) == 0 ? random.nextInt(3) - 1 : 0));
                }
            }
            default -> {                                  // values near 128: every byte is close to every other
                for (int i = 0; i < length; i++) {
                    data[i] = (byte) (126 + random.nextInt(5));
                }
            }
        }
        return data;
    }

    /** A signature of one of five kinds, chosen by {@code kind % 5}, often cut from {@code data}. */
    static Signature signature(String name, int kind, int length, byte[] data, Random random) {
        byte[] pattern = new byte[length];
        boolean[] wildcard = new boolean[length];
        int from = data.length > length ? random.nextInt(data.length - length) : -1;
        for (int i = 0; i < length; i++) {
            int cut = from >= 0 ? data[from + i] & 0xFF : random.nextInt(256);
            switch (kind % 5) {
                case 0 -> {                               // cut from the data, 1 in 8 a wildcard
                    pattern[i] = (byte) cut;
                    wildcard[i] = random.nextInt(8) == 0;
                }
                case 1 -> pattern[i] = (byte) (random.nextBoolean() ? 0x00 : 0xFF);   // only common bytes
                case 2 -> {                               // no two literal bytes in a row
                    pattern[i] = (byte) cut;
                    wildcard[i] = i % 2 == 1;
                }
                case 3 -> {                               // literal 00 and FF among cut bytes
                    int r = random.nextInt(4);
                    pattern[i] = (byte) (r == 0 ? 0 : r == 1 ? 0xFF : cut);
                }
                default -> {                              // mostly wildcards
                    pattern[i] = (byte) cut;
                    wildcard[i] = random.nextInt(4) != 0;
                }
            }
        }
        return new Signature(name, pattern, wildcard);
    }

    /** Writes the signature into {@code data} at {@code offset} and adds up to {@code sad} units of SAD. */
    static void plantNear(Signature signature, byte[] data, int offset, int sad, Random random) {
        RandomSignatures.plant(signature, data, offset, random);
        for (int left = sad; left > 0; ) {
            int i = random.nextInt(signature.length());
            int step = 1 + random.nextInt(Math.min(3, left));
            int b = data[offset + i] & 0xFF;
            int moved = b + step <= 255 ? b + step : b - step;
            data[offset + i] = (byte) moved;
            left -= step;
        }
    }
}
