package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The K best matches per signature seen by one task, kept in bounded heaps, in the order {@code --best}
 * promises ({@link Match#BEST_FIRST}). The worst kept score is the limit the scanner may skip above, which
 * keeps the scan cheap once the heaps are full.
 *
 * <p>Example: with K = 2 and matches (sad 5, off 10), (sad 3, off 20), (sad 5, off 4), the kept ones are
 * (3, 20) and (5, 4); {@code limit(signature)} is then 5.
 */
final class BestMatches {
    private final int k;
    private final int maxSad;
    private final List<PriorityQueue<Match>> heaps = new ArrayList<>();

    BestMatches(int signatures, int k, int maxSad) {
        this.k = k;
        this.maxSad = maxSad;
        for (int s = 0; s < signatures; s++) {
            heaps.add(new PriorityQueue<>(Match.BEST_FIRST.reversed()));
        }
    }

    /** The highest score still worth reporting for a signature. */
    int limit(int signature) {
        PriorityQueue<Match> heap = heaps.get(signature);
        return heap.size() < k ? maxSad : Math.min(maxSad, heap.peek().sad());
    }

    void offer(Match match) {
        PriorityQueue<Match> heap = heaps.get(match.signature());
        if (heap.size() < k) {
            heap.add(match);
        } else if (Match.BEST_FIRST.compare(match, heap.peek()) < 0) {
            heap.poll();
            heap.add(match);
        }
    }

    /** Everything kept, signature by signature. */
    List<Match> kept() {
        List<Match> all = new ArrayList<>();
        heaps.forEach(all::addAll);
        return all;
    }
}
