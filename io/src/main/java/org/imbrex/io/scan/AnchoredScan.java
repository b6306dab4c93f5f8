package org.imbrex.io.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.io.signature.Signature;
import org.imbrex.io.tile.Tile;

/**
 * The anchored part of a scan: which signatures the prefilter covers at their current limits, the
 * {@link AnchorTable} of their anchors, the filter Dispatch per tile, and the gather Dispatches that score
 * what it leaves. A signature it does not cover (no anchor pays at its limit, its limit is unbounded, or
 * its candidates overflowed in this tile) is scored densely by the scanner, as without a prefilter.
 * <pre>
 *   per tile:  limits[s] = limit.maxSad(s)
 *              re-plan s when its limit rose above the plan's, or fell below half of it
 *              (re-planned: KeyStrides picks the stride the filter tests exact keys at)
 *              GramFilter Dispatch → CandidateFilter → per covered s: (limit &gt; 0: SumBound Dispatch, drop
 *              words bounded above the limit) → Msad4Gather passes → matches
 * </pre>
 * Anchors are planned once the first tile is loaded, from its gram statistics (or taken over from the
 * scanner of this JVM that planned the same signatures for the same limits first: the tasks of a job plan
 * once); a plan holds for every
 * limit up to the one it was made for, so a falling limit (--best K) keeps it valid. Example: with {@code
 * ScoreLimit.atMost(0)} every signature with two literal bytes in a row gets one exact anchor, once.
 */
final class AnchoredScan implements AutoCloseable {
    /** A limit no plan was made for yet. */
    private static final int NEVER = Integer.MIN_VALUE;

    private final SearchPlan plan;
    private final CandidateFilter filter;
    private final GatherPasses gather;
    private final SumBoundFilter bounds;
    private final int[] boundAt = new int[GatherPasses.BATCH];
    private final List<List<Anchor>> anchorsOf = new ArrayList<>();
    private final int[] plannedFor;
    /** Each signature's length, read per tile for every signature: an array, not thousands of objects. */
    private final int[] lengths;
    private final int[] limits;
    private final int[] offsets;
    private final boolean[] covers;
    private final long[] dispatches = new long[1];
    private GramStatistics stats;
    private AnchorTable table;

    AnchoredScan(SearchPlan plan, int maxWords, BufferAllocator allocator, ScanShaders shaders) {
        this.plan = plan;
        int n = plan.signatureCount();
        this.plannedFor = new int[n];
        this.lengths = new int[n];
        for (int s = 0; s < n; s++) {
            lengths[s] = plan.signature(s).length();
        }
        this.limits = new int[n];
        this.offsets = new int[n];
        this.covers = new boolean[n];
        Arrays.fill(plannedFor, NEVER);
        for (int s = 0; s < n; s++) {
            anchorsOf.add(null);
        }
        this.filter = new CandidateFilter(maxWords, n, allocator, shaders.filter().get(), shaders.quadFilter().get());
        GatherPasses made = null;
        try {
            made = new GatherPasses(plan.passes(), allocator, shaders.gather().get());
            this.bounds = new SumBoundFilter(plan, allocator, shaders.bound().get());
        } catch (RuntimeException failure) {
            filter.close();
            if (made != null) {
                made.close();
            }
            throw failure;
        }
        this.gather = made;
    }

    /**
     * Reads the limits, re-plans what needs it, and runs the filter over the loaded tile; returns the
     * number of Dispatches.
     */
    int filter(TileData data, Tile tile, long fileLength, ScoreLimit limit) {
        // The loops over the signatures are methods of their own, which C2 compiles (conf/jit-directives.json),
        // while this one stays with C1: a rule search's thousands of signatures made its loops hot, and HotSpot
        // 17 kept compiling them on-stack at tier 3 and throwing the code away; compiled by C2 whole, with the
        // filter inlined, it cost a short search more than it gained.
        readLimits(limit, limits);
        replan(data, tile);
        if (!cover(tile, fileLength)) {
            return 0;
        }
        int ran = filter.run(table, data, offsets);
        dropOverflowed();
        return ran;
    }

    private static void readLimits(ScoreLimit limit, int[] limits) {
        for (int s = 0; s < limits.length; s++) {
            limits[s] = limit.maxSad(s);
        }
    }

