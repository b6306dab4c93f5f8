package org.imbrex.kernels.shaders;

import jdk.incubator.vector.ShortVector;
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
 * registers whatever other vector shapes the JVM runs. Example: a 1280-pixel row is 40 steps of 32 lanes on
 * a machine with 512-bit registers.
 */
final class CoarseRowShorts {
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;

    private CoarseRowShorts() {
    }

    /** Lanes past the end of a row that {@link #accumulate} may read and write: arrays carry this much more. */
    static final int SLACK = SHORTS.length();

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
            ShortVector.fromArray(SHORTS, acc, x)
                    .add(ShortVector.fromArray(SHORTS, cur, x).sub(ShortVector.fromArray(SHORTS, box, x)).abs())
                    .intoArray(acc, x);
        }
        for (; x <= hi; x++) {
            acc[x] = (short) (acc[x] + Math.abs(cur[x] - box[x]));
        }
    }
}
