package org.imbrex.kernels.shaders;

import java.util.Arrays;
import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.intrinsics.Msad4;
import org.imbrex.kernels.intrinsics.MsadOverflow;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The msad4 search shader ({@code Msad4Search.hlsl}), in Java, statement by statement, run SIMT: each
 * statement is a loop over the 64 lanes of the group, so HotSpot vectorizes it.
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
 * With numthreads(64,1,1) the lanes of group g have {@code DTid.x = 64·g + lane}: consecutive words, so
 * {@code buf_src[DTid.x + i]} for all lanes is one load of 64 consecutive words and {@code buf_src[DTid.x
 * + i + 1]} the same run shifted by one; imbrex loads the 65 words once.
 * <pre>
 *   window words      w[64g+i] w[64g+i+1] … w[64g+i+63] w[64g+i+64]
 *   lane 0 reads      (x, y) = (w[64g+i], w[64g+i+1])
 *   lane 63 reads     (x, y) = (w[64g+i+63], w[64g+i+64])
 * </pre>
 * Example: with {@code REF_SIZE = 1}, {@code buf_ref = {0xA100B2C3}}, {@code buf_src = {0xD7B0C372,
 * 0x4F57C2A3}}, thread 0 writes {@code (152, 4, 89, 109)} (the docs example with a zero accumulator).
 * One instance per task thread: it keeps its lane registers between groups.
 */
public final class Msad4Search implements GroupShader {
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(64, 1, 1);
    /** Threads per group. */
    public static final int LANES = 64;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader msad4-search}. */
    public static final String NAME = "msad4-search";

    private final MsadOverflow overflow;
    private final int[] src = new int[LANES + 1];
    private final int[] accumX = new int[LANES];
    private final int[] accumY = new int[LANES];
    private final int[] accumZ = new int[LANES];
    private final int[] accumW = new int[LANES];

    /** The shader with msad's usual wrapping sums. */
    public Msad4Search() {
        this(MsadOverflow.WRAP);
    }

    public Msad4Search(MsadOverflow overflow) {
        this.overflow = overflow;
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
        TypedBuffer bufRef = group.resources().typedBuffer(0);
        TypedBuffer bufSrc = group.resources().typedBuffer(1);
        RWBuffer bufAccum = group.resources().rwBuffer(0);
        int refSize = group.resources().constantBuffer(0).word(0);
        int[] dtidX = group.dispatchThreadIdX();

        // uint4 accum = {0, 0, 0, 0};
        Arrays.fill(accumX, 0);
        Arrays.fill(accumY, 0);
        Arrays.fill(accumZ, 0);
        Arrays.fill(accumW, 0);
        // for (uint i = 0; i < REF_SIZE; i++)
        for (int i = 0; Integer.compareUnsigned(i, refSize) < 0; i++) {
            // buf_ref[i] is the same for every lane; buf_src[DTid.x + i] and buf_src[DTid.x + i + 1]
            int reference = bufRef.ldX(i);
            bufSrc.ldRange(dtidX[0] + i, src, LANES + 1);
            // accum = msad4(reference, uint2(src[lane], src[lane + 1]), accum);
            if (overflow == MsadOverflow.WRAP) {
                msad4Lanes(reference);
            } else {
                msad4LanesSaturating(reference);
            }
        }
        // buf_accum[DTid.x] = accum;
        for (int lane = 0; lane < LANES; lane++) {
            bufAccum.storeUint4(dtidX[lane], accumX[lane], accumY[lane], accumZ[lane], accumW[lane]);
        }
    }

    /**
     * {@code msad4} for all lanes with wrapping sums. Window k compares reference byte j with source byte
     * k + j of the lane's 8 bytes {@code b0..b7}; a zero reference byte is masked by an all-zero mask, which
     * is uniform across lanes, so the loop has no branch.
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
        int[] s = src;
        for (int lane = 0; lane < LANES; lane++) {
            int x = s[lane];
            int y = s[lane + 1];
            int b0 = x & 0xFF;
            int b1 = (x >>> 8) & 0xFF;
            int b2 = (x >>> 16) & 0xFF;
            int b3 = x >>> 24;
            int b4 = y & 0xFF;
            int b5 = (y >>> 8) & 0xFF;
            int b6 = (y >>> 16) & 0xFF;
            accumX[lane] += (Math.abs(r0 - b0) & m0) + (Math.abs(r1 - b1) & m1)
                    + (Math.abs(r2 - b2) & m2) + (Math.abs(r3 - b3) & m3);
            accumY[lane] += (Math.abs(r0 - b1) & m0) + (Math.abs(r1 - b2) & m1)
                    + (Math.abs(r2 - b3) & m2) + (Math.abs(r3 - b4) & m3);
            accumZ[lane] += (Math.abs(r0 - b2) & m0) + (Math.abs(r1 - b3) & m1)
                    + (Math.abs(r2 - b4) & m2) + (Math.abs(r3 - b5) & m3);
            accumW[lane] += (Math.abs(r0 - b3) & m0) + (Math.abs(r1 - b4) & m1)
                    + (Math.abs(r2 - b5) & m2) + (Math.abs(r3 - b6) & m3);
        }
    }

    /** {@code msad4} for all lanes with the spec-recommended saturating sums. */
    private void msad4LanesSaturating(int reference) {
        for (int lane = 0; lane < LANES; lane++) {
            int x = src[lane];
            int y = src[lane + 1];
            accumX[lane] = Msad4.msad(reference, Msad4.window(x, y, 0), accumX[lane], overflow);
            accumY[lane] = Msad4.msad(reference, Msad4.window(x, y, 1), accumY[lane], overflow);
            accumZ[lane] = Msad4.msad(reference, Msad4.window(x, y, 2), accumZ[lane], overflow);
            accumW[lane] = Msad4.msad(reference, Msad4.window(x, y, 3), accumW[lane], overflow);
        }
    }
}
