package org.imbrex.kernels.shaders;

import java.util.Arrays;
import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.intrinsics.MsadOverflow;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The msad4 search shader ({@code Msad4Search.hlsl}), in Java, statement by statement, run SIMT: each
 * statement is a loop over the lanes, so HotSpot's superword pass turns it into vector code.
 *
 * <pre>
 * Buffer&lt;uint&gt; buf_ref : register(t0);      // signature, 4 bytes per word, 0x00 = masked byte
 * Buffer&lt;uint&gt; buf_src : register(t1);      // tile bytes as little-endian words
 * RWBuffer&lt;uint4&gt; buf_accum : register(u0); // R32G32B32A32_UINT: SAD at byte offsets 4x+0..4x+3
 * cbuffer Params : register(b0) { uint REF_SIZE; };
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     uint4 accum = {0, 0, 0, 0};
 *     for (uint i = 0; i &lt; REF_SIZE; i++)
 *         accum = msad4(buf_ref[i], uint2(buf_src[DTid.x + i], buf_src[DTid.x + i + 1]), accum);
 *     buf_accum[DTid.x] = accum;
 * }
 * </pre>
 * The groups share nothing, so one call runs up to {@link #GROUPS_PER_CALL} consecutive groups: their
 * lanes have consecutive {@code DTid.x}, and the lane loops get long enough to vectorize well. The lanes'
 * registers are laid out for the vector unit. {@code accum} of all lanes is one array in the UAV's own
 * order, so {@code buf_accum[DTid.x] = accum} is one bulk copy. The lanes read consecutive source words,
 * which the call loads once as a plane of bytes. Component k of {@code msad4} compares reference byte j
 * with source byte k + j of the lane's window, so for {@code o = 4·lane + k}:
 * <pre>
 *   plane      b0 b1 b2 b3 b4 …      byte n = byte n%4 of buf_src[DTid.x(lane 0) + n/4]
 *   accum[o]  += Σ_j |ref_j − plane[4i + o + j]|          (ref_j = byte j of buf_ref[i]; 0 is masked)
 *
 *   lane 0:  o = 0..3  windows at plane[4i + 0 .. 4i + 6]
 *   lane 63: o = 252..255           plane[4i + 252 .. 4i + 258]
 * </pre>
 * A reference byte 0 is masked for every lane alike, so its term reads a plane of zeros against 0 instead
 * of being masked per lane. Loads are uint32-indexed and read 0 out of bounds ({@link TypedBuffer#ldRange}).
 * The iterations of a block run in the order that reuses the {@link ShiftedPlanes} while they are in the
 * L1 cache; each lane only adds to its own {@code accum}, and sums modulo 2^32 (or saturating sums of
 * non-negative terms) do not depend on the order, so no bit changes.
 * Example: with {@code REF_SIZE = 1}, {@code buf_ref = {0xA100B2C3}}, {@code buf_src = {0xD7B0C372,
 * 0x4F57C2A3}}, thread 0 writes {@code (152, 4, 89, 109)} (the docs example with a zero accumulator).
 * One instance per task thread: it keeps its lane registers between calls. Where the JVM has the vector API
 * ({@link LaneLoops#VECTOR}), the wrapping loop runs in 16-bit lanes instead ({@link Msad4SearchVectorLanes}),
 * with the same stores.
 */
public final class Msad4Search implements GroupShader {
    /** Threads per group. */
    public static final int LANES = 64;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** Groups one call runs: 8 groups make lane loops of 2048 accumulators. */
    public static final int GROUPS_PER_CALL = 8;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader msad4-search}. */
    public static final String NAME = "msad4-search";

    private static final int MAX_LANES = LANES * GROUPS_PER_CALL;

    private final MsadOverflow overflow;
    /** The 16-bit vector form of the wrapping loop, or null where the superword loops run. */
    private final Msad4SearchVectorLanes vectorLanes;
    private final int[] accum = new int[4 * MAX_LANES];
    /** The superword loops' source planes (null in the vector form, which keeps its own). */
    private final ShiftedPlanes planes;
    /** The plane a masked term reads: with reference 0 its term is |0 − 0| = 0. */
    private final int[] zeros;
    private final int[] termReference = new int[4];
    private final int[][] termPlane = new int[4][];

    /** The shader with msad's usual wrapping sums. */
    public Msad4Search() {
        this(MsadOverflow.WRAP);
    }

    /** The shader with the given msad overflow rule, its loops in this JVM's {@link LaneLoops#active()} form. */
    public Msad4Search(MsadOverflow overflow) {
        this(overflow, LaneLoops.active());
    }

    /**
     * The shader with the given overflow rule and lane loops ({@link LaneLoops#VECTOR} needs the module
     * {@code jdk.incubator.vector}); the saturating rule always runs the superword loop.
     */
    public Msad4Search(MsadOverflow overflow, LaneLoops loops) {
        this.overflow = overflow;
        this.vectorLanes = loops == LaneLoops.VECTOR && overflow == MsadOverflow.WRAP
                ? new Msad4SearchVectorLanes(MAX_LANES) : null;
        this.planes = vectorLanes == null ? new ShiftedPlanes(MAX_LANES) : null;
        this.zeros = vectorLanes == null ? new int[planes.length()] : null;
    }

    /** The form this instance's lane loops take. */
    public LaneLoops laneLoops() {
        return vectorLanes != null ? LaneLoops.VECTOR : LaneLoops.SUPERWORD;
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
    public int groupsPerCall() {
        return GROUPS_PER_CALL;
    }

    @Override
    public void main(GroupContext group) {
        TypedBuffer bufRef = group.resources().typedBuffer(0);
        TypedBuffer bufSrc = group.resources().typedBuffer(1);
        RWBuffer bufAccum = group.resources().rwBuffer(0);
        long refSize = Integer.toUnsignedLong(group.resources().constantBuffer(0).word(0));
        int lanes = group.lanes();
        int firstThread = group.dispatchThreadIdX(0);
        if (vectorLanes != null) {
            vectorLanes.run(bufRef, bufSrc, refSize, firstThread, lanes, accum);
            bufAccum.storeUint4Lanes(firstThread, accum, lanes);
            return;
        }

        // uint4 accum = {0, 0, 0, 0};
        Arrays.fill(accum, 0, 4 * lanes, 0);
        // for (uint i = 0; i < REF_SIZE; i++)
        for (long block = 0; block < refSize; block += ShiftedPlanes.BLOCK) {
            int iterations = (int) Math.min(ShiftedPlanes.BLOCK, refSize - block);
            planes.load(bufSrc, firstThread + (int) block, lanes + iterations);
            // i = block + 4·step + c: for each c, the steps reuse the same four shifted planes
            for (int c = 0; c < 4; c++) {
                for (int k = c; k < iterations; k += 4) {
                    int i = (int) block + k;
                    // accum = msad4(buf_ref[i], uint2(buf_src[DTid.x + i], buf_src[DTid.x + i + 1]), accum);
                    msad4Lanes(bufRef.ldX(i), k, 4 * lanes);
                }
            }
        }
        // buf_accum[DTid.x] = accum;
        bufAccum.storeUint4Lanes(firstThread, accum, lanes);
    }

    /**
     * {@code msad4(reference, …, accum)} for every lane at iteration k of the block, wrapping. Term j of lane
     * byte {@code o} reads source byte {@code s + o} with {@code s = 4k + j = 16·step + r}, which is {@code
     * plane(r)[o + 16·step]}; so each step has its own loop with the offset written out. Four terms per loop:
     * a larger body is not unrolled enough to vectorize; and the loops stay in this method so that C2
     * compiles them with it.
     * <pre>
     *   k = 0..3    step 0   plane(4k .. 4k+3)[o]
     *   k = 4..7    step 1   plane(4(k−4) .. 4(k−4)+3)[o + 16]     …     k = 28..31   step 7   [o + 112]
     * </pre>
     */
    private void msad4Lanes(int reference, int k, int n) {
        if (overflow == MsadOverflow.SATURATE) {
            msad4LanesSaturating(reference, k, n);
            return;
        }
        prepareTerms(reference, 4 * (k & 3));
        int r0 = termReference[0];
        int r1 = termReference[1];
        int r2 = termReference[2];
        int r3 = termReference[3];
        int[] q0 = termPlane[0];
        int[] q1 = termPlane[1];
        int[] q2 = termPlane[2];
        int[] q3 = termPlane[3];
        int[] a = accum;
        switch (k >>> 2) {
            case 0 -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o]) + d(r1, q1[o]) + d(r2, q2[o]) + d(r3, q3[o]);
                }
            }
            case 1 -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o + 16]) + d(r1, q1[o + 16]) + d(r2, q2[o + 16]) + d(r3, q3[o + 16]);
                }
            }
            case 2 -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o + 32]) + d(r1, q1[o + 32]) + d(r2, q2[o + 32]) + d(r3, q3[o + 32]);
                }
            }
            case 3 -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o + 48]) + d(r1, q1[o + 48]) + d(r2, q2[o + 48]) + d(r3, q3[o + 48]);
                }
            }
            case 4 -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o + 64]) + d(r1, q1[o + 64]) + d(r2, q2[o + 64]) + d(r3, q3[o + 64]);
                }
            }
            case 5 -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o + 80]) + d(r1, q1[o + 80]) + d(r2, q2[o + 80]) + d(r3, q3[o + 80]);
                }
            }
            case 6 -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o + 96]) + d(r1, q1[o + 96]) + d(r2, q2[o + 96]) + d(r3, q3[o + 96]);
                }
            }
            default -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o + 112]) + d(r1, q1[o + 112]) + d(r2, q2[o + 112]) + d(r3, q3[o + 112]);
                }
            }
        }
    }

    /** The four terms of a reference: its bytes, and the planes they read ({@link #zeros} for a masked byte). */
    private void prepareTerms(int reference, int firstPlane) {
        for (int j = 0; j < 4; j++) {
            int value = (reference >>> (8 * j)) & 0xFF;
            termReference[j] = value;
            termPlane[j] = value == 0 ? zeros : planes.plane(firstPlane + j);
        }
    }

    /** One byte difference, {@code |r − s|}. */
    private static int d(int r, int s) {
        return Math.abs(r - s);
    }

    /** {@code msad4} for every lane with the spec-recommended saturating sums: min(accum + Σ, 0xFFFFFFFF). */
    private void msad4LanesSaturating(int reference, int k, int n) {
        int at = 4 * k;
        int[] acc = accum;
        int[] p = planes.plane(0);
        for (int o = 0; o < n; o++) {
            int sum = 0;
            for (int j = 0; j < 4; j++) {
                int r = (reference >>> (8 * j)) & 0xFF;
                if (r != 0) {
                    sum += Math.abs(r - p[at + o + j]);
                }
            }
            long total = Integer.toUnsignedLong(acc[o]) + sum;
            acc[o] = total > 0xFFFF_FFFFL ? -1 : (int) total;
        }
    }
}
