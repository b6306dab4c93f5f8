package org.imbrex.jobs.search;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.imbrex.io.signature.Signature;

/**
 * The order of the match table: by signature name, then path, then offset, strings by code point (the
 * order of their UTF-8 bytes, as Spark sorts strings). A match carries its signature as an index into the
 * plan; this order knows each index's rank among the names.
 *
 * <pre>
 *   index  name     rank          matches in table order
 *   0      zip      2             (mz, a.bin, 7) (mz, b.bin, 0) (png, a.bin, 3) (zip, a.bin, 0)
 *   1      mz       0
 *   2      png      1
 * </pre>
 * Example: {@code TableOrder.of(plan.signatures()).compare(a, b)}.
 */
final class TableOrder implements Comparator<Match>, Serializable {
    private static final long serialVersionUID = 1L;

    private final int[] rank;

    private TableOrder(int[] rank) {
        this.rank = rank;
    }

    static TableOrder of(List<Signature> signatures) {
        Integer[] byName = IntStream.range(0, signatures.size()).boxed().toArray(Integer[]::new);
        Arrays.sort(byName, (a, b) -> {
            int names = Match.compareCodePoints(signatures.get(a).name(), signatures.get(b).name());
            return names != 0 ? names : Integer.compare(a, b);
        });
        int[] rank = new int[signatures.size()];
        for (int r = 0; r < byName.length; r++) {
            rank[byName[r]] = r;
        }
        return new TableOrder(rank);
    }

    /** How many signatures there are. */
    int signatures() {
        return rank.length;
    }

    /** The signature's place among the names: 0 for the first name. */
    int rank(int signature) {
        return rank[signature];
    }

    @Override
    public int compare(Match a, Match b) {
        int signatures = Integer.compare(rank[a.signature()], rank[b.signature()]);
        if (signatures != 0) {
            return signatures;
        }
        int paths = Match.compareCodePoints(a.path(), b.path());
        return paths != 0 ? paths : Long.compare(a.offset(), b.offset());
    }

    /**
     * The order of the summary's best matches: lower SAD first, then table order.
     */
    Comparator<Match> bestFirst() {
        return Comparator.comparingInt(Match::sad).thenComparing(this);
    }
}
