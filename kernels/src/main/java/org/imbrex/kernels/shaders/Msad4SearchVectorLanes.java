package org.imbrex.kernels.shaders;

import java.util.Arrays;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * {@link Msad4Search}'s loop with msad's wrapping sums in 16-bit vector lanes (the JDK's vector API), for
 * one call's consecutive lanes. Used when {@link org.imbrex.kernels.dispatch.LaneLoops#active()} is {@code
 * VECTOR}; loading this class needs the module {@code jdk.incubator.vector}.
 *
 * <p>Output {@code o = 4·lane + k} (lane relative to the call's first thread) is the SAD of the reference
 * against the source bytes from {@code o}: {@code accum[o] += Σ_i Σ_j |ref_ij − plane[4i + o + j]|}, with
 * plane byte n = byte n%4 of {@code buf_src[DTid.x(lane 0) + n/4]}. The iterations run in blocks of {@value
 * #BLOCK}; a block's sum is at most 4 · 32 · 255 = 32,640, so it fits a 16-bit lane, and it is added to the
 * 32-bit {@code accum} wrapping, as msad4 adds. A masked byte (reference 0) adds |0 − 0| in the HLSL's
 * terms, nothing: its term is left out of the block's list.
 * <pre>
 *   block terms  t = (4i + j, ref_ij ≠ 0)               i in the block, j = 0..3
 *   chunk o      acc  = Σ_t |ref_t − plane[o + offset_t .. + L − 1]|   L shorts a register (32 with AVX-512)
 *                accum[o .. o + L − 1] += widen(acc)
 *
 *   plane  b0 b1 b2 b3 b4 b5 …                       one short per source byte
 *   o = 0, t = (5, r):  |r − b5|, |r − b6|, … |r − b(5+L−1)|   → outputs 0 .. L − 1
 * </pre>
 * Two chunks share each term's broadcast reference byte. Example: reference word {@code 0x00000201}
 * (bytes 1, 2, 0, 0) makes the terms (0, 1) and (1, 2); output o then gets |1 − b(o)| + |2 − b(o+1)|.
 */
final class Msad4SearchVectorLanes {
    /** Loop iterations one block sums in 16-bit lanes. */
    static final int BLOCK = 32;

    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
    private static final int L = SHORTS.length();

    private final int[] words;
    private final short[] plane;
    private final int[] termOffset = new int[4 * BLOCK];
    private final short[] termValue = new short[4 * BLOCK];

    /** Lane registers for calls of up to {@code maxLanes} threads. */
    Msad4SearchVectorLanes(int maxLanes) {
        if (INTS.vectorBitSize() != SHORTS.vectorBitSize()) {
            throw new IllegalStateException("vector API species differ: " + SHORTS + ", " + INTS);
        }
        this.words = new int[maxLanes + BLOCK];
        this.plane = new short[4 * words.length];
    }

    /**
     * Runs the loop for {@code lanes} threads from {@code firstThread} into {@code accum[0, 4·lanes)}, which
     * it overwrites.
     */
    void run(TypedBuffer bufRef, TypedBuffer bufSrc, long refSize, int firstThread, int lanes, int[] accum) {
        int n = 4 * lanes;
        boolean first = true;
        // buf_ref reads 0 past its end, and a zero word is masked: the iterations there add nothing
        long read = Math.min(refSize, Integer.toUnsignedLong(bufRef.numElements()));
        for (long block = 0; block < read; block += BLOCK) {
            int iterations = (int) Math.min(BLOCK, read - block);
            int terms = terms(bufRef, block, iterations);
            if (terms == 0) {
                continue; // every byte masked: the block adds 0
            }
            ShortPlane.load(bufSrc, firstThread + (int) block, lanes + iterations, words, plane);
            addBlock(terms, n, accum, first);
            first = false;
        }
        if (first) {
            Arrays.fill(accum, 0, n, 0);
        }
    }

    /** Lists the unmasked terms of iterations {@code block .. block + iterations − 1}; returns their count. */
    private int terms(TypedBuffer bufRef, long block, int iterations) {
        int terms = 0;
        for (int k = 0; k < iterations; k++) {
            int reference = bufRef.ldX((int) (block + k));
            for (int j = 0; j < 4; j++) {
                int value = (reference >>> (8 * j)) & 0xFF;
                if (value != 0) {
                    termOffset[terms] = 4 * k + j;
                    termValue[terms] = (short) value;
                    terms++;
                }
            }
        }
        return terms;
    }

    /** {@code accum[o] (+)= Σ_t |ref_t − plane[o + offset_t]|} for o in [0, n); the first block stores. */
    private void addBlock(int terms, int n, int[] accum, boolean first) {
        int o = 0;
        for (; o + 2 * L <= n; o += 2 * L) {
            ShortVector acc0 = ShortVector.zero(SHORTS);
            ShortVector acc1 = ShortVector.zero(SHORTS);
            for (int t = 0; t < terms; t++) {
                int at = o + termOffset[t];
                ShortVector reference = ShortVector.broadcast(SHORTS, termValue[t]);
                acc0 = acc0.add(ShortVector.fromArray(SHORTS, plane, at).sub(reference).abs());
                acc1 = acc1.add(ShortVector.fromArray(SHORTS, plane, at + L).sub(reference).abs());
            }
            widen(acc0, accum, o, first);
            widen(acc1, accum, o + L, first);
        }
        for (; o < n; o++) {
            int sum = 0;
            for (int t = 0; t < terms; t++) {
                sum += Math.abs(termValue[t] - plane[o + termOffset[t]]);
            }
            accum[o] = first ? sum : accum[o] + sum;
        }
    }

    /** {@code accum[at .. at + L − 1] (+)= acc}, lane by lane (block sums ≤ 32,640: sign extension is exact). */
    private static void widen(ShortVector acc, int[] accum, int at, boolean first) {
        int half = L / 2;
        IntVector low = (IntVector) acc.convertShape(VectorOperators.S2I, INTS, 0);
        IntVector high = (IntVector) acc.convertShape(VectorOperators.S2I, INTS, 1);
        if (!first) {
            low = low.add(IntVector.fromArray(INTS, accum, at));
            high = high.add(IntVector.fromArray(INTS, accum, at + half));
        }
        low.intoArray(accum, at);
        high.intoArray(accum, at + half);
    }
}
