package org.imbrex.kernels.testing;

import java.util.Arrays;
import org.imbrex.kernels.dispatch.Dispatch;

/**
 * {@code Msad4BlockMatch.hlsl} run the plain way: {@code main} transliterated to scalar Java and called once
 * per thread of the Dispatch, with {@code msad4} written from spec §1.2 (byte windows W_k) and §1.1 (a zero
 * reference byte is masked), sums wrapping (§1.4), loads past a buffer's end reading 0 (§3) and stores past
 * the UAV's end dropped (§4.1). No lanes, no hoisting, no shortcuts: the reference the shader's Java and
 * assembly forms are held to.
 *
 * <p>Example: a 16×16 frame pair, BLOCK 16, RANGE 0 is one thread, DTid (0, 0, 0); it writes words 0..3 of
 * {@code candSad}: the masked SAD of the frames in .x, 0xFFFFFFFF in .yzw (x = 1, 2, 3 is outside ±0).
 */
public final class BlockMatchOracle {
    private static final int NO_SCORE = 0xFFFFFFFF;

    private BlockMatchOracle() {
    }

    /** Runs every thread of the case's Dispatch, groups in x-fastest order, into {@code candSad} (4 words each). */
    public static void dispatch(BlockMatchCase c, int[] candSad) {
        int[] cb = c.cb0();
        int[] curLuma = c.curWords();
        int[] prevLuma = c.prevWords();
        Dispatch d = c.dispatch();
        for (int gz = 0; gz < d.groupsZ(); gz++) {
            for (int gy = 0; gy < d.groupsY(); gy++) {
                for (int gx = 0; gx < d.groupsX(); gx++) {
                    for (int tx = 0; tx < BlockMatchCase.LANES; tx++) {
                        main(cb, curLuma, prevLuma, candSad, gx * BlockMatchCase.LANES + tx, gy, gz);
                    }
                }
            }
        }
    }

    /**
     * What msad4-block-gather writes for lane lists: the dense Dispatch's elements of the {@code counts[b]}
     * lanes listed for block b ({@code lanes[b · CANDIDATES + i]}), {@code fill} in every other word of a UAV
     * of {@link BlockMatchCase#uavElements()}.
     */
    public static int[] gathered(BlockMatchCase c, int[] lanes, int[] counts, int fill) {
        int[] dense = new int[4 * c.uavElements()];
        dispatch(c, dense);
        int[] expected = new int[dense.length];
        Arrays.fill(expected, fill);
        int candidates = c.candidates();
        for (int b = 0; b < counts.length; b++) {
            for (int i = 0; i < counts[b]; i++) {
                int first = 4 * (b * candidates + lanes[b * candidates + i]) * c.bands();
                System.arraycopy(dense, first, expected, first, 4 * c.bands());
            }
        }
        return expected;
    }

    /** {@code void main(uint3 DTid : SV_DispatchThreadID)}; HLSL uint is a Java int read unsigned. */
    static void main(int[] cb, int[] curLuma, int[] prevLuma, int[] candSad, int dtidX, int dtidY, int dtidZ) {
        final int WIDTH = cb[0], HEIGHT = cb[1], BLOCK = cb[2], RANGE = cb[3];
        final int PITCH = cb[4], BAND_ROWS = cb[5], BANDS = cb[6], X_GROUPS = cb[7];
        final int CUR_ROW0 = cb[8], PREV_ROW0 = cb[9], BLOCK_ROW0 = cb[10], CANDIDATES = cb[11];
        int c = dtidX;
        if (Integer.compareUnsigned(c, CANDIDATES) >= 0) {
            return;
        }
        int bx = dtidY * BLOCK;
        int by = (BLOCK_ROW0 + dtidZ) * BLOCK;
        int dy = udiv(c, X_GROUPS) - RANGE;
        int word0 = (bx >>> 2) - ((RANGE + 3) >>> 2) + urem(c, X_GROUPS);
        int py = by + dy;
        int xMax = (udiv(WIDTH, BLOCK) - 1) * BLOCK;
        int yMax = (udiv(HEIGHT, BLOCK) - 1) * BLOCK;
        boolean[] inWindow = new boolean[4];
        for (int j = 0; j < 4; j++) {
            int px = 4 * word0 + j;
            inWindow[j] = px >= 0 && px <= xMax && Math.abs(px - bx) <= RANGE && py >= 0 && py <= yMax;
        }
        int base = ((dtidZ * udiv(WIDTH, BLOCK) + dtidY) * CANDIDATES + c) * BANDS;
        int curWord = (by - CUR_ROW0) * PITCH + (bx >>> 2);
        int prevWord = (py - PREV_ROW0) * PITCH + word0;
        for (int band = 0; Integer.compareUnsigned(band, BANDS) < 0; band++) {
            int[] accum = {0, 0, 0, 0};
            for (int r = band * BAND_ROWS; Integer.compareUnsigned(r, (band + 1) * BAND_ROWS) < 0; r++) {
                for (int k = 0; Integer.compareUnsigned(k, BLOCK >>> 2) < 0; k++) {
                    int src = prevWord + (r * PITCH + k);
                    accum = msad4(ld(curLuma, curWord + r * PITCH + k), ld(prevLuma, src), ld(prevLuma, src + 1),
                            accum);
                }
            }
            int element = base + band;
            if (Integer.compareUnsigned(element, candSad.length / 4) < 0) {
                for (int j = 0; j < 4; j++) {
                    candSad[4 * element + j] = inWindow[j] ? accum[j] : NO_SCORE;
                }
            }
        }
    }

    /** {@code Buffer<uint>[i]} on an R32_UINT view: 0 past the end, a negative int being a huge uint (§3). */
    private static int ld(int[] words, int index) {
        return Integer.compareUnsigned(index, words.length) < 0 ? words[index] : 0;
    }

    /** {@code msad4(reference, uint2(sx, sy), accum)}: component k compares with the window at byte k. */
    static int[] msad4(int reference, int sx, int sy, int[] accum) {
        int[] windows = {sx, (sy << 24) | (sx >>> 8), (sy << 16) | (sx >>> 16), (sy << 8) | (sx >>> 24)};
        int[] out = new int[4];
        for (int k = 0; k < 4; k++) {
            out[k] = msad(reference, windows[k], accum[k]);
        }
        return out;
    }

    private static int msad(int reference, int source, int accum) {
        int sum = accum;
        for (int i = 0; i < 32; i += 8) {
            int r = (reference >>> i) & 0xFF;
            if (r == 0) {
                continue;
            }
            sum += Math.abs(r - ((source >>> i) & 0xFF));
        }
        return sum;
    }

    private static int udiv(int dividend, int divisor) {
        return divisor == 0 ? -1 : Integer.divideUnsigned(dividend, divisor);
    }

    private static int urem(int dividend, int divisor) {
        return divisor == 0 ? -1 : Integer.remainderUnsigned(dividend, divisor);
    }
}
