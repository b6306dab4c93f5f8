package org.imbrex.kernels.shaders;

import java.util.Arrays;
import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
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
 * Example: with {@code REF_SIZE = 1}, {@code buf_ref = {0xA100B2C3}}, {@code buf_src = {0xD7B0C372,
 * 0x4F57C2A3}}, thread 0 writes {@code (152, 4, 89, 109)} (the docs example with a zero accumulator).
 * One instance per task thread: it keeps its lane registers between calls.
 */
public final class Msad4Search implements GroupShader {
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(64, 1, 1);
    /** Threads per group. */
    public static final int LANES = 64;
    /** Groups one call runs: 8 groups make lane loops of 2048 accumulators. */
    public static final int GROUPS_PER_CALL = 8;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader msad4-search}. */
    public static final String NAME = "msad4-search";

    /** Accumulator words of a full call: four per lane. */
    private static final int ACCUM_WORDS = 4 * LANES * GROUPS_PER_CALL;
    /** Loop iterations whose source words are loaded at once: 16, so their bytes span 4 steps of 16 words. */
    private static final int BLOCK = 16;
    /** Words one block reads: the lanes' first words, one more for {@code y}, one per further i. */
    private static final int BLOCK_WORDS = LANES * GROUPS_PER_CALL + BLOCK;
    /** Length of a shifted plane: the accumulators of the block's first i plus 3 steps of 16. */
    private static final int SHIFTED_LENGTH = ACCUM_WORDS + 48;
    /** The plane a masked term reads: with reference 0 its term is |0 − 0| = 0. */
    private static final int[] ZEROS = new int[SHIFTED_LENGTH];

    private final MsadOverflow overflow;
    private final int[] accum = new int[ACCUM_WORDS];
    private final int[] words = new int[BLOCK_WORDS];
    private final int[] plane = new int[4 * BLOCK_WORDS];
    /** {@code shifted[r][n] = plane[r + n]}; {@code shifted[0]} is the plane itself. */
    private final int[][] shifted = new int[16][];
    private final int[] termReference = new int[4];
    private final int[][] termPlane = new int[4][];

    /** The shader with msad's usual wrapping sums. */
    public Msad4Search() {
        this(MsadOverflow.WRAP);
    }

    /** The shader with the given msad overflow rule. */
    public Msad4Search(MsadOverflow overflow) {
        this.overflow = overflow;
        shifted[0] = plane;
        for (int r = 1; r < 16; r++) {
            shifted[r] = new int[SHIFTED_LENGTH];
        }
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
        int firstThread = group.dispatchThreadIdX()[0];

        // uint4 accum = {0, 0, 0, 0};
        Arrays.fill(accum, 0, 4 * lanes, 0);
        // for (uint i = 0; i < REF_SIZE; i++)
        for (long block = 0; block < refSize; block += BLOCK) {
            int iterations = (int) Math.min(BLOCK, refSize - block);
            loadPlane(bufSrc, firstThread + (int) block, lanes + iterations);
            for (int k = 0; k < iterations; k++) {
                int i = (int) block + k;
                // accum = msad4(buf_ref[i], uint2(buf_src[DTid.x + i], buf_src[DTid.x + i + 1]), accum);
                if (overflow == MsadOverflow.WRAP) {
                    msad4Lanes(bufRef.ldX(i), k, 4 * lanes);
                } else {
                    msad4LanesSaturating(bufRef.ldX(i), k, 4 * lanes);
                }
            }
        }
        // buf_accum[DTid.x] = accum;
        bufAccum.storeUint4Lanes(firstThread, accum, lanes);
    }

    /**
     * {@code buf_src[first + w]} for the {@code count} words a block reads, split into bytes, and the plane
     * shifted by 1..15 bytes.
     */
    private void loadPlane(TypedBuffer bufSrc, int first, int count) {
        bufSrc.ldRange(first, words, count);
        int[] w = words;
        int[] p = plane;
        for (int q = 0; q < count; q++) {
            int word = w[q];
            p[4 * q] = word & 0xFF;
            p[4 * q + 1] = (word >>> 8) & 0xFF;
            p[4 * q + 2] = (word >>> 16) & 0xFF;
            p[4 * q + 3] = word >>> 24;
        }
        for (int r = 1; r < 16; r++) {
            System.arraycopy(p, r, shifted[r], 0, Math.min(SHIFTED_LENGTH, 4 * count - r));
        }
    }

    /**
     * {@code msad4(reference, …, accum)} for every lane, wrapping, at iteration k of the block. Term j reads
     * {@code plane[4k + o + j]}; with {@code 4k + j = 16·step + r} that is {@code shifted[r][o + 16·step]}.
     * HotSpot vectorizes a loop only when every array index is the loop index plus a constant multiple of
     * the vector width, hence one loop per step with its offset written out (and only four terms per loop:
     * a larger body is not unrolled enough to vectorize).
     * <pre>
     *   k = 0..3    step 0   shifted[4k .. 4k+3][o]
     *   k = 4..7    step 1   shifted[4(k−4) .. 4(k−4)+3][o + 16]    …    k = 12..15   step 3   [o + 48]
     * </pre>
     * A zero reference byte (masked for every lane alike) reads {@link #ZEROS} with reference 0.
     */
    private void msad4Lanes(int reference, int k, int n) {
        int first = 4 * (k & 3);
        for (int j = 0; j < 4; j++) {
            term(j, (reference >>> (8 * j)) & 0xFF, first + j);
        }
        int[] r = termReference;
        int r0 = r[0];
        int r1 = r[1];
        int r2 = r[2];
        int r3 = r[3];
        int[][] q = termPlane;
        int[] q0 = q[0];
        int[] q1 = q[1];
        int[] q2 = q[2];
        int[] q3 = q[3];
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
            default -> {
                for (int o = 0; o < n; o++) {
                    a[o] += d(r0, q0[o + 48]) + d(r1, q1[o + 48]) + d(r2, q2[o + 48]) + d(r3, q3[o + 48]);
                }
            }
        }
    }

    /** Term {@code t} compares reference byte {@code value} with shifted plane {@code r}, or adds 0 if masked. */
    private void term(int t, int value, int r) {
        termReference[t] = value;
        termPlane[t] = value == 0 ? ZEROS : shifted[r];
    }

    /** One byte difference, {@code |r − s|}. */
    private static int d(int r, int s) {
        return Math.abs(r - s);
    }

    /** {@code msad4} for every lane with the spec-recommended saturating sums: min(accum + Σ, 0xFFFFFFFF). */
    private void msad4LanesSaturating(int reference, int k, int n) {
        int at = 4 * k;
        int[] acc = accum;
        int[] p = plane;
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
