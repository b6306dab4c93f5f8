package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The K best candidates per signature seen by one task, kept in bounded heaps. Order: lower SAD, then
 * lower path, then lower offset (the order {@code --best} promises). The worst kept score is the limit the
 * scanner may skip above, which keeps the scan cheap once the heaps are full.
 *
 * <p>Example: with K = 2 and candidates (sad 5, off 10), (sad 3, off 20), (sad 5, off 4), the kept ones are
 * (3, 20) and (5, 4); {@code limit(signature)} is then 5.
 */
final class BestMatches {
    /** A candidate match. */
    record Candidate(int signature, String path, long offset, int sad) {
    }

    /** Paths compare by code point, as Spark orders strings (their UTF-8 bytes), not by UTF-16 unit. */
    static final Comparator<Candidate> BEST_FIRST = Comparator.comparingInt(Candidate::sad)
            .thenComparing(Candidate::path, BestMatches::compareCodePoints).thenComparingLong(Candidate::offset);

    private final int k;
    private final int maxSad;
    private final List<PriorityQueue<Candidate>> heaps = new ArrayList<>();

    BestMatches(int signatures, int k, int maxSad) {
        this.k = k;
        this.maxSad = maxSad;
        for (int s = 0; s < signatures; s++) {
            heaps.add(new PriorityQueue<>(BEST_FIRST.reversed()));
        }
    }

    /** The highest score still worth reporting for a signature. */
    int limit(int signature) {
        PriorityQueue<Candidate> heap = heaps.get(signature);
        return heap.size() < k ? maxSad : Math.min(maxSad, heap.peek().sad());
    }

    void offer(Candidate candidate) {
        PriorityQueue<Candidate> heap = heaps.get(candidate.signature());
        if (heap.size() < k) {
            heap.add(candidate);
        } else if (BEST_FIRST.compare(candidate, heap.peek()) < 0) {
            heap.poll();
            heap.add(candidate);
        }
    }

    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /** Everything kept, signature by signature. */
    List<Candidate> kept() {
        List<Candidate> all = new ArrayList<>();
        heaps.forEach(all::addAll);
        return all;
    }
}
