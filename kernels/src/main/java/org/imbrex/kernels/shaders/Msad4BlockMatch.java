package org.imbrex.kernels.shaders;

import java.util.Arrays;
import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The msad4 block-matching shader ({@code Msad4BlockMatch.hlsl}) in Java, statement by statement, run
 * SIMT: every statement is a loop over the 64 lanes of the group.
 *
 * <pre>
 * Buffer&lt;uint&gt; cur_luma  : register(t0);   // frame n, rows from CUR_ROW0, 4 pixels per word
 * Buffer&lt;uint&gt; prev_luma : register(t1);   // frame n-1, rows from PREV_ROW0, same packing
 * RWBuffer&lt;uint4&gt; cand_sad : register(u0); // R32G32B32A32_UINT: SADs of x-candidates 4*word0 + 0..3
 * cbuffer Params : register(b0) {
 *     uint WIDTH, HEIGHT, BLOCK, RANGE;  uint PITCH, BAND_ROWS, BANDS, X_GROUPS;
 *     uint CUR_ROW0, PREV_ROW0, BLOCK_ROW0, CANDIDATES; };
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     uint c = DTid.x;  if (c &gt;= CANDIDATES) return;
 *     uint bx = DTid.y * BLOCK;  uint by = (BLOCK_ROW0 + DTid.z) * BLOCK;
 *     int dy = int(c / X_GROUPS) - int(RANGE);
 *     int word0 = int(bx / 4) - int((RANGE + 3) / 4) + int(c % X_GROUPS);
 *     ... inWindow, base, curWord, prevWord ...
 *     for (uint band = 0; band &lt; BANDS; band++) {
 *         uint4 accum = 0;
 *         for (r in band) for (k &lt; BLOCK / 4)
 *             accum = msad4(cur_luma[curWord + r*PITCH + k], uint2(prev_luma[src], prev_luma[src + 1]), accum);
 *         cand_sad[base + band] = inWindow ? accum : NO_SCORE;
 *     }
 * }
 * </pre>
 *
 * <p>Thread mapping. {@code Dispatch(ceil(CANDIDATES / 64), WIDTH / BLOCK, blockRows)}: group (gx, col, row)
 * scores block (col, BLOCK_ROW0 + row) against candidate lanes {@code 64·gx .. 64·gx + 63}. Lanes run
 * over (dy, x-group), x-group fastest, so the reference word of a step is the same for every lane (one
 * scalar load, one set of msad4 masks) and only the source words differ:
 * <pre>
 *   BLOCK 16, RANGE 7: X_GROUPS = ceil(7/4) + floor(7/4) + 1 = 4, CANDIDATES = 15 · 4 = 60
 *
 *                    x-group 0       x-group 1       x-group 2       x-group 3
 *   previous frame   bx-8 .. bx-5    bx-4 .. bx-1    bx .. bx+3      bx+4 .. bx+7     (x of the candidate)
 *   dy = -7          lane 0          lane 1          lane 2          lane 3
 *   dy = -6          lane 4          lane 5          lane 6          lane 7
 *   ...
 *   dy = +7          lane 56         lane 57         lane 58         lane 59          (lanes 60..63 idle)
 *
 *   lane 6 (dy = -6, x-group 2), component k scores the block against the one at (bx + k, by - 6);
 *   dx = -8 (lane 0.x) lies outside the ±7 window and is stored as NO_SCORE.
 * </pre>
 * Example: a 16×16 frame pair, BLOCK 16, RANGE 0: one group, one lane, and {@code cand_sad[0].x} is the
 * SAD of the two frames over their non-zero current pixels; {@code .yzw} are NO_SCORE. One instance per
 * task thread: it keeps its lane registers between groups.
 */
