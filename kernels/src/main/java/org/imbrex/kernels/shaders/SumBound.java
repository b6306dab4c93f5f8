package org.imbrex.kernels.shaders;

import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The sum bound shader ({@code SumBound.hlsl}) in Java: for chosen tile words, a lower bound of the SAD at
 * their four offsets from run sums, so that msad4 need not score offsets that cannot reach the limit.
 *
 * <pre>
 * Buffer&lt;uint&gt; buf_prefix : register(t0);   // tile prefix sums: P[n] = b[0] + … + b[n − 1]
 * Buffer&lt;uint&gt; buf_runs : register(t1);     // 3 words per run: first position, end position, Σ signature bytes
 * Buffer&lt;uint&gt; buf_at : register(t2);       // per thread: the tile word its four offsets start at
 * RWBuffer&lt;uint4&gt; buf_bound : register(u0); // R32G32B32A32_UINT: the bound at byte offsets 4·buf_at[x] + 0..3
 * cbuffer Params : register(b0) { uint RUNS; };
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     uint4 o = 4 * buf_at[DTid.x] + uint4(0, 1, 2, 3);
 *     int4 bound = {0, 0, 0, 0};
 *     for (uint r = 0; r &lt; RUNS; r++) {
 *         uint first = buf_runs[3 * r]; uint end = buf_runs[3 * r + 1]; int sum = buf_runs[3 * r + 2];
 *         uint4 e = o + end; uint4 f = o + first;
 *         int4 data = int4(buf_prefix[e.x] - buf_prefix[f.x], …, buf_prefix[e.w] - buf_prefix[f.w]);
 *         bound += abs(data - sum);
 *     }
 *     buf_bound[DTid.x] = bound;
 * }
 * </pre>
 * Why it bounds: for a run R = [first, end) of literal positions,
 * <pre>
 *   |Σ_R data[o + j] − Σ_R sig[j]|  ≤  Σ_R |data[o + j] − sig[j]|        (triangle inequality)
 *   Σ_R data[o + j] = P[o + end] − P[o + first]                          (prefix sums: O(1) per run)
 *   Σ over disjoint runs of the left side  ≤  SAD(o)
 * </pre>
 * Example: run [0, 2) with sum 0x4D + 0x5A = 167 against data bytes 4C 5A gives |166 − 167| = 1 ≤ the SAD 1.
 * All arithmetic wraps modulo 2^32 as HLSL's does ({@code abs} of −2^31 is −2^31); loads past a buffer
 * read 0 (spec §3). Threads are few and independent, so each runs as a plain loop.
 */
public final class SumBound implements GroupShader {
    /** Threads per group. */
    public static final int LANES = 64;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** Groups one call runs. */
    public static final int GROUPS_PER_CALL = 16;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader sum-bound}. */
    public static final String NAME = "sum-bound";

    private static final int MAX_LANES = LANES * GROUPS_PER_CALL;

    private final int[] at = new int[MAX_LANES];
    private final int[] bound = new int[4 * MAX_LANES];
    private int[] runs = new int[48];

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public NumThreads numThreads() {
        return NUM_THREADS;
    }

    @Override
    public int groupsPerCall() {
        return GROUPS_PER_CALL;
    }

    /** The four bounds of thread word {@code o / 4} into {@code bound[x, x + 4)}, every load in bounds. */
    private void boundsOf(int[] p, int o, int count, int x) {
        int b0 = 0;
        int b1 = 0;
        int b2 = 0;
        int b3 = 0;
        for (int r = 0; r < count; r++) {
            int first = o + runs[3 * r];
            int end = o + runs[3 * r + 1];
            int sum = runs[3 * r + 2];
            b0 += Math.abs(p[end] - p[first] - sum);
            b1 += Math.abs(p[end + 1] - p[first + 1] - sum);
            b2 += Math.abs(p[end + 2] - p[first + 2] - sum);
            b3 += Math.abs(p[end + 3] - p[first + 3] - sum);
        }
        bound[x] = b0;
        bound[x + 1] = b1;
        bound[x + 2] = b2;
        bound[x + 3] = b3;
    }

    /** The same through {@code ld}: loads out of bounds read 0. */
    private void boundsOf(TypedBuffer p, int o, int count, int x) {
        int b0 = 0;
        int b1 = 0;
        int b2 = 0;
        int b3 = 0;
        for (int r = 0; r < count; r++) {
            int first = runs[3 * r];
            int end = runs[3 * r + 1];
            int sum = runs[3 * r + 2];
            b0 += Math.abs(p.ldX(o + end) - p.ldX(o + first) - sum);
            b1 += Math.abs(p.ldX(o + 1 + end) - p.ldX(o + 1 + first) - sum);
            b2 += Math.abs(p.ldX(o + 2 + end) - p.ldX(o + 2 + first) - sum);
            b3 += Math.abs(p.ldX(o + 3 + end) - p.ldX(o + 3 + first) - sum);
        }
        bound[x] = b0;
        bound[x + 1] = b1;
        bound[x + 2] = b2;
        bound[x + 3] = b3;
    }

    @Override
    public void main(GroupContext group) {
        TypedBuffer bufPrefix = group.resources().typedBuffer(0);
        TypedBuffer bufRuns = group.resources().typedBuffer(1);
        TypedBuffer bufAt = group.resources().typedBuffer(2);
        RWBuffer bufBound = group.resources().rwBuffer(0);
        long runCount = Integer.toUnsignedLong(group.resources().constantBuffer(0).word(0));
        int lanes = group.lanes();
        int firstThread = group.dispatchThreadIdX(0);
        // Runs past buf_runs read (0, 0, 0): data 0 − sum 0 adds nothing.
        int count = (int) Math.min(runCount, (bufRuns.numElements() + 2) / 3);
        if (runs.length < 3 * count) {
            runs = new int[3 * count];
        }
        for (int i = 0; i < 3 * count; i++) {
            runs[i] = bufRuns.ldX(i);
        }
        bufAt.ldRange(firstThread, at, lanes);
        long lastEnd = 0;
        for (int r = 0; r < count; r++) {
            lastEnd = Math.max(lastEnd, Math.max(Integer.toUnsignedLong(runs[3 * r]),
                    Integer.toUnsignedLong(runs[3 * r + 1])));
        }
        // A word view read in bounds is its array: the loads need no bounds test (the slow path has them).
        int[] prefix = bufPrefix.hasWords() ? bufPrefix.words() : null;
        long inBounds = Integer.toUnsignedLong(bufPrefix.numElements()) - 3 - lastEnd;
        for (int lane = 0; lane < lanes; lane++) {
            int o = 4 * at[lane];
            int x = 4 * lane;
            if (lane > 0 && at[lane] == at[lane - 1]) {
                // The same offsets as the lane before, so the same bounds: the lanes past buf_at's end all
                // read at = 0 (spec §3), and a Dispatch of a few candidates is mostly such lanes.
                System.arraycopy(bound, x - 4, bound, x, 4);
                continue;
            }
            if (prefix != null && o >= 0 && o < inBounds) {
                boundsOf(prefix, o, count, x);
            } else {
                boundsOf(bufPrefix, o, count, x);
            }
        }
        // buf_bound[DTid.x] = bound;
        bufBound.storeUint4Lanes(firstThread, bound, lanes);
    }
}
