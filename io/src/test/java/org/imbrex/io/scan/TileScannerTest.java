package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.signature.Signature;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.dispatch.ThreadContext;
import org.imbrex.kernels.dispatch.ThreadShader;
import org.imbrex.kernels.intrinsics.Msad4;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TileScannerTest {
    private static final int[] LENGTHS = {1, 3, 4, 5, 63, 64, 257, 1000, 4096};

    @TempDir
    java.nio.file.Path dir;

    private final BufferAllocator allocator = new RootAllocator();
    private final FileSystem fs;

    TileScannerTest() throws IOException {
        fs = FileSystem.getLocal(new Configuration());
    }

    @AfterEach
    void closeAllocator() {
        long outstanding = allocator.getAllocatedMemory();
        allocator.close();
        assertThat(outstanding).isZero();
    }

    private String write(String name, byte[] data) throws IOException {
        java.nio.file.Path file = dir.resolve(name);
        Files.write(file, data);
        return new org.apache.hadoop.fs.Path(file.toUri()).toString();
    }

    private static List<Signature> signaturesOfEveryLength(Random random) {
        List<Signature> signatures = new ArrayList<>();
        for (int length : LENGTHS) {
            signatures.add(RandomSignatures.of("len" + length, length, random));
        }
        return signatures;
    }

    private List<Match> scanWhole(TileScanner scanner, String path, long length, ScoreLimit limit) throws IOException {
        List<Match> matches = new ArrayList<>();
        scanner.scan(fs, ByteRange.wholeFile(path, length), limit, (s, o, sad) -> matches.add(new Match(s, o, sad)));
        matches.sort(null);
        return matches;
    }

    @ParameterizedTest
    @ValueSource(ints = {4096, 4097, 5000, 8191, 20000})
    void scan_randomData_scoresEveryOffsetLikeTheOracle(int core) throws IOException {
        Random random = new Random(7);
        List<Signature> signatures = signaturesOfEveryLength(random);
        byte[] data = new byte[9001];
        random.nextBytes(data);
        String path = write("random.bin", data);

        try (TileScanner scanner = new TileScanner(SearchPlan.compile(signatures), core, allocator)) {
            assertThat(scanWhole(scanner, path, data.length, ScoreLimit.any()))
                    .isEqualTo(BruteForce.matches(data, signatures, Integer.MAX_VALUE));
        }
    }

    @Test
    void scan_matchesOnTileAndSplitBoundaries_foundOnceWithEveryTileAndSplitSize() throws IOException {
        Random random = new Random(11);
        List<Signature> signatures = signaturesOfEveryLength(random);
        SearchPlan plan = SearchPlan.compile(signatures);
        byte[] data = new byte[40_000];
        random.nextBytes(data);
        // Offset 0, then on or one byte before multiples of 4096 and 6144 (tile and split sizes below).
        int[] places = {0, 4096, 6143, 8192, 12287, 16384, 20479, 24576, 28671};
        for (int s = 0; s < signatures.size(); s++) {
            RandomSignatures.plant(signatures.get(s), data, places[s], random);
        }
        RandomSignatures.plant(signatures.get(4), data, data.length - 63, random);
        String path = write("planted.bin", data);
        List<Match> expected = BruteForce.matches(data, signatures, 0);
        for (int s = 0; s < signatures.size(); s++) {
            assertThat(expected).contains(new Match(s, places[s], 0));
        }
        assertThat(expected).contains(new Match(4, data.length - 63, 0));

        long[][] coreAndSplit = {{4096, 1000}, {4096, 6144}, {6144, 4096}, {16384, 8192}, {16384, data.length}};
        for (long[] sizes : coreAndSplit) {
            assertThat(Scans.search(path, plan, (int) sizes[0], sizes[1], ScoreLimit.atMost(0)))
                    .as("core %d, split %d", sizes[0], sizes[1]).isEqualTo(expected);
        }
    }

    @Test
    void scan_oneByteSplits_findEveryMatchOnce() throws IOException {
        Random random = new Random(13);
        List<Signature> signatures = List.of(RandomSignatures.of("a", 5, random), Signature.ofHex("z", "00 ?? 00"),
                RandomSignatures.of("b", 9, random));
        byte[] data = new byte[300];
        random.nextBytes(data);
        RandomSignatures.plant(signatures.get(0), data, 0, random);
        RandomSignatures.plant(signatures.get(1), data, 150, random);
        RandomSignatures.plant(signatures.get(2), data, 291, random);
        String path = write("tiny-splits.bin", data);

        assertThat(Scans.search(path, SearchPlan.compile(signatures), 9, 1, ScoreLimit.atMost(40)))
                .isEqualTo(BruteForce.matches(data, signatures, 40))
                .contains(new Match(0, 0, 0), new Match(1, 150, 0), new Match(2, 291, 0));
    }

    @Test
    void scan_fewSurvivingGroups_laterPassesRunOnThemAloneAndStayExact() throws IOException {
        Random random = new Random(17);
        Signature signature = RandomSignatures.of("long", 1000, random);
        byte[] data = new byte[64 * 1024];
        random.nextBytes(data);
        RandomSignatures.plant(signature, data, 300, random);
        RandomSignatures.plant(signature, data, 40_000, random);
        data[40_000 + 900] ^= 0x01;   // a near match: differs in the fourth chunk only
        String path = write("survivors.bin", data);
        List<Match> expected = BruteForce.matches(data, List.of(signature), 1);

        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(signature)), 64 * 1024, allocator)) {
            assertThat(scanWhole(scanner, path, data.length, ScoreLimit.atMost(1))).isEqualTo(expected)
                    .extracting(Match::offset).containsExactly(300L, 40_000L);
        }
    }

    @Test
    void scan_nearMatchesWithinLimit_areReportedWithTheirScore() throws IOException {
        Signature signature = Signature.ofHex("s", "10 00 ?? FF 20");
        byte[] data = {0x10, 0x00, 0x55, (byte) 0xFF, 0x20, 0x12, 0x03, 0x00, (byte) 0xF0, 0x20, 0x10, 0x00};
        String path = write("near.bin", data);

        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(signature)), 8, allocator)) {
            assertThat(scanWhole(scanner, path, data.length, ScoreLimit.atMost(20)))
                    .containsExactly(new Match(0, 0, 0), new Match(0, 5, 2 + 3 + 15));
        }
    }

    @Test
    void scan_fileShorterThanSignature_findsNothingAndDispatchesNothing() throws IOException {
        String path = write("short.bin", new byte[] {0x4D, 0x5A});
        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(Signature.ofHex("s", "4D 5A 90"))), 16,
                allocator)) {
            List<Match> matches = new ArrayList<>();
            ScanStats stats = scanner.scan(fs, ByteRange.wholeFile(path, 2), ScoreLimit.any(),
                    (s, o, sad) -> matches.add(new Match(s, o, sad)));

            assertThat(matches).isEmpty();
            assertThat(stats).isEqualTo(new ScanStats(2, 0, 0, 0));
        }
    }

    @Test
    void scan_emptyFile_findsNothing() throws IOException {
        String path = write("empty.bin", new byte[0]);
        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(Signature.ofHex("s", "??"))), 4,
                allocator)) {
            assertThat(scanWhole(scanner, path, 0, ScoreLimit.any())).isEmpty();
        }
    }

    @Test
    void scan_fileExactlyAsLongAsTheSignature_matchesAtZeroOnly() throws IOException {
        byte[] data = {0, 0, 0, 0, 0};
        String path = write("exact.bin", data);
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("zeros", "00 00 00 00 00"),
                Signature.ofHex("one", "00")));

        try (TileScanner scanner = new TileScanner(plan, 5, allocator)) {
            assertThat(scanWhole(scanner, path, data.length, ScoreLimit.atMost(0))).containsExactly(
                    new Match(0, 0, 0), new Match(1, 0, 0), new Match(1, 1, 0), new Match(1, 2, 0),
                    new Match(1, 3, 0), new Match(1, 4, 0));
        }
    }

    @Test
    void scan_wildcardOnlySignature_scoresZeroWhereverItFits() throws IOException {
        String path = write("w.bin", new byte[] {1, 2, 3, 4, 5});
        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(Signature.ofHex("w", "?? ?? ??"))), 3,
                allocator)) {
            assertThat(scanWhole(scanner, path, 5, ScoreLimit.atMost(0)))
                    .containsExactly(new Match(0, 0, 0), new Match(0, 1, 0), new Match(0, 2, 0));
        }
    }

    @Test
    void scan_longSignatureAgainstItsComplement_scoresBeyond65535Exactly() throws IOException {
        byte[] pattern = new byte[4096];
        byte[] data = new byte[4096];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i % 2 == 0 ? 0xFF : 0x00);
            data[i] = (byte) ~pattern[i];
        }
        String path = write("far.bin", data);
        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(new Signature("far", pattern,
                new boolean[4096]))), 4096, allocator)) {
            assertThat(scanWhole(scanner, path, data.length, ScoreLimit.any()))
                    .containsExactly(new Match(0, 0, 4096 * 255));
        }
    }

    @Test
    void scan_limitTightenedBySink_isReadAgainAfterEveryMatch() throws IOException {
        Random random = new Random(3);
        byte[] data = new byte[5000];
        random.nextBytes(data);
        String path = write("best.bin", data);
        Signature signature = RandomSignatures.of("s", 6, random);
        int[] best = {Integer.MAX_VALUE};
        List<Match> reported = new ArrayList<>();

        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(signature)), 1024, allocator)) {
            scanner.scan(fs, ByteRange.wholeFile(path, data.length), s -> best[s],
                    (s, o, sad) -> {
                        reported.add(new Match(s, o, sad));
                        best[s] = sad - 1;
                    });
        }

        Match oracleBest = BruteForce.matches(data, List.of(signature), Integer.MAX_VALUE).stream()
                .min((a, b) -> a.sad() != b.sad() ? Integer.compare(a.sad(), b.sad()) : Long.compare(a.offset(), b.offset()))
                .orElseThrow();
        assertThat(reported).extracting(Match::sad).isSortedAccordingTo((a, b) -> Integer.compare(b, a))
                .doesNotHaveDuplicates();
        assertThat(reported.get(reported.size() - 1)).isEqualTo(oracleBest);
    }

    @Test
    void scan_limitRisingAfterAMatch_neverReportsAPartialScore() throws IOException {
        Random random = new Random(19);
        Signature signature = RandomSignatures.of("s", 300, random);
        byte[] data = new byte[4096];
        random.nextBytes(data);
        RandomSignatures.plant(signature, data, 0, random);
        String path = write("rising.bin", data);
        int[] limit = {10};
        List<Match> reported = new ArrayList<>();

        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(signature)), 1024, allocator)) {
            scanner.scan(fs, ByteRange.wholeFile(path, data.length), s -> limit[s], (s, o, sad) -> {
                reported.add(new Match(s, o, sad));
                limit[s] = Integer.MAX_VALUE;
            });
        }

        for (Match match : reported) {
            assertThat(match.sad()).isEqualTo(BruteForce.sad(signature, data, (int) match.offset()));
        }
        assertThat(reported).extracting(Match::offset).containsExactlyElementsOf(LongStream.concat(
                LongStream.of(0), LongStream.rangeClosed(1024, data.length - 300)).boxed().toList());
    }

    @Test
    void scan_negativeLimit_skipsTheSignatureWithoutDispatching() throws IOException {
        byte[] data = new byte[100];
        String path = write("skip.bin", data);
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("a", "00"), Signature.ofHex("b", "00 01")));

        try (TileScanner scanner = new TileScanner(plan, 32, allocator)) {
            List<Match> matches = new ArrayList<>();
            ScanStats stats = scanner.scan(fs, ByteRange.wholeFile(path, 100), s -> s == 0 ? -1 : 0,
                    (s, o, sad) -> matches.add(new Match(s, o, sad)));

            assertThat(matches).isEmpty();
            // b = PLAIN {0x0100} + COMPLEMENT {0x00FF}; the PLAIN pass scores 1 everywhere, so no group
            // survives a limit of 0 and the COMPLEMENT pass never runs: 1 Dispatch in each of the 4 tiles.
            assertThat(stats).isEqualTo(new ScanStats(100, 4, 4, 0));
        }
    }

    @Test
    void scan_rangesOfAFile_reportOnlyTheirOwnOffsets() throws IOException {
        byte[] data = new byte[64];
        String path = write("zeros.bin", data);
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("z", "00 00 00")));

        try (TileScanner scanner = new TileScanner(plan, 8, allocator)) {
            List<Long> offsets = new ArrayList<>();
            ScanStats stats = scanner.scan(fs, new ByteRange(path, 10, 20, 64), ScoreLimit.atMost(0),
                    (s, o, sad) -> offsets.add(o));
            scanner.scan(fs, new ByteRange(path, 55, 9, 64), ScoreLimit.atMost(0), (s, o, sad) -> offsets.add(o));

            assertThat(offsets).containsExactlyElementsOf(
                    IntStream.concat(IntStream.range(10, 30), IntStream.rangeClosed(55, 61)).mapToObj(i -> (long) i)
                            .toList());
            assertThat(stats).isEqualTo(new ScanStats(20, 3, 3, 20));
        }
    }

    @Test
    void scan_uavIsAllocatedOnceAndReused() throws IOException {
        // Any SAD: the prefilter covers no signature, so the first tile makes the whole-tile passes.
        byte[] data = new byte[10_000];
        String path = write("reuse.bin", data);
        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(Signature.ofHex("a", "01"))), 1000,
                allocator)) {
            ScanStats first = scanner.scan(fs, ByteRange.wholeFile(path, data.length), ScoreLimit.any(), (s, o, sad) -> { });
            long allocated = allocator.getAllocatedMemory(); // the whole-tile passes, made for this scan
            scanner.scan(fs, ByteRange.wholeFile(path, data.length), ScoreLimit.any(), (s, o, sad) -> { });

            assertThat(allocated).isPositive();
            assertThat(allocator.getAllocatedMemory()).isEqualTo(allocated);
            assertThat(first.tiles()).isEqualTo(10);
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    @Test
    void scan_signaturesThePrefilterCovers_makeNoWholeTilePasses() throws IOException {
        byte[] data = new byte[10_000];
        data[5_000] = 0x11;
        data[5_001] = 0x22;
        data[5_002] = 0x33;
        data[5_003] = 0x44;
        String path = write("lazy.bin", data);
        List<Long> found = new ArrayList<>();
        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(Signature.ofHex("a", "11223344"))),
                1000, allocator)) {
            long made = allocator.getAllocatedMemory();
            scanner.scan(fs, ByteRange.wholeFile(path, data.length), ScoreLimit.atMost(0), (s, o, sad) -> found.add(o));
            long exact = allocator.getAllocatedMemory();
            // Any SAD is a limit the prefilter cannot bound: the whole-tile passes are made now.
            scanner.scan(fs, ByteRange.wholeFile(path, data.length), ScoreLimit.any(), (s, o, sad) -> { });

            assertThat(found).containsExactly(5_000L);
            assertThat(exact).isEqualTo(made);
            assertThat(allocator.getAllocatedMemory()).isGreaterThan(exact);
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    @Test
    void scan_threadShaderWithTheSameBindings_givesTheSameMatches() throws IOException {
        Random random = new Random(5);
        List<Signature> signatures = List.of(RandomSignatures.of("a", 70, random), RandomSignatures.of("b", 5, random));
        SearchPlan plan = SearchPlan.compile(signatures);
        byte[] data = new byte[700];
        random.nextBytes(data);
        String path = write("thread.bin", data);

        try (TileScanner scanner = new TileScanner(plan, 128, allocator, HlslPerThread::new)) {
            assertThat(scanWhole(scanner, path, data.length, ScoreLimit.any()))
                    .isEqualTo(BruteForce.matches(data, signatures, Integer.MAX_VALUE));
        }
    }

    @Test
    void scan_rangePastTheRealFileEnd_failsNamingTheFile() throws IOException {
        String path = write("truncated.bin", new byte[10]);
        try (TileScanner scanner = new TileScanner(SearchPlan.compile(List.of(Signature.ofHex("a", "01"))), 8,
                allocator)) {
            assertThatThrownBy(() -> scanner.scan(fs, ByteRange.wholeFile(path, 20), ScoreLimit.any(), (s, o, sad) -> { }))
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("cannot read " + path + " bytes [8, 16) of 20");
        }
    }

    @Test
    void constructor_tileSmallerThanLongestSignature_isRefused() {
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("short", "01"), Signature.ofHex("long", "01 02 03")));

        assertThatThrownBy(() -> new TileScanner(plan, 2, allocator)).hasMessage(
                "tile size 2 is smaller than signature 'long' (3 bytes); use a tile of at least 3 bytes");
    }

    @Test
    void constructor_tileOverTheDispatchLimit_isRefused() {
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("a", "01")));

        assertThatThrownBy(() -> new TileScanner(plan, TileScanner.MAX_CORE + 1, allocator)).hasMessage(
                "tile size 16776961 is too large; at most 16776960 bytes (65535 groups × 64 threads × 4 bytes)");
    }

    @Test
    void scan_largestTile_dispatches65535Groups() throws IOException {
        java.nio.file.Path file = dir.resolve("big.bin");
        try (java.io.RandomAccessFile sparse = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(TileScanner.MAX_CORE + 10L);
            sparse.seek(TileScanner.MAX_CORE - 1L);
            sparse.write(new byte[] {0x7A, 0x7B});
        }
        String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("ab", "7A 7B")));

        try (TileScanner scanner = new TileScanner(plan, TileScanner.MAX_CORE, allocator)) {
            List<Match> matches = new ArrayList<>();
            ScanStats stats = scanner.scan(fs, ByteRange.wholeFile(path, TileScanner.MAX_CORE + 10L),
                    ScoreLimit.atMost(0), (s, o, sad) -> matches.add(new Match(s, o, sad)));

            assertThat(matches).containsExactly(new Match(0, TileScanner.MAX_CORE - 1L, 0));
            assertThat(stats.tiles()).isEqualTo(2);
        }
    }

    /** Msad4Search.hlsl written per thread, statement by statement, with the same t0/t1/u0/cb0 bindings. */
    private static final class HlslPerThread implements ThreadShader {
        @Override
        public String name() {
            return "msad4-search-per-thread";
        }

        @Override
        public NumThreads numThreads() {
            return NumThreads.of(64, 1, 1);
        }

        @Override
        public void main(ThreadContext thread) {
            int dtid = thread.dispatchThreadIdX();
            int refSize = thread.resources().constantBuffer(0).word(0);
            int[] accum = {0, 0, 0, 0};
            for (int i = 0; i < refSize; i++) {
                accum = Msad4.msad4(thread.resources().typedBuffer(0).ldX(i),
                        thread.resources().typedBuffer(1).ldX(dtid + i),
                        thread.resources().typedBuffer(1).ldX(dtid + i + 1), accum);
            }
            thread.resources().rwBuffer(0).storeUint4(dtid, accum[0], accum[1], accum[2], accum[3]);
        }
    }
}
