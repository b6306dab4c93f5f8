package org.imbrex.kernels.shaders;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link CoarseRow}'s inner loop in 16-bit vector lanes (the JDK's vector API), for rows whose bounds stay
 * below 65,536 (B · B · 255 ≤ 65,535: B ≤ 16) and whose box sums below 32,768 (s · s · 255: s ≤ 8): twice
 * the lanes of a register of 32-bit sums. Loading this class needs the module {@code jdk.incubator.vector}.
 * <pre>
 *   acc[x] += |cur[x] − box[x]|     x in [lo, hi]
 *   cur, box ≤ 32,767: the difference and its absolute value are exact in a signed short;
 *   acc ≤ 65,535: the sum wraps nowhere when read back as unsigned (acc & 0xFFFF)
 * </pre>
 * Each step reads and writes the arrays, and no vector lives across iterations, so C2 compiles it to
 * registers. Example: a 1280-pixel row is 80 steps of 16 lanes.
 */
final class CoarseRowShorts {
    /**
     * At most 256 bits, the shape of the gather's shorts ({@link BlockMatchPlaneVector}), also where the CPU has
     * 512-bit registers. HotSpot profiles the vector API's methods (add, intoArray, ...) once for all their
     * callers, and C2 inlines them by that profile: with a Short512Vector here beside the gather's Short256Vector,
     * C2 inlined both classes at every call of the gather and lost the exact class its intrinsics need, so the
     * gather's stores ran the API's Java path (720p motion on AVX-512, 400 frames, one core: R = 7 6.0-7.8 s ->
     * 3.5-5.6 s, R = 16 16.8-23.9 s -> 8.7-10.0 s).
     */
    private static final VectorSpecies<Short> SHORTS = VectorSpecies.of(short.class, VectorShape.forBitSize(
            Math.min(256, ShortVector.SPECIES_PREFERRED.vectorBitSize())));
    /** Ints of the same shape: a register of them narrowed fills the low half of one of {@link #SHORTS}. */
    private static final VectorSpecies<Integer> INTS = SHORTS.withLanes(int.class);

    private CoarseRowShorts() {
    }

    /**
     * Box sums of side s at every x in {@code [0, width)} from the summed-area table, as shorts: {@code out[x] =
     * sat[a + step + s + x] − sat[a + s + x] − sat[a + step + x] + sat[a + x]}, at most s² · 255 ≤ 32,767 here.
     * The sums are taken in 32-bit lanes and narrowed a register at a time (C2 does not vectorize a loop
     * that reads ints and stores shorts) into the low half of a register of {@link #SHORTS}, whose high half
     * (zeros) the next step overwrites: no second shape of short vector beside the gather's, whose profiles C2
     * inlines the API by (see {@link #SHORTS}). Shorts of {@code out} past {@code width} may be overwritten,
     * never past its end: without {@link #SLACK} of them the row's last steps are scalar.
     * <pre>
     *   step x:  [ box x .. x + 7 | 0 0 0 0 0 0 0 0 ]  stored at out[x]
     *   step x + 8:                [ box x + 8 .. x + 15 | 0 ... ]
     * </pre>
     */
    static void boxRow(int[] sat, int a, int step, int s, short[] out, int width) {
        int x = 0;
        if (a >= 0 && step >= 0 && s >= 0 && (long) a + step + s + width <= sat.length) {
            int end = Math.min(width - INTS.length(), out.length - SHORTS.length());
            for (; x <= end; x += INTS.length()) {
                IntVector box = IntVector.fromArray(INTS, sat, a + step + s + x)
                        .sub(IntVector.fromArray(INTS, sat, a + s + x)).sub(IntVector.fromArray(INTS, sat, a + step + x))
                        .add(IntVector.fromArray(INTS, sat, a + x));
                ((ShortVector) box.convertShape(VectorOperators.I2S, SHORTS, 0)).intoArray(out, x);
            }
        }
        for (; x < width; x++) {
            out[x] = (short) (sat[a + step + s + x] - sat[a + s + x] - sat[a + step + x] + sat[a + x]);
        }
    }

    /** Lanes past the end of a row that {@link #accumulate} may read and write: arrays carry this much more. */
    static final int SLACK = SHORTS.length();

    /**
     * Four terms at once: {@code acc[x] (+)= |c0[x] − b0[x]| + … + |c3[x] − b3[x]|} over {@code [lo, hi]},
     * modulo 2^16, in whole registers as {@link #accumulate}; with {@code first}, acc is written without being
     * read (the dy's first terms). A register of acc is loaded and stored once for four terms.
     */
    static void accumulate4(short[] acc, short[] c0, short[] b0, short[] c1, short[] b1, short[] c2, short[] b2,
            short[] c3, short[] b3, int lo, int hi, boolean first) {
        int x = lo;
        int last = Math.min(acc.length, Math.min(Math.min(Math.min(c0.length, b0.length), Math.min(c1.length,
                b1.length)), Math.min(Math.min(c2.length, b2.length), Math.min(c3.length, b3.length))))
                - SHORTS.length();
        int end = hi < last ? hi : hi + 1 - SHORTS.length();
        for (; x <= end; x += SHORTS.length()) {
            ShortVector sum = difference(c0, b0, x).add(difference(c1, b1, x)).add(difference(c2, b2, x))
                    .add(difference(c3, b3, x));
            (first ? sum : ShortVector.fromArray(SHORTS, acc, x).add(sum)).intoArray(acc, x);
        }
        for (; x <= hi; x++) {
            int sum = Math.abs(c0[x] - b0[x]) + Math.abs(c1[x] - b1[x]) + Math.abs(c2[x] - b2[x])
                    + Math.abs(c3[x] - b3[x]);
            acc[x] = (short) ((first ? 0 : acc[x]) + sum);
        }
    }

    private static ShortVector difference(short[] cur, short[] box, int x) {
        return ShortVector.fromArray(SHORTS, cur, x).sub(ShortVector.fromArray(SHORTS, box, x)).abs();
    }

    /**
     * {@code acc[x] += |cur[x] − box[x]|} over {@code [lo, hi]}, modulo 2^16, in whole registers: where every
     * array holds {@link #SLACK} elements past hi, the last register runs past it too (its lanes there are
     * never read back), so no element is left to a scalar loop.
     */
    static void accumulate(short[] acc, short[] cur, short[] box, int lo, int hi) {
        int x = lo;
        int last = Math.min(acc.length, Math.min(cur.length, box.length)) - SHORTS.length();
        int end = hi < last ? hi : hi + 1 - SHORTS.length();
        for (; x <= end; x += SHORTS.length()) {
            ShortVector.fromArray(SHORTS, acc, x).add(difference(cur, box, x)).intoArray(acc, x);
        }
        for (; x <= hi; x++) {
            acc[x] = (short) (acc[x] + Math.abs(cur[x] - box[x]));
        }
    }
}
