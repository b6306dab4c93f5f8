package org.imbrex.kernels.shaders;

import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The source bytes one call of {@link Msad4Search} reads for a block of loop iterations, one byte per int,
 * as 16 planes shifted by 0..15 bytes, so that every window a lane loop reads starts at a multiple of 16
 * ints: HotSpot's superword pass vectorizes a loop only when all its array indices are the loop index
 * plus such a constant.
 * <pre>
 *   words     w0            w1            w2  …        buf_src[first + q]
 *   plane     b0 b1 b2 b3   b4 b5 b6 b7   b8 …         plane[n] = byte n%4 of word n/4
 *   plane(r)  plane[r], plane[r + 1], …                plane(r)[x] = plane[r + x]
 *
 *   byte s + o, s = 16·step + r  →  plane(r)[o + 16·step]     (step 0..7)
 * </pre>
 * Example: after {@code load(src, 0, 2)} with words {@code 0x44332211, 0x88776655}, {@code plane(5)[0]} is
 * 0x66 and {@code plane(0)[7]} is 0x88.
 */
final class ShiftedPlanes {
    /** Offsets of 16 ints a block spans: iterations 4·step .. 4·step + 3 read at offset 16·step. */
    static final int STEPS = 8;
    /** Loop iterations one load covers. */
    static final int BLOCK = 4 * STEPS;

    private final int[] words;
    private final int[][] planes = new int[16][];
    private final int length;

    /** Planes for calls of up to {@code maxLanes} threads. */
    ShiftedPlanes(int maxLanes) {
        this.words = new int[maxLanes + BLOCK];
        this.length = 4 * maxLanes + 16 * (STEPS - 1);
        planes[0] = new int[4 * words.length];
        for (int r = 1; r < 16; r++) {
            planes[r] = new int[length];
        }
    }

    /** Loads words {@code first .. first + count − 1} of {@code buf_src} (uint32 indices, 0 out of bounds). */
    void load(TypedBuffer bufSrc, int first, int count) {
        bufSrc.ldRange(first, words, count);
        int[] w = words;
        int[] p = planes[0];
        for (int q = 0; q < count; q++) {
            int word = w[q];
            p[4 * q] = word & 0xFF;
            p[4 * q + 1] = (word >>> 8) & 0xFF;
            p[4 * q + 2] = (word >>> 16) & 0xFF;
            p[4 * q + 3] = word >>> 24;
        }
        for (int r = 1; r < 16; r++) {
            System.arraycopy(p, r, planes[r], 0, Math.max(0, Math.min(length, 4 * count - r)));
        }
    }

    /** The plane shifted by {@code r} bytes (0..15); {@code plane(0)} holds every loaded byte. */
    int[] plane(int r) {
        return planes[r];
    }

    /** Length of the shifted planes: enough for the lanes' bytes at every step. */
    int length() {
        return length;
    }
}
