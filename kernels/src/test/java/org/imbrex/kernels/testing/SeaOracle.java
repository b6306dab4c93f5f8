package org.imbrex.kernels.testing;

import org.imbrex.kernels.dispatch.Dispatch;

/**
 * {@code SeaBound.hlsl} and {@code SeaSelect.hlsl} run the plain way: {@code main} transliterated to scalar
 * Java, one call per thread, loads past a buffer's end reading 0 (spec §3), stores past a UAV's end dropped
 * (§4.1), uint arithmetic wrapping. The reference both shaders' Java and assembly forms are held to.
 *
 * <p>Example: one 4×4 block of 10s, RANGE 0, LEVEL 2, against a previous frame of 12s: thread 0 stores the
 * bound |160 − 192| = 32 in .x and NO_SCORE (outside ±0) in .yzw.
 */
public final class SeaOracle {
    private static final int NO_SCORE = 0xFFFFFFFF;

    private SeaOracle() {
    }

    /** Every thread of SeaBound's Dispatch into {@code candBound} (4 words an element). */
    public static void bound(SeaCase c, int[] candBound) {
        int[] cb = c.cb0();
        int[] curSat = c.sat(c.frames().cur());
        int[] prevSat = c.sat(c.frames().prev());
        Dispatch d = c.boundDispatch();
        for (int gy = 0; gy < d.groupsY(); gy++) {
            for (int gx = 0; gx < d.groupsX(); gx++) {
                for (int tx = 0; tx < BlockMatchCase.LANES; tx++) {
                    boundMain(cb, curSat, prevSat, c.best(), c.extra(), candBound, gx, gy, tx);
                }
            }
        }
    }

    /** {@code void main(uint3 Gid : SV_GroupID, uint3 GTid : SV_GroupThreadID)} for one thread. */
    static void boundMain(int[] cb, int[] curSat, int[] prevSat, int[] best, int[] prior, int[] candBound, int gidX,
            int gidY, int gtidX) {
        final int WIDTH = cb[0], HEIGHT = cb[1], BLOCK = cb[2], RANGE = cb[3];
        final int X_GROUPS = cb[7], PREV_ROW0 = cb[9], BLOCK_ROW0 = cb[10], CANDIDATES = cb[11];
        final int IPITCH = cb[12], LEVEL = cb[13], MIN_LEVEL = cb[14], MODE = cb[15];
        int groupsPerBlock = (CANDIDATES + 63) >>> 6;
        int blockCol = udiv(gidX, groupsPerBlock);
        int c = urem(gidX, groupsPerBlock) * 64 + gtidX;
        if (Integer.compareUnsigned(c, CANDIDATES) >= 0) {
            return;
        }
        int bx = blockCol * BLOCK;
        int by = (BLOCK_ROW0 + gidY) * BLOCK;
        int dy = udiv(c, X_GROUPS) - RANGE;
        int word0 = (bx >>> 2) - ((RANGE + 3) >>> 2) + urem(c, X_GROUPS);
        int py = by + dy;
        int xMax = (udiv(WIDTH, BLOCK) - 1) * BLOCK;
        int yMax = (udiv(HEIGHT, BLOCK) - 1) * BLOCK;
        int[] px = new int[4];
        boolean[] inWindow = new boolean[4];
        int[] rank = new int[4];
        for (int k = 0; k < 4; k++) {
            px[k] = 4 * word0 + k;
            inWindow[k] = px[k] >= 0 && px[k] <= xMax && Math.abs(px[k] - bx) <= RANGE && py >= 0 && py <= yMax;
            rank[k] = dy == 0 && px[k] == bx ? 0 : 1 + (dy + RANGE) * (2 * RANGE + 1) + (px[k] - bx + RANGE);
        }
        int block = gidY * udiv(WIDTH, BLOCK) + blockCol;
        int sadBest = ld(best, 2 * block);
        int rankBest = ld(best, 2 * block + 1);
        int level = LEVEL;
        int[] bound = new int[4];
        if (MODE == 1) {
            int e = 4 * (block * CANDIDATES + c);
            for (int k = 0; k < 4; k++) {
                bound[k] = ld(prior, e + k);
            }
        } else {
            bound = levelBound(cb, curSat, prevSat, bx, by, px, py, level);
        }
        while (Integer.compareUnsigned(level, MIN_LEVEL) > 0 && anyMayWin(inWindow, bound, rank, sadBest, rankBest)) {
            level--;
            bound = levelBound(cb, curSat, prevSat, bx, by, px, py, level);
        }
        int element = block * CANDIDATES + c;
        if (Integer.compareUnsigned(element, candBound.length / 4) < 0) {
            for (int k = 0; k < 4; k++) {
                candBound[4 * element + k] = inWindow[k] ? bound[k] : NO_SCORE;
            }
        }
    }

    private static boolean anyMayWin(boolean[] inWindow, int[] bound, int[] rank, int sadBest, int rankBest) {
        boolean any = false;
        for (int k = 0; k < 4; k++) {
            any |= inWindow[k] && mayWin(bound[k], rank[k], sadBest, rankBest);
        }
        return any;
    }

