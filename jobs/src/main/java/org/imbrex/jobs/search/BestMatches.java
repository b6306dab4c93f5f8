package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * The K best matches per signature seen by one task, kept in bounded heaps, in the order {@code --best}
 * promises ({@link Match#BEST_FIRST}). The worst kept score is the limit the scanner may skip above, which
 * keeps the scan cheap once the heaps are full.
 *
 * <p>The heaps together hold at most {@code heldRows} matches. Past that (a K too large for the task's
 * memory), a signature's heap is handed on whole and its later matches pass straight on while they score
 * at most the limit the heap had: the write task picks each signature's K best from everything the scan
 * tasks send ({@link BestQuota}), so the scan's heaps only make that less, and handing rows on never loses
 * one of the K best.
 * <pre>
 *   held ≤ heldRows:  offer → heap (K per signature) → kept() when the task's ranges are done
 *   held > heldRows:  the largest heap → onward, limit frozen; its later offers ≤ limit → onward
 * </pre>
 * Example: with K = 2 and matches (sad 5, off 10), (sad 3, off 20), (sad 5, off 4), the kept ones are
 * (3, 20) and (5, 4); {@code limit(signature)} is then 5.
 */
final class BestMatches {
    /** A held match's heap cost, estimated: the {@link Match} (32 bytes) and its heap slot, with slack. */
    static final int BYTES_PER_HELD_MATCH = 64;

    private final int k;
    private final int maxSad;
    private final long heldRows;
    private final Consumer<Match> onward;
    private final List<PriorityQueue<Match>> heaps = new ArrayList<>();
    /** Per signature: −1 while heaped, else the limit its matches pass on under. */
    private final int[] passing;
    private long held;

    /** Heaps of at most an eighth of this JVM's heap; handed-on matches go to {@code onward}. */
    BestMatches(int signatures, int k, int maxSad, Consumer<Match> onward) {
        this(signatures, k, maxSad, Runtime.getRuntime().maxMemory() / 8 / BYTES_PER_HELD_MATCH, onward);
    }

    BestMatches(int signatures, int k, int maxSad, long heldRows, Consumer<Match> onward) {
        this.k = k;
        this.maxSad = maxSad;
        this.heldRows = Math.max(1, heldRows);
        this.onward = onward;
        this.passing = new int[signatures];
        for (int s = 0; s < signatures; s++) {
            heaps.add(new PriorityQueue<>(Match.BEST_FIRST.reversed()));
            passing[s] = -1;
        }
    }

    /** The highest score still worth reporting for a signature. */
    int limit(int signature) {
        if (passing[signature] >= 0) {
            return passing[signature];
        }
        PriorityQueue<Match> heap = heaps.get(signature);
        return heap.size() < k ? maxSad : Math.min(maxSad, heap.peek().sad());
    }

    void offer(Match match) {
        int s = match.signature();
        if (passing[s] >= 0) {
            if (match.sad() <= passing[s]) {
                onward.accept(match);
            }
            return;
        }
        PriorityQueue<Match> heap = heaps.get(s);
        if (heap.size() < k) {
            heap.add(match);
            if (++held > heldRows) {
                handOnLargest();
            }
        } else if (Match.BEST_FIRST.compare(match, heap.peek()) < 0) {
            heap.poll();
            heap.add(match);
        }
    }

    /** Hands the largest heap on and lets its signature's matches pass under the heap's limit from now on. */
    private void handOnLargest() {
        int largest = 0;
        for (int s = 1; s < heaps.size(); s++) {
            if (heaps.get(s).size() > heaps.get(largest).size()) {
                largest = s;
            }
        }
        passing[largest] = Math.max(0, limit(largest));
        PriorityQueue<Match> heap = heaps.get(largest);
        held -= heap.size();
        heap.forEach(onward);
        heap.clear();
    }

    /** Signatures whose matches pass on instead of being heaped. */
    int passingSignatures() {
        int n = 0;
        for (int p : passing) {
            n += p >= 0 ? 1 : 0;
        }
        return n;
    }

    /** Everything still heaped, signature by signature. */
    List<Match> kept() {
        List<Match> all = new ArrayList<>();
        heaps.forEach(all::addAll);
        return all;
    }
}
