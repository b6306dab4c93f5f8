package org.imbrex.io.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.imbrex.io.signature.Signature;

/**
 * Chooses a signature's anchors for a score limit T: disjoint windows of its literal bytes with tolerances
 * t_i whose {@code Σ (t_i + 1) ≥ T + 1}, so that every match within T holds one of them ({@link Anchor}),
 * at the least expected cost on data with the given {@link GramStatistics}.
 * <pre>
 *   T = 0   one window, tolerance 0: the rarest exact piece (an atom, as YARA calls it), its key tested at
 *           every byte; or ({@link #strided}) S windows whose keys stand at positions of every residue
 *           mod S = 2 or 4, the rarest pair of each residue, tested at every S-th byte only
 *   T = 8   e.g. 4D 5A | 90 00 | 03 00 | … tolerances 2, 2, 2, 0 : 3 + 3 + 3 + 1 ≥ 9
 *   cost of a window = P(data gram in the key's ball) · KEY + P(window within t) · VERIFY   per offset
 *   best[i][b] = least cost of windows inside positions [0, i) whose Σ (t + 1) is b (capped at T + 1)
 * </pre>
 * A signature whose anchors would cost more than scoring every offset with msad4 (few literal bytes, T
 * near the signature's maximum, T above {@link #MAX_TOLERANCE}) gets none: it is scanned densely. Example:
 * {@code plan(0, 4D 5A 90 00 03, 0, stats)} is one window of tolerance 0 keyed on the rarest of the grams
 * {@code 4D 5A}, {@code 5A 90}, {@code 90 00}, {@code 00 03}.
 */
final class AnchorPlanner {
    /** Largest limit anchors are planned for; above it pieces get too loose to pay. */
    static final int MAX_TOLERANCE = 24;
    /** Positions one window may span: its bytes are checked with one 8-byte read. */
    static final int MAX_WINDOW = 8;
    /** Positions of a fuzzy signature the planner looks at (all of them for T = 0). */
    static final int FUZZY_REGION = 128;
    /** Estimated nanoseconds per key hit (a table bucket entry and a window check). */
    private static final double KEY_NANOS = 6;
    /** Estimated nanoseconds per candidate word (msad4 gather passes). */
    private static final double VERIFY_NANOS = 80;

    private AnchorPlanner() {
    }

    /** The anchors of signature {@code index} for limit {@code maxSad}, or null to scan it densely. */
    static List<Anchor> plan(int index, Signature signature, int maxSad, GramStatistics stats) {
        if (maxSad < 0 || maxSad > MAX_TOLERANCE) {
            return null;
        }
        int region = maxSad == 0 ? signature.length() : Math.min(signature.length(), FUZZY_REGION);
        int need = maxSad + 1;
        Windows windows = new Windows(signature, region, need, stats);
        double[][] best = new double[region + 1][need + 1];
        int[][] choice = new int[region + 1][need + 1];
        for (double[] row : best) {
            Arrays.fill(row, Double.POSITIVE_INFINITY);
        }
        best[0][0] = 0;
        for (int i = 0; i < region; i++) {
            for (int b = 0; b <= need; b++) {
                double here = best[i][b];
                if (here == Double.POSITIVE_INFINITY) {
                    continue;
                }
                relax(best, choice, i + 1, b, here, 0);
                if (!windows.literal(i) || b == need) {
                    continue;
                }
                for (int m = 1; m <= Math.min(MAX_WINDOW, region - i); m++) {
                    if (!windows.literal(i + m - 1)) {
                        continue;
                    }
                    for (int t = 0; b + t + 1 <= need; t++) {
                        relax(best, choice, i + m, b + t + 1, here + windows.cost(i, m, t), m << 8 | (t + 1));
                    }
                }
            }
        }
        // msad4 over every offset: about 0.1 ns per signature byte, plus selecting the matches
        double dense = 0.1 * signature.length() + 0.5;
        if (!(best[region][need] <= dense)) {
            return null;
        }
        return rebuild(index, signature, windows, choice, region, need);
    }

