package org.imbrex.io.scan;

import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * Runs of five literal signature positions, the unit the word-stride filter keys: whatever a match's offset
 * modulo 4, one of the run's four grams starts at a tile word, so testing word starts only finds it.
 * <pre>
 *   positions   p  p+1 p+2 p+3 p+4          five literals in a row
 *   grams       [p, p+1] [p+1, p+2] [p+2, p+3] [p+3, p+4]    one of them starts at a byte 4x
 * </pre>
 * The cheapest run is the one whose four grams are rarest in the data. Example: {@code
 * LiteralRuns.cheapest(p -> !sig.isWildcard(p), sig::byteAt, 0, sig.length(), stats)} is the start of the
 * signature's cheapest run, or −1 when no five literals stand in a row.
 */
final class LiteralRuns {
    /** Positions in a run. */
    static final int LENGTH = 5;

    private LiteralRuns() {
    }

    /**
     * The start of the cheapest run that lies in positions {@code [from, to)}, or −1 when there is none.
     *
     * @param literal whether a position is a literal byte
     * @param byteAt  the byte at a literal position
     */
    static int cheapest(IntPredicate literal, IntUnaryOperator byteAt, int from, int to, GramStatistics stats) {
        int best = -1;
        double bestRate = Double.POSITIVE_INFINITY;
        for (int p = from; p + LENGTH <= to; p++) {
            if (isRun(literal, p)) {
                double r = rate(byteAt, p, stats);
                if (r < bestRate) {
                    bestRate = r;
                    best = p;
                }
            }
        }
        return best;
    }

    /** The summed rates of the four grams of the run at {@code p}. */
    static double rate(IntUnaryOperator byteAt, int p, GramStatistics stats) {
        double r = 0;
        for (int q = p; q < p + LENGTH - 1; q++) {
            r += stats.gram(byteAt.applyAsInt(q), byteAt.applyAsInt(q + 1));
        }
        return r;
    }

    private static boolean isRun(IntPredicate literal, int p) {
        for (int q = p; q < p + LENGTH; q++) {
            if (!literal.test(q)) {
                return false;
            }
        }
        return true;
    }
}
