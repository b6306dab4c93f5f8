package org.imbrex.io.scan;

/**
 * The thread groups of a tile whose offsets can still match after some passes of a signature.
 *
 * <p>Every pass adds a non-negative share to each offset's score, so an offset whose partial score is
 * already above the limit can never match. A group of 64 threads covers 256 offsets; a group survives
 * while one of its offsets is within the limit.
 * <pre>
 *   offsets    0 … 255 | 256 … 511 | 512 … 767 | …       group G = offsets [256·G, 256·G + 256)
 *   sums       &gt; limit  | one ≤ limit | &gt; limit   | …
 *   survivors  {1, …}
 * </pre>
 * Example: with a limit of 0, after the first 256 bytes of a 1000-byte signature, random data leaves
 * almost no survivor, and the later passes run on those groups only (or not at all).
 */
final class SurvivingGroups {
    /** Offsets per thread group: 64 threads × 4 offsets. */
    static final int OFFSETS_PER_GROUP = 256;

    private final int[] groups;
    private int count;

    SurvivingGroups(int maxGroups) {
        this.groups = new int[maxGroups];
    }

    /** Finds the groups with an offset in {@code [0, offsets)} whose sum is ≤ {@code maxSad}; returns how many. */
    int find(int[] sums, int offsets, int maxSad) {
        count = 0;
        for (int first = 0; first < offsets; first += OFFSETS_PER_GROUP) {
            int end = Math.min(offsets, first + OFFSETS_PER_GROUP);
            for (int t = first; t < end; t++) {
                if (sums[t] <= maxSad) {
                    groups[count++] = first / OFFSETS_PER_GROUP;
                    break;
                }
            }
        }
        return count;
    }

    int count() {
        return count;
    }

    /** Surviving group {@code j}, ascending in {@code j}. */
    int group(int j) {
        return groups[j];
    }
}