    /**
     * For exact search, the anchors that let the filter test keys at every {@code stride}-th tile byte only
     * (2 or 4): for each residue r mod stride the rarest pair of literal bytes at a position ≡ r (or, where
     * that residue has no pair, its rarest literal byte, keyed with any next byte), each in a window of up to
     * {@link #MAX_WINDOW} positions from it; null when some residue has no literal byte at all.
     * <pre>
     *   4D 5A ?? 00 13 37 ?? 50 45, stride 2    even positions: 4D 5A (0) or 13 37 (4); odd: 00 13 (3) or
     *                                           50 45 (7); the rarer of each residue's pairs is its key
     *   4D 5A ?? ?? 13 37, stride 2             odd positions hold no pair: the rarer of 5A (1) and 37 (5)
     * </pre>
     */
    static List<Anchor> strided(int index, Signature signature, int stride, GramStatistics stats) {
        int length = signature.length();
        List<Anchor> anchors = new ArrayList<>(stride);
        for (int residue = 0; residue < stride; residue++) {
            int pair = -1;
            int single = -1;
            double pairRate = Double.POSITIVE_INFINITY;
            double singleRate = Double.POSITIVE_INFINITY;
            for (int q = residue; q < length; q += stride) {
                if (signature.isWildcard(q)) {
                    continue;
                }
                double pairAt = q + 1 < length && !signature.isWildcard(q + 1) ? pairRate(signature, q, stats)
                        : Double.POSITIVE_INFINITY;
                if (pairAt < pairRate) {
                    pair = q;
                    pairRate = pairAt;
                }
                double singleAt = stats.byteBall(signature.byteAt(q), 0);
                if (singleAt < singleRate) {
                    single = q;
                    singleRate = singleAt;
                }
            }
            if (single < 0) {
                return null;
            }
            int key = pair >= 0 ? pair : single;
            int windowAt = Math.max(0, Math.min(key, length - MAX_WINDOW));
            anchors.add(Anchor.of(index, signature, key, pair < 0, windowAt, Math.min(MAX_WINDOW, length - windowAt), 0,
                    stride));
        }
        return anchors;
    }

    /** P(the data holds the signature's pair of literal bytes at {@code q}, q + 1 at a position). */
    static double pairRate(Signature signature, int q, GramStatistics stats) {
        return stats.gram(signature.byteAt(q), signature.byteAt(q + 1));
    }

    private static void relax(double[][] best, int[][] choice, int i, int b, double cost, int how) {
        if (cost < best[i][b]) {
            best[i][b] = cost;
            choice[i][b] = how;
        }
    }

    /** Walks the choices back from (region, need): each step is a skipped position or a window. */
    private static List<Anchor> rebuild(int index, Signature signature, Windows windows, int[][] choice,
            int region, int need) {
        List<Anchor> anchors = new ArrayList<>();
        int i = region;
        int b = need;
        while (i > 0) {
            int how = choice[i][b];
            if (how == 0) {
                i--;
                continue;
            }
            int m = how >>> 8;
            int t = (how & 0xFF) - 1;
            i -= m;
            b -= t + 1;
            anchors.add(windows.anchor(index, i, m, t));
        }
        return anchors;
    }

    /** The literal bytes of the planned region and the cost of each window (i, m) at each tolerance. */
    private static final class Windows {
        private final Signature signature;
        private final int region;
        private final GramStatistics stats;
        private final double[] cost;
        private final int need;

        Windows(Signature signature, int region, int need, GramStatistics stats) {
            this.signature = signature;
            this.region = region;
            this.stats = stats;
            this.need = need;
            this.cost = new double[region * MAX_WINDOW * need];
            Arrays.fill(cost, -1);
        }

        boolean literal(int p) {
            return p < signature.length() && !signature.isWildcard(p);
        }

        /** Estimated nanoseconds per data offset that window [i, i + m) at tolerance t costs. */
        double cost(int i, int m, int t) {
            int at = (i * MAX_WINDOW + m - 1) * need + t;
            if (cost[at] < 0) {
                int key = key(i, m, t);
                int keyAt = key >>> 1;
                boolean single = (key & 1) != 0;
                double keyRate = single ? stats.byteBall(signature.byteAt(keyAt), t)
                        : stats.gramBall(signature.byteAt(keyAt), signature.byteAt(keyAt + 1), t);
                double pass = keyRate;
                for (int q = i; q < i + m; q++) {
                    if (literal(q) && q != keyAt && !(q == keyAt + 1 && !single)) {
                        pass *= Math.min(1, stats.byteBall(signature.byteAt(q), t));
                    }
                }
                cost[at] = keyRate * KEY_NANOS + pass * VERIFY_NANOS;
            }
            return cost[at];
        }

        /**
         * The window's key: its rarest pair of literal bytes in a row, else its rarest literal byte, as
         * {@code keyAt << 1 | (one byte ? 1 : 0)}; both bytes of a pair lie inside the window.
         */
        private int key(int i, int m, int t) {
            int best = -1;
            double rate = Double.POSITIVE_INFINITY;
            for (int j = i; j + 1 < i + m; j++) {
                if (pairAt(j)) {
                    double r = stats.gramBall(signature.byteAt(j), signature.byteAt(j + 1), t);
                    if (r < rate) {
                        rate = r;
                        best = j;
                    }
                }
            }
            if (best >= 0) {
                return best << 1;
            }
            for (int j = i; j < i + m; j++) {
                if (literal(j)) {
                    double r = stats.byteBall(signature.byteAt(j), t);
                    if (r < rate) {
                        rate = r;
                        best = j;
                    }
                }
            }
            return best << 1 | 1;
        }

        private boolean pairAt(int j) {
            return j + 1 < region && literal(j) && literal(j + 1);
        }

        Anchor anchor(int index, int i, int m, int t) {
            int key = key(i, m, t);
            return Anchor.of(index, signature, key >>> 1, (key & 1) != 0, i, m, t, 1);
        }
    }
}
