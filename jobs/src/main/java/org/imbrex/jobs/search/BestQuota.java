package org.imbrex.jobs.search;

import java.util.Arrays;

/**
 * Which of a part's matches are each signature's K best, from how many matches of each score the part
 * holds, so that a write task keeps no heap of K rows however large K is.
 *
 * <p>{@code --best K} orders a signature's matches by score, then path, then offset; the part's rows come in
 * table order (path, then offset) within a signature. So the K best are every row scoring below the K-th
 * best score s*, and the first q rows scoring s* in table order, where q is what K leaves after the rows
 * below s*:
 * <pre>
 *   scores of a signature's rows:  0 ×2   3 ×4   7 ×9        K = 5
 *   cumulative:                    2      6                  → s* = 3, keep the 2 rows below, then q = 3 rows of 3
 *   sorted pass (table order):     row sad 7 → no; sad 3 → yes (q 3 → 2); sad 0 → yes; sad 3 → yes; ...
 * </pre>
 * Memory is one count per score that occurs (scores are at most 255 × the signature's length), not one row
 * per kept match. Example: {@code quota.count(m)} for every row, {@code quota.select(k)}, then {@code
 * quota.keep(m)} for each row in table order.
 */
final class BestQuota {
    private long[][] counts = new long[0][];
    private int[] threshold;
    private long[] quota;

    /** Counts one row, before {@link #select}. */
    void count(Match match) {
        int s = match.signature();
        if (s >= counts.length) {
            counts = Arrays.copyOf(counts, Math.max(s + 1, 2 * counts.length));
        }
        long[] bySad = counts[s];
        if (bySad == null || match.sad() >= bySad.length) {
            bySad = Arrays.copyOf(bySad == null ? new long[0] : bySad, Math.max(match.sad() + 1, 2 * (bySad == null ? 8
                    : bySad.length)));
            counts[s] = bySad;
        }
        bySad[match.sad()]++;
    }

    /** Fixes, per signature, the K-th best score and how many rows of that score still fit. */
    void select(int k) {
        threshold = new int[counts.length];
        quota = new long[counts.length];
        for (int s = 0; s < counts.length; s++) {
            long[] bySad = counts[s];
            threshold[s] = -1;
            if (bySad == null) {
                continue;
            }
            long left = k;
            for (int sad = 0; sad < bySad.length && left > 0; sad++) {
                if (bySad[sad] > 0) {
                    threshold[s] = sad;
                    quota[s] = Math.min(left, bySad[sad]);
                    left -= quota[s];
                }
            }
        }
        counts = null;
    }

    /** True when the row is one of its signature's K best; call for every row of a signature in table order. */
    boolean keep(Match match) {
        int s = match.signature();
        int sad = match.sad();
        if (sad < threshold[s]) {
            return true;
        }
        if (sad == threshold[s] && quota[s] > 0) {
            quota[s]--;
            return true;
        }
        return false;
    }
}
