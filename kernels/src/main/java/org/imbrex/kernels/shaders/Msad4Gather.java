package org.imbrex.kernels.shaders;

import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The msad4 gather shader ({@code Msad4Gather.hlsl}) in Java: the msad4 search loop for the tile words a
 * filter left, one thread per chosen word.
 *
 * <pre>
 * Buffer&lt;uint&gt; buf_ref : register(t0);      // signature, 4 bytes per word, 0x00 = masked byte
 * Buffer&lt;uint&gt; buf_src : register(t1);      // tile bytes as little-endian words
 * Buffer&lt;uint&gt; buf_at : register(t2);       // per thread: the tile word its window starts at
 * RWBuffer&lt;uint4&gt; buf_accum : register(u0); // R32G32B32A32_UINT: SAD at byte offsets 4·buf_at[x] + 0..3
 * cbuffer Params : register(b0) { uint REF_SIZE; };
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     uint at = buf_at[DTid.x];
 *     uint4 accum = {0, 0, 0, 0};
 *     for (uint i = 0; i &lt; REF_SIZE; i++)
 *         accum = msad4(buf_ref[i], uint2(buf_src[at + i], buf_src[at + i + 1]), accum);
 *     buf_accum[DTid.x] = accum;
 * }
 * </pre>
 * Component k of {@code msad4} compares reference byte j of word i with source byte k + j of the pair, so
 * thread x adds, over the reference's unmasked bytes n = 4i + j only:
 * <pre>
 *   window     s0 s1 s2 … s(4·REF_SIZE + 3)          s_m = byte m % 4 of buf_src[at + m / 4]
 *   accum.k   += Σ_n |ref_n − s(n + k)|               ref_n = byte n of the reference, ≠ 0
 * </pre>
 * Sums wrap modulo 2^32, as msad's do (the overflow rule imbrex documents). Threads are independent and
 * few, so each runs as a plain loop over its window; the reference's unmasked bytes are listed once per call.
 * Example: with {@code buf_ref = {0xA100B2C3}}, {@code buf_src = {0, 0xD7B0C372, 0x4F57C2A3}} and {@code
 * buf_at = {1}}, thread 0 writes {@code (152, 4, 89, 109)}, the msad4 docs example.
 */
public final class Msad4Gather implements GroupShader {
    /** Threads per group. */
    public static final int LANES = 64;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** Groups one call runs. */
    public static final int GROUPS_PER_CALL = 16;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader msad4-gather}. */
    public static final String NAME = "msad4-gather";

    private static final int MAX_LANES = LANES * GROUPS_PER_CALL;

    private final int[] at = new int[MAX_LANES];
    private final int[] accum = new int[4 * MAX_LANES];
    private int[] literalAt = new int[256];
    private int[] literalValue = new int[256];
    private int[] window = new int[260];
    private int[] windowWords = new int[65];

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
        TypedBuffer bufAt = group.resources().typedBuffer(2);
        RWBuffer bufAccum = group.resources().rwBuffer(0);
        long refSize = Integer.toUnsignedLong(group.resources().constantBuffer(0).word(0));
        int lanes = group.lanes();
        int firstThread = group.dispatchThreadIdX(0);
        // Words of buf_ref past its end read 0: wholly masked, they add nothing.
        int words = (int) Math.min(refSize, bufRef.numElements());
        int literals = listLiterals(bufRef, words);
        // uint at = buf_at[DTid.x];
        bufAt.ldRange(firstThread, at, lanes);
        for (int lane = 0; lane < lanes; lane++) {
            int o = 4 * lane;
            if (lane > 0 && at[lane] == at[lane - 1]) {
                // The same window as the lane before, so the same sums: the lanes past buf_at's end all read
                // at = 0 (spec §3), and a Dispatch of a few candidates is mostly such lanes.
                System.arraycopy(accum, o - 4, accum, o, 4);
                continue;
            }
            loadWindow(bufSrc, at[lane], words);
            // for (uint i = 0; i < REF_SIZE; i++) accum = msad4(buf_ref[i], uint2(…), accum);
            int a0 = 0;
            int a1 = 0;
            int a2 = 0;
            int a3 = 0;
            int[] s = window;
            for (int q = 0; q < literals; q++) {
                int n = literalAt[q];
                int r = literalValue[q];
                a0 += Math.abs(r - s[n]);
                a1 += Math.abs(r - s[n + 1]);
                a2 += Math.abs(r - s[n + 2]);
                a3 += Math.abs(r - s[n + 3]);
            }
            accum[o] = a0;
            accum[o + 1] = a1;
            accum[o + 2] = a2;
            accum[o + 3] = a3;
        }
        // buf_accum[DTid.x] = accum;
        bufAccum.storeUint4Lanes(firstThread, accum, lanes);
    }

    /** Lists the reference's unmasked bytes n = 4i + j of words i &lt; {@code words}; returns how many. */
    private int listLiterals(TypedBuffer bufRef, int words) {
        if (literalAt.length < 4 * words) {
            literalAt = new int[4 * words];
            literalValue = new int[4 * words];
            window = new int[4 * words + 4];
            windowWords = new int[words + 1];
        }
        int count = 0;
        for (int i = 0; i < words; i++) {
            int reference = bufRef.ldX(i);
            for (int j = 0; j < 4; j++) {
                int value = (reference >>> (8 * j)) & 0xFF;
                if (value != 0) {
                    literalAt[count] = 4 * i + j;
                    literalValue[count++] = value;
                }
            }
        }
        return count;
    }

    /** The window's bytes s0 … s(4·words + 3) from buf_src[at .. at + words] (uint32 indices, 0 out of bounds). */
    private void loadWindow(TypedBuffer bufSrc, int at, int words) {
        bufSrc.ldRange(at, windowWords, words + 1);
        int[] s = window;
        for (int q = 0; q <= words; q++) {
            int word = windowWords[q];
            s[4 * q] = word & 0xFF;
            s[4 * q + 1] = (word >>> 8) & 0xFF;
            s[4 * q + 2] = (word >>> 16) & 0xFF;
            s[4 * q + 3] = word >>> 24;
        }
    }
}