    /** Which signatures the filter covers in this tile, and their offsets; whether any is. */
    private boolean cover(Tile tile, long fileLength) {
        boolean any = false;
        for (int s = 0; s < limits.length; s++) {
            boolean covered = table.anchors(s) && limits[s] >= 0 && limits[s] <= plannedFor[s];
            offsets[s] = covered ? tile.offsetsFitting(fileLength, lengths[s]) : 0;
            covers[s] = covered;
            any |= covered;
        }
        return any;
    }

    /** A signature whose candidates overflowed their list is scored without the filter. */
    private void dropOverflowed() {
        for (int s = 0; s < limits.length; s++) {
            covers[s] &= !filter.overflowed(s);
        }
    }

    private void replan(TileData data, Tile tile) {
        if (stats == null) {
            FirstPlan first = lastFirstPlan;
            if (first != null && first.limits().length == limits.length && Arrays.equals(first.limits(), limits)
                    && first.signatures().equals(plan.signatures())) {
                adopt(first);
                return;
            }
            stats = GramStatistics.sample(data.bytes(), tile.dataLength());
        }
        boolean firstTile = table == null;
        replanStale();
        if (firstTile) {
            lastFirstPlan = new FirstPlan(plan.signatures(), limits.clone(), stats, java.util.Collections.unmodifiableList(new ArrayList<>(anchorsOf)), table);
        }
    }

    /**
     * The anchors another scanner of this JVM planned on its first tile for the same signatures and limits:
     * any anchors are exact whatever data their statistics came from, so the tasks of a job plan once.
     */
    private record FirstPlan(List<Signature> signatures, int[] limits, GramStatistics stats,
            List<List<Anchor>> anchors, AnchorTable table) {
    }

    private static volatile FirstPlan lastFirstPlan;

    private void adopt(FirstPlan first) {
        stats = first.stats();
        for (int s = 0; s < limits.length; s++) {
            anchorsOf.set(s, first.anchors().get(s));
            plannedFor[s] = limits[s];
        }
        table = first.table();
    }

    private void replanStale() {
        boolean changed = table == null;
        for (int s = 0; s < limits.length; s++) {
            int wanted = limits[s];
            int planned = plannedFor[s];
            boolean stale = planned == NEVER || (wanted >= 0 && (wanted > planned || wanted < planned / 2));
            if (stale) {
                anchorsOf.set(s, AnchorPlanner.plan(s, plan.signature(s), wanted, stats));
                plannedFor[s] = wanted;
                changed = true;
            }
        }
        if (changed) {
            table = AnchorTable.of(KeyStrides.choose(plan.signatures(), anchorsOf, plannedFor, stats), limits.length);
        }
    }

    /** The key classes of the current table (bit k: class k has a key), 0 before the first tile. */
    int keyedClasses() {
        return table == null ? 0 : table.keyedClasses;
    }

    /** Anchors of the current table keyed by four bytes, 0 before the first tile. */
    int quadKeyed() {
        return table == null || table.quads == null ? 0 : table.quads.entryAnchor.length;
    }

    /** True when signature {@code s} is scored from its candidates in the tile just filtered. */
    boolean covers(int s) {
        return covers[s];
    }

    /**
     * Scores signature {@code s}'s candidates in the loaded tile and reports its matches, offsets ascending;
     * returns the number of Dispatches.
     */
    int score(int s, TileData data, Tile tile, ScoreLimit limit, MatchSink sink, long[] matches) {
        int count = filter.count(s);
        if (count == 0) {
            return 0;
        }
        dispatches[0] = 0;
        int maxSad = Math.min(limits[s], limit.maxSad(s));
        int[] words = filter.words(s);
        if (maxSad > 0) {
            count = bounds.keep(s, data, words, count, maxSad, boundAt, dispatches);
        }
        int kept = gather.score(plan, s, data, words, count, maxSad, dispatches);
        int[] sums = gather.sums();
        for (int x = 0; x < kept; x++) {
            for (int k = 0; k < 4; k++) {
                int t = 4 * words[x] + k;
                int sad = sums[4 * x + k];
                if (t < offsets[s] && sad <= maxSad) {
                    sink.accept(s, tile.start() + t, sad);
                    matches[0]++;
                    maxSad = Math.min(maxSad, limit.maxSad(s));
                }
            }
        }
        return (int) dispatches[0];
    }

    @Override
    public void close() {
        try {
            filter.close();
        } finally {
            try {
                gather.close();
            } finally {
                bounds.close();
            }
        }
    }
}