    private static boolean mayWin(int bound, int rank, int sadBest, int rankBest) {
        return Integer.compareUnsigned(bound, sadBest) < 0
                || bound == sadBest && Integer.compareUnsigned(rank, rankBest) < 0;
    }

    private static int[] levelBound(int[] cb, int[] curSat, int[] prevSat, int bx, int by, int[] px, int py,
            int level) {
        final int BLOCK = cb[2], PREV_ROW0 = cb[9], IPITCH = cb[12];
        int s = 1 << level;
        int n = BLOCK >>> level;
        int[] bound = new int[4];
        for (int i = 0; Integer.compareUnsigned(i, n) < 0; i++) {
            for (int j = 0; Integer.compareUnsigned(j, n) < 0; j++) {
                int cur = box(curSat, IPITCH, bx + j * s, by + i * s - PREV_ROW0, s);
                int y = py + i * s - PREV_ROW0;
                for (int k = 0; k < 4; k++) {
                    int prev = box(prevSat, IPITCH, px[k] + j * s, y, s);
                    bound[k] += Math.abs(cur - prev);
                }
            }
        }
        return bound;
    }

    private static int box(int[] sat, int ipitch, int x, int y, int s) {
        return ld(sat, (y + s) * ipitch + x + s) - ld(sat, y * ipitch + x + s) - ld(sat, (y + s) * ipitch + x)
                + ld(sat, y * ipitch + x);
    }

    /** Every thread of SeaSelect's Dispatch into {@code lanes} and {@code laneCount} (1 word an element). */
    public static void select(SeaCase c, int[] lanes, int[] laneCount) {
        int[] cb = c.cb0();
        Dispatch d = c.selectDispatch();
        for (int gy = 0; gy < d.groupsY(); gy++) {
            for (int gx = 0; gx < d.groupsX(); gx++) {
                for (int tx = 0; tx < BlockMatchCase.LANES; tx++) {
                    selectMain(cb, c.extra(), c.best(), lanes, laneCount, gx * BlockMatchCase.LANES + tx, gy);
                }
            }
        }
    }

    static void selectMain(int[] cb, int[] candBound, int[] best, int[] lanes, int[] laneCount, int dtidX,
            int dtidY) {
        final int WIDTH = cb[0], BLOCK = cb[2], RANGE = cb[3], X_GROUPS = cb[7], CANDIDATES = cb[11], MODE = cb[15];
        int col = dtidX;
        if (Integer.compareUnsigned(col, udiv(WIDTH, BLOCK)) >= 0) {
            return;
        }
        int block = dtidY * udiv(WIDTH, BLOCK) + col;
        int first = block * CANDIDATES;
        int zeroLane = RANGE * X_GROUPS + ((RANGE + 3) >>> 2);
        int count = 0;
        if (MODE == 0) {
            int low = ld(candBound, 4 * (first + zeroLane));
            int lowLane = zeroLane;
            for (int cand = 0; Integer.compareUnsigned(cand, CANDIDATES) < 0; cand++) {
                for (int k = 0; k < 4; k++) {
                    int b = ld(candBound, 4 * (first + cand) + k);
                    if (Integer.compareUnsigned(b, low) < 0) {
                        low = b;
                        lowLane = cand;
                    }
                }
            }
            store(lanes, first, lowLane);
            count = 1;
        } else {
            int bx = col * BLOCK;
            int sadBest = ld(best, 2 * block);
            int rankBest = ld(best, 2 * block + 1);
            for (int cand = 0; Integer.compareUnsigned(cand, CANDIDATES) < 0; cand++) {
                int dy = udiv(cand, X_GROUPS) - RANGE;
                int word0 = (bx >>> 2) - ((RANGE + 3) >>> 2) + urem(cand, X_GROUPS);
                boolean keep = false;
                for (int k = 0; k < 4; k++) {
                    int px = 4 * word0 + k;
                    int b = ld(candBound, 4 * (first + cand) + k);
                    int rank = dy == 0 && px == bx ? 0 : 1 + ((dy + RANGE) * (2 * RANGE + 1) + px - bx + RANGE);
                    keep = keep || b != NO_SCORE && rank != rankBest && mayWin(b, rank, sadBest, rankBest);
                }
                if (keep) {
                    store(lanes, first + count, cand);
                    count++;
                }
            }
        }
        store(laneCount, block, count);
    }

    private static void store(int[] uav, int index, int value) {
        if (Integer.compareUnsigned(index, uav.length) < 0) {
            uav[index] = value;
        }
    }

    private static int ld(int[] words, int index) {
        return words != null && Integer.compareUnsigned(index, words.length) < 0 ? words[index] : 0;
    }

    private static int udiv(int dividend, int divisor) {
        return divisor == 0 ? -1 : Integer.divideUnsigned(dividend, divisor);
    }

    private static int urem(int dividend, int divisor) {
        return divisor == 0 ? -1 : Integer.remainderUnsigned(dividend, divisor);
    }
}
