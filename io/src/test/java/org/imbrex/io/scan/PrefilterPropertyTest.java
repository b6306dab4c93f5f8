package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.signature.Signature;

/**
 * The prefiltered scan finds exactly what the brute-force oracle and the unfiltered scan find, on data
 * chosen to defeat filters ({@link FilterDefeatingData}), for limits from 0 to past the anchor planner's
 * range, any tile and split size, and a best-K limit that falls while the scan runs.
 */
class PrefilterPropertyTest {

    @Property(tries = 120)
    void prefilteredScan_filterDefeatingData_findsWhatTheOracleFinds(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 4) int dataKind,
            @ForAll @IntRange(min = 0, max = 4000) int dataLength,
            @ForAll @IntRange(min = 1, max = 6) int signatureCount,
            @ForAll @IntRange(min = 1, max = 40) int longest,
            @ForAll @IntRange(min = 0, max = 30) int maxSad,
            @ForAll @IntRange(min = 0, max = 700) int coreBeyondLongest,
            @ForAll @IntRange(min = 64, max = 5000) int splitSize) throws IOException {
        Random random = new Random(seed);
        byte[] data = FilterDefeatingData.data(dataKind, dataLength, random);
        List<Signature> signatures = signatures(random, signatureCount, longest, data);
        plant(signatures, data, maxSad, random);
        SearchPlan plan = SearchPlan.compile(signatures);

        List<Match> expected = BruteForce.matches(data, signatures, maxSad);
        List<Match> filtered = search(data, plan, longest + coreBeyondLongest, splitSize, ScoreLimit.atMost(maxSad),
                Prefilter.ANCHORS);

        assertThat(filtered).isEqualTo(expected);
        assertThat(search(data, plan, longest + coreBeyondLongest, splitSize, ScoreLimit.atMost(maxSad),
                Prefilter.NONE)).isEqualTo(expected);
    }

    @Property(tries = 30)
    void prefilteredScan_longSignatures_findsWhatTheOracleFinds(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 4) int dataKind,
            @ForAll @IntRange(min = 257, max = 700) int length,
            @ForAll @IntRange(min = 0, max = 24) int maxSad) throws IOException {
        Random random = new Random(seed);
        byte[] data = FilterDefeatingData.data(dataKind, 6000, random);
        List<Signature> signatures = List.of(FilterDefeatingData.signature("long", random.nextInt(5), length, data,
                random), RandomSignatures.of("short", 3, random));
        plant(signatures, data, maxSad, random);

        assertThat(search(data, SearchPlan.compile(signatures), 1024, 2500, ScoreLimit.atMost(maxSad),
                Prefilter.ANCHORS)).isEqualTo(BruteForce.matches(data, signatures, maxSad));
    }

    /**
     * --best K: the limit is the K-th best score so far, so it falls as the scan runs and the anchors are
     * re-planned; the K best (sad, then offset) must still be the oracle's.
     */
    @Property(tries = 40)
    void prefilteredScan_fallingBestKLimit_keepsTheOraclesBestK(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 4) int dataKind,
            @ForAll @IntRange(min = 1, max = 12) int k,
            @ForAll @IntRange(min = 2, max = 30) int length) throws IOException {
        Random random = new Random(seed);
        byte[] data = FilterDefeatingData.data(dataKind, 20000, random);
        List<Signature> signatures = signatures(random, 2, length, data);
        plant(signatures, data, 6, random);
        SearchPlan plan = SearchPlan.compile(signatures);
        Comparator<Match> best = Comparator.comparingInt(Match::sad).thenComparingLong(Match::offset);
        List<PriorityQueue<Match>> heaps = List.of(new PriorityQueue<>(best.reversed()),
                new PriorityQueue<>(best.reversed()));
        ScoreLimit limit = s -> heaps.get(s).size() < k ? Integer.MAX_VALUE : heaps.get(s).peek().sad();

        for (Match match : scanIntoHeaps(data, plan, 512, limit, heaps, k)) {
            assertThat(match.sad()).isLessThanOrEqualTo(BruteForce.sad(signatures.get(match.signature()), data,
                    (int) match.offset()));
        }

        for (int s = 0; s < 2; s++) {
            List<Match> kept = new ArrayList<>(heaps.get(s));
            kept.sort(best);
            List<Match> oracle = new ArrayList<>(BruteForce.matches(data, List.of(signatures.get(s)), Integer.MAX_VALUE)
                    .stream().map(m -> new Match(0, m.offset(), m.sad())).toList());
            oracle.sort(best);
            assertThat(kept.stream().map(m -> m.sad() + "@" + m.offset()).toList())
                    .isEqualTo(oracle.subList(0, Math.min(k, oracle.size())).stream()
                            .map(m -> m.sad() + "@" + m.offset()).toList());
        }
    }

    private static List<Signature> signatures(Random random, int count, int longest, byte[] data) {
        List<Signature> signatures = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            int length = s == 0 ? longest : 1 + random.nextInt(longest);
            signatures.add(FilterDefeatingData.signature("s" + s, random.nextInt(5), length, data, random));
        }
        return signatures;
    }

    /** Plants each signature exactly once and near the limit once, where it fits. */
    private static void plant(List<Signature> signatures, byte[] data, int maxSad, Random random) {
        for (Signature signature : signatures) {
            if (signature.length() <= data.length) {
                int room = data.length - signature.length() + 1;
                RandomSignatures.plant(signature, data, random.nextInt(room), random);
                FilterDefeatingData.plantNear(signature, data, random.nextInt(room), Math.max(0, maxSad - 1
                        + random.nextInt(3)), random);
            }
        }
    }

    private static List<Match> search(byte[] data, SearchPlan plan, int core, int splitSize, ScoreLimit limit,
            Prefilter prefilter) throws IOException {
        java.nio.file.Path file = Files.createTempFile("imbrex-prefilter", ".bin");
        try {
            Files.write(file, data);
            return Scans.search(new org.apache.hadoop.fs.Path(file.toUri()).toString(), plan, core, splitSize, limit,
                    prefilter);
        } finally {
            Files.delete(file);
        }
    }

    /** Scans {@code data} offering each match to its signature's heap of the K best as it is reported. */
    private static List<Match> scanIntoHeaps(byte[] data, SearchPlan plan, int core, ScoreLimit limit,
            List<PriorityQueue<Match>> heaps, int k) throws IOException {
        java.nio.file.Path file = Files.createTempFile("imbrex-prefilter", ".bin");
        List<Match> reported = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            Files.write(file, data);
            String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
            Configuration conf = new Configuration();
            try (TileScanner scanner = new TileScanner(plan, core, allocator, ScanShaders.java(), Prefilter.ANCHORS)) {
                for (ByteRange range : Scans.ranges(conf, List.of(path), 7000)) {
                    scanner.scan(FileSystem.getLocal(conf), range, limit, (s, offset, sad) -> {
                        Match match = new Match(s, offset, sad);
                        reported.add(match);
                        PriorityQueue<Match> heap = heaps.get(s);
                        heap.add(match);
                        if (heap.size() > k) {
                            heap.poll();
                        }
                    });
                }
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
            return reported;
        } finally {
            Files.delete(file);
        }
    }
}