public final class Msad4BlockMatch implements GroupShader {
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(64, 1, 1);
    /** Threads per group. */
    public static final int LANES = 64;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader msad4-block-match}. */
    public static final String NAME = "msad4-block-match";
    /** What a candidate outside the search window holds in every component. */
    public static final int NO_SCORE = 0xFFFFFFFF;

    private final int[] prevWord = new int[LANES];
    private final int[] base = new int[LANES];
    private final int[] keepX = new int[LANES];
    private final int[] keepY = new int[LANES];
    private final int[] keepZ = new int[LANES];
    private final int[] keepW = new int[LANES];
    private final int[] srcX = new int[LANES];
    private final int[] srcY = new int[LANES];
    private final int[] accumX = new int[LANES];
    private final int[] accumY = new int[LANES];
    private final int[] accumZ = new int[LANES];
    private final int[] accumW = new int[LANES];

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public NumThreads numThreads() {
        return NUM_THREADS;
    }

    /** The constant buffer {@code cb0} in register order. */
    private record Params(int width, int height, int block, int range, int pitch, int bandRows, int bands,
            int xGroups, int curRow0, int prevRow0, int blockRow0, int candidates) {
        static Params of(ConstantBuffer cb) {
            return new Params(cb.get(0, 0), cb.get(0, 1), cb.get(0, 2), cb.get(0, 3), cb.get(1, 0), cb.get(1, 1),
                    cb.get(1, 2), cb.get(1, 3), cb.get(2, 0), cb.get(2, 1), cb.get(2, 2), cb.get(2, 3));
        }
    }

    @Override
    public void main(GroupContext group) {
        TypedBuffer curLuma = group.resources().typedBuffer(0);
        TypedBuffer prevLuma = group.resources().typedBuffer(1);
        RWBuffer candSad = group.resources().rwBuffer(0);
        Params p = Params.of(group.resources().constantBuffer(0));
        // uint c = DTid.x; if (c >= CANDIDATES) return;   lanes [0, active) go on
        int firstLane = group.dispatchThreadIdX()[0];
        int active = (int) Math.max(0, Math.min(LANES,
                Integer.toUnsignedLong(p.candidates()) - Integer.toUnsignedLong(firstLane)));
        if (active == 0) {
            return;
        }
        // uint bx = DTid.y * BLOCK;  uint by = (BLOCK_ROW0 + DTid.z) * BLOCK;   (numthreads y = z = 1)
        int bx = group.groupIdY() * p.block();
        int by = (p.blockRow0() + group.groupIdZ()) * p.block();
        setUpLanes(p, firstLane, active, bx, by, group.groupIdY(), group.groupIdZ());
        int curWord = (by - p.curRow0()) * p.pitch() + (bx >>> 2);
        boolean direct = sourceInBounds(p, prevLuma, active);
        for (int band = 0; band < p.bands(); band++) {
            // uint4 accum = uint4(0, 0, 0, 0);
            Arrays.fill(accumX, 0);
            Arrays.fill(accumY, 0);
            Arrays.fill(accumZ, 0);
            Arrays.fill(accumW, 0);
            for (int r = band * p.bandRows(); r < (band + 1) * p.bandRows(); r++) {
                for (int k = 0; Integer.compareUnsigned(k, p.block() >>> 2) < 0; k++) {
                    int reference = curLuma.ldX(curWord + r * p.pitch() + k);
                    if (reference == 0) {
                        continue; // msad4 masks every byte of a zero reference: accum stays as it is
                    }
                    loadSourceLanes(prevLuma, r * p.pitch() + k, active, direct);
                    msad4Lanes(reference);
                }
            }
            // cand_sad[base + band] = inWindow ? accum : NO_SCORE;
            for (int lane = 0; lane < active; lane++) {
                candSad.storeUint4(base[lane] + band, select(keepX[lane], accumX[lane]),
                        select(keepY[lane], accumY[lane]), select(keepZ[lane], accumZ[lane]),
                        select(keepW[lane], accumW[lane]));
            }
        }
    }

    /** The per-lane statements before the band loop: dy, word0, py, px, inWindow, base and prevWord. */
    private void setUpLanes(Params p, int firstLane, int active, int bx, int by, int blockCol, int blockRow) {
        int xMax = (udiv(p.width(), p.block()) - 1) * p.block();
        int yMax = (udiv(p.height(), p.block()) - 1) * p.block();
        int blocksX = udiv(p.width(), p.block());
        for (int lane = 0; lane < active; lane++) {
            int c = firstLane + lane;
            int dy = udiv(c, p.xGroups()) - p.range();
            int word0 = (bx >>> 2) - ((p.range() + 3) >>> 2) + urem(c, p.xGroups());
            int py = by + dy;
            boolean rowInWindow = py >= 0 && py <= yMax;
            keepX[lane] = inWindow(rowInWindow, 4 * word0, bx, xMax, p.range());
            keepY[lane] = inWindow(rowInWindow, 4 * word0 + 1, bx, xMax, p.range());
            keepZ[lane] = inWindow(rowInWindow, 4 * word0 + 2, bx, xMax, p.range());
            keepW[lane] = inWindow(rowInWindow, 4 * word0 + 3, bx, xMax, p.range());
            base[lane] = ((blockRow * blocksX + blockCol) * p.candidates() + c) * p.bands();
            prevWord[lane] = (py - p.prevRow0()) * p.pitch() + word0;
        }
        // Idle lanes gather what lane 0 gathers, so the SIMT loads stay in bounds; they never store.
        Arrays.fill(prevWord, active, LANES, prevWord[0]);
    }

    private static int inWindow(boolean rowInWindow, int px, int bx, int xMax, int range) {
        return rowInWindow && px >= 0 && px <= xMax && Math.abs(px - bx) <= range ? -1 : 0;
    }

    /** HLSL {@code uint / uint} (SM5 {@code udiv}): a zero divisor gives 0xFFFFFFFF. */
    private static int udiv(int dividend, int divisor) {
        return divisor == 0 ? -1 : Integer.divideUnsigned(dividend, divisor);
    }

    /** HLSL {@code uint % uint}: the remainder of {@code udiv}, 0xFFFFFFFF for a zero divisor. */
    private static int urem(int dividend, int divisor) {
        return divisor == 0 ? -1 : Integer.remainderUnsigned(dividend, divisor);
    }

    private static int select(int keep, int accum) {
        return keep != 0 ? accum : NO_SCORE;
    }

    /** True when every source word the active lanes read lies inside t1, so no lane needs the bounds rule. */
    private boolean sourceInBounds(Params p, TypedBuffer prevLuma, int active) {
        if (prevLuma.isUnbound()) {
            return false;
        }
        long lowest = Long.MAX_VALUE;
        long highest = Long.MIN_VALUE;
        for (int lane = 0; lane < active; lane++) {
            lowest = Math.min(lowest, prevWord[lane]);
            highest = Math.max(highest, prevWord[lane]);
        }
        long rows = (long) p.bands() * p.bandRows();
        long lastRead = highest + (rows - 1) * p.pitch() + (p.block() >>> 2);
        return lowest >= 0 && lastRead < prevLuma.numElements();
    }

    /** {@code uint2(prev_luma[src], prev_luma[src + 1])} for every lane, {@code src = prevWord + offset}. */
    private void loadSourceLanes(TypedBuffer prevLuma, int offset, int active, boolean direct) {
        if (direct) {
            int[] words = prevLuma.words();
            for (int lane = 0; lane < LANES; lane++) {
                int src = prevWord[lane] + offset;
                srcX[lane] = words[src];
                srcY[lane] = words[src + 1];
            }
            return;
        }
        for (int lane = 0; lane < LANES; lane++) {
            int src = prevWord[lane] + offset;
            srcX[lane] = prevLuma.ldX(src);
            srcY[lane] = prevLuma.ldX(src + 1);
        }
    }

    /**
     * {@code msad4} for all lanes with wrapping sums (the window sums here never pass 65535). Window k
     * compares reference byte j with source byte k + j; a zero reference byte is masked by an all-zero
     * mask, uniform across lanes, so the loop has no branch.
     */
    private void msad4Lanes(int reference) {
        int r0 = reference & 0xFF;
        int r1 = (reference >>> 8) & 0xFF;
        int r2 = (reference >>> 16) & 0xFF;
        int r3 = reference >>> 24;
        int m0 = r0 == 0 ? 0 : -1;
        int m1 = r1 == 0 ? 0 : -1;
        int m2 = r2 == 0 ? 0 : -1;
        int m3 = r3 == 0 ? 0 : -1;
        // One loop per component keeps each loop small enough for C2 to vectorize.
        for (int lane = 0; lane < LANES; lane++) {
            int x = srcX[lane];
            accumX[lane] += (Math.abs(r0 - (x & 0xFF)) & m0) + (Math.abs(r1 - ((x >>> 8) & 0xFF)) & m1)
                    + (Math.abs(r2 - ((x >>> 16) & 0xFF)) & m2) + (Math.abs(r3 - (x >>> 24)) & m3);
        }
        for (int lane = 0; lane < LANES; lane++) {
            int x = srcX[lane];
            int y = srcY[lane];
            accumY[lane] += (Math.abs(r0 - ((x >>> 8) & 0xFF)) & m0) + (Math.abs(r1 - ((x >>> 16) & 0xFF)) & m1)
                    + (Math.abs(r2 - (x >>> 24)) & m2) + (Math.abs(r3 - (y & 0xFF)) & m3);
        }
        for (int lane = 0; lane < LANES; lane++) {
            int x = srcX[lane];
            int y = srcY[lane];
            accumZ[lane] += (Math.abs(r0 - ((x >>> 16) & 0xFF)) & m0) + (Math.abs(r1 - (x >>> 24)) & m1)
                    + (Math.abs(r2 - (y & 0xFF)) & m2) + (Math.abs(r3 - ((y >>> 8) & 0xFF)) & m3);
        }
        for (int lane = 0; lane < LANES; lane++) {
            int x = srcX[lane];
            int y = srcY[lane];
            accumW[lane] += (Math.abs(r0 - (x >>> 24)) & m0) + (Math.abs(r1 - (y & 0xFF)) & m1)
                    + (Math.abs(r2 - ((y >>> 8) & 0xFF)) & m2) + (Math.abs(r3 - ((y >>> 16) & 0xFF)) & m3);
        }
    }

}
