package org.imbrex.kernels.shaders;

import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.dispatch.NumThreads;
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
 * task thread: it keeps its lane registers between groups. Where the JVM has the vector API ({@link
 * LaneLoops#VECTOR}), the x-groups of one dy run as one register of 16-bit x-candidates ({@link
 * BlockMatchVectorLanes}), with the same stores in the same order.
 */
public final class Msad4BlockMatch implements GroupShader {
    /** Threads per group. */
    public static final int LANES = 64;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader msad4-block-match}. */
    public static final String NAME = "msad4-block-match";
    /** What a candidate outside the search window holds in every component. */
    public static final int NO_SCORE = 0xFFFFFFFF;

    private final BlockMatchLanes lanes;
    private final int[] candidates = new int[LANES];

    /** The shader, its lane loops in this JVM's {@link LaneLoops#active()} form. */
    public Msad4BlockMatch() {
        this(LaneLoops.active());
    }

    /** The shader with the given lane loops ({@link LaneLoops#VECTOR} needs the module {@code jdk.incubator.vector}). */
    public Msad4BlockMatch(LaneLoops loops) {
        this.lanes = new BlockMatchLanes(loops, true);
    }

    /** The form this instance's lane loops take. */
    public LaneLoops laneLoops() {
        return lanes.laneLoops();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public NumThreads numThreads() {
        return NUM_THREADS;
    }

    @Override
    public void main(GroupContext group) {
        TypedBuffer curLuma = group.resources().typedBuffer(0);
        TypedBuffer prevLuma = group.resources().typedBuffer(1);
        RWBuffer candSad = group.resources().rwBuffer(0);
        BlockParams p = BlockParams.of(group.resources().constantBuffer(0));
        // uint c = DTid.x; if (c >= CANDIDATES) return;   lanes [0, active) go on
        int firstLane = group.dispatchThreadIdX(0);
        int active = (int) Math.max(0, Math.min(LANES,
                Integer.toUnsignedLong(p.candidates()) - Integer.toUnsignedLong(firstLane)));
        if (active == 0) {
            return;
        }
        for (int lane = 0; lane < active; lane++) {
            candidates[lane] = firstLane + lane;
        }
        lanes.score(p, curLuma, prevLuma, candSad, candidates, active, group.groupIdY(), group.groupIdZ());
    }
}
