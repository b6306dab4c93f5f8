package org.imbrex.kernels.asm;

/**
 * The checksum in a DXBC container's header: MD5's compression function over the bytes after the checksum
 * field, with a final block of DXBC's own instead of MD5's padding (as vkd3d's {@code
 * vkd3d_compute_dxbc_checksum} and the D3D compilers compute it).
 *
 * <pre>
 *   hashed   bytes 0x14 .. end (everything after 'DXBC' and the checksum), L bytes; whole 64-byte blocks first
 *   then, r = L mod 64 bytes left over, bits = 8·L (32 bits), tail = (bits &gt;&gt; 2) | 1:
 *     r &lt; 56:   one block   [bits][the r bytes][0x80][zeros …][tail]               (tail in bytes 60..63)
 *     r ≥ 56:   two blocks  [the r bytes][0x80][zeros …]   then   [bits][zeros …][tail]
 *   checksum  MD5's four state words a, b, c, d, stored little-endian at 0x04, 0x08, 0x0c, 0x10
 * </pre>
 * Example: for every container vkd3d-compiler writes, {@code DxbcChecksum.of(bytes)} equals the four
 * words at 0x04..0x13.
 */
final class DxbcChecksum {
    /** Bytes before the hashed part: the magic and the checksum itself. */
    static final int SKIPPED = 20;

    private static final int[] SHIFTS = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};
    /** RFC 1321's table: floor(2^32 · |sin(i + 1)|). */
    private static final int[] K = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee,
        0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
        0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa,
        0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
        0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05,
        0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039,
        0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
        0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391
    };

    private DxbcChecksum() {
    }

    /** The checksum of a container (at least {@link #SKIPPED} bytes), as four words. */
    static int[] of(byte[] container) {
        int[] state = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
        int length = container.length - SKIPPED;
        int full = length - length % 64;
        int[] block = new int[16];
        for (int at = 0; at < full; at += 64) {
            for (int w = 0; w < 16; w++) {
                block[w] = word(container, SKIPPED + at + 4 * w);
            }
            transform(state, block);
        }
        int leftover = length - full;
        int bits = length * 8;
        int tail = (bits >>> 2) | 1;
        byte[] last = new byte[64];
        if (leftover >= 56) {
            System.arraycopy(container, SKIPPED + full, last, 0, leftover);
            last[leftover] = (byte) 0x80;
            transform(state, words(last));
            last = new byte[64];
            put(last, 0, bits);
            put(last, 60, tail);
            transform(state, words(last));
        } else {
            put(last, 0, bits);
            System.arraycopy(container, SKIPPED + full, last, 4, leftover);
            last[4 + leftover] = (byte) 0x80;
            put(last, 60, tail);
            transform(state, words(last));
        }
        return state;
    }

    /** True when the four words at 0x04 are {@link #of} the container. */
    static boolean matches(byte[] container) {
        int[] expected = of(container);
        for (int i = 0; i < 4; i++) {
            if (word(container, 4 + 4 * i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    /** Writes {@link #of} into the header (for tests that patch a container). */
    static void sign(byte[] container) {
        int[] checksum = of(container);
        for (int i = 0; i < 4; i++) {
            put(container, 4 + 4 * i, checksum[i]);
        }
    }

    /** The 32 hex digits of the checksum, as the header's bytes read. */
    static String hex(int[] words) {
        StringBuilder text = new StringBuilder();
        for (int w : words) {
            text.append(String.format("%08x", Integer.reverseBytes(w)));
        }
        return text.toString();
    }

    static int word(byte[] bytes, int at) {
        return (bytes[at] & 0xFF) | (bytes[at + 1] & 0xFF) << 8 | (bytes[at + 2] & 0xFF) << 16
                | (bytes[at + 3] & 0xFF) << 24;
    }

    private static void put(byte[] bytes, int at, int value) {
        bytes[at] = (byte) value;
        bytes[at + 1] = (byte) (value >>> 8);
        bytes[at + 2] = (byte) (value >>> 16);
        bytes[at + 3] = (byte) (value >>> 24);
    }

    private static int[] words(byte[] block) {
        int[] w = new int[16];
        for (int i = 0; i < 16; i++) {
            w[i] = word(block, 4 * i);
        }
        return w;
    }

    /** MD5's compression function (RFC 1321 §3.4) on one 16-word block. */
    private static void transform(int[] state, int[] m) {
        int a = state[0];
        int b = state[1];
        int c = state[2];
        int d = state[3];
        for (int i = 0; i < 64; i++) {
            int f;
            int g;
            int round = i >>> 4;
            switch (round) {
                case 0 -> {
                    f = (b & c) | (~b & d);
                    g = i;
                }
                case 1 -> {
                    f = (d & b) | (~d & c);
                    g = (5 * i + 1) & 15;
                }
                case 2 -> {
                    f = b ^ c ^ d;
                    g = (3 * i + 5) & 15;
                }
                default -> {
                    f = c ^ (b | ~d);
                    g = (7 * i) & 15;
                }
            }
            int rotated = Integer.rotateLeft(a + f + K[i] + m[g], SHIFTS[4 * round + (i & 3)]);
            a = d;
            d = c;
            c = b;
            b = b + rotated;
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
    }
}
