package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.TableFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The search job's table equals a brute-force SAD loop over the bytes, for every tile size (from the
 * longest signature up), split size and partition count, with {@code --max-sad} and with {@code --best}.
 * <pre>
 *   long corpus:  signatures of 1, 1, 3, 4, 5, 6, 63, 64, 257, 1000 and 4096 bytes (wildcards, 00, FF)
 *                 copies planted at, one byte before, across and ending at every boundary of the layouts'
 *                 tiles and splits; at offset 0 and the last offset; cut off by the end of a file
 *                 files of 49160, 40001, 40000, 4096 (the longest fits once), 4095 (it does not), 3, 0 bytes
 *   short corpus: signatures of 1 to 5 bytes and an all-wildcard one, tiles of 5 bytes (the minimum) up
 * </pre>
 */
class SearchOracleIT {
    private static final int NEAR = 24;
    private static final int LONGEST = 4096;
    private static final int[] LONG_LENGTHS = {3, 4, 5, 63, 64, 257, 1000, LONGEST};
    /** Tile and split sizes of the long layouts; copies are planted on their boundaries. */
    private static final int[] LONG_BOUNDARIES = {4096, 4099, 5000, 8192, 12289, 20000};

    @TempDir
    static Path dir;

    private static final AtomicInteger RUNS = new AtomicInteger();
    private static SearchCorpus longCorpus;
    private static BruteForceSearch longOracle;
    private static List<MatchRow> longNear;
    private static SearchCorpus shortCorpus;
    private static BruteForceSearch shortOracle;

    @BeforeAll
    static void writeCorpora() throws IOException {
        longCorpus = longCorpus(dir.resolve("long"));
        longOracle = longCorpus.write();
        longNear = longOracle.withinMaxSad(NEAR);
        shortCorpus = shortCorpus(dir.resolve("short"));
        shortOracle = shortCorpus.write();
    }

    private static SearchCorpus longCorpus(Path root) {
        SearchCorpus corpus = new SearchCorpus(root, 20261201L);
        corpus.signature(Signature.ofHex("zero", "00"));
        corpus.signature(Signature.ofHex("ff", "FF"));
        corpus.signature(Signature.ofHex("zero-run", "00 00 ?? 00 00 00"));
        for (int length : LONG_LENGTHS) {
            corpus.randomSignature("random-" + length, length);
        }
        corpus.file("a.bin", 49_160);
        corpus.file("sub/b.bin", 40_001);
        corpus.file("sub/c.bin", 40_000);
        corpus.file("sub/deeper/fits-once.bin", LONGEST);
        corpus.file("sub/deeper/one-short.bin", LONGEST - 1);
        corpus.file("tiny.bin", 3);
        corpus.file("empty.bin", 0);
        // Each file gets boundaries whose multiples lie at least 400 bytes apart, so copies do not collide.
        plantAround(corpus, "a.bin", 4096, 4_400, 44_000);
        plantAround(corpus, "a.bin", 20_000, 4_400, 44_000);
        plantAround(corpus, "sub/b.bin", 4099, 1_000, 39_000);
        plantAround(corpus, "sub/b.bin", 5000, 1_000, 39_000);
        plantAround(corpus, "sub/c.bin", 12_289, 1_000, 39_000);
        corpus.plant(index(LONGEST), "a.bin", 0, 0);
        corpus.plant(index(LONGEST), "a.bin", 49_160 - LONGEST, NEAR);
        corpus.plant(index(1000), "sub/b.bin", 0, 1);
        corpus.plant(index(257), "sub/b.bin", 40_001 - 257, 0);
        corpus.plant(index(64), "sub/b.bin", 40_001 - 63, 0); // cut off by the end of the file
        corpus.plant(index(1000), "sub/c.bin", 8192 - 500, 0);
        corpus.plant(index(LONGEST), "sub/deeper/fits-once.bin", 0, 0);
        corpus.plant(index(LONGEST), "sub/deeper/one-short.bin", 0, 0); // cut off by the end of the file
        corpus.plant(index(3), "tiny.bin", 0, 0);
        return corpus;
    }

    /**
     * Plants copies around the multiples {@code b} of {@code boundary} in {@code [from, to)}, one kind per
     * multiple: starting at b and ending at b; across b (257 bytes); starting one byte before b; across b
     * (1000 bytes). The kinds cycle every five multiples, so multiples of 2·boundary get every kind too.
     */
    private static void plantAround(SearchCorpus corpus, String file, int boundary, int from, int to) {
        for (int k = (from + boundary - 1) / boundary; k * boundary < to; k++) {
            int b = k * boundary;
            switch (k % 5) {
                case 0, 1 -> {
                    corpus.plant(index(63), file, b, 0);
                    corpus.plant(index(64), file, b - 64, NEAR);
                }
                case 2 -> corpus.plant(index(257), file, b - 128, 3);
                case 3 -> corpus.plant(index(5), file, b - 1, 0);
                default -> corpus.plant(index(1000), file, b - 500, NEAR + 1);
            }
        }
    }

    /** The index of the random signature of {@code length} bytes in the long corpus. */
    private static int index(int length) {
        for (int i = 0; i < LONG_LENGTHS.length; i++) {
            if (LONG_LENGTHS[i] == length) {
                return 3 + i;
            }
        }
        throw new IllegalArgumentException("no signature of " + length + " bytes");
    }

    private static SearchCorpus shortCorpus(Path root) {
        SearchCorpus corpus = new SearchCorpus(root, 7L);
        corpus.signature(Signature.ofHex("zero", "00"));
        corpus.signature(Signature.ofHex("any-two", "?? ??"));
        for (int length = 1; length <= 5; length++) {
            corpus.randomSignature("random-" + length, length);
        }
        corpus.file("a.bin", 6_007);
        corpus.file("b.bin", 4);
        corpus.file("c.bin", 1);
        corpus.file("empty.bin", 0);
        for (int b = 0, planted = 0; b < 6_007; b += 97, planted++) {
            corpus.plant(2 + planted % 5, "a.bin", b, planted % 3 == 0 ? 0 : planted % 7);
        }
        corpus.plant(6, "a.bin", 6_002, 0);
        corpus.plant(5, "b.bin", 0, 0);
        return corpus;
    }

    static Stream<Arguments> longLayouts() {
        return Stream.of(
                Arguments.of("4096", "8192", 0),
                Arguments.of("4099", "12289", 3),
                Arguments.of("5000", "20000", 1),
                Arguments.of("64k", "64m", 0));
    }

    @ParameterizedTest(name = "tile {0}, split {1}, {2} partitions")
    @MethodSource("longLayouts")
    void maxSad_longSignaturesAnyLayout_equalsTheOracle(String tile, String split, int partitions) {
        SearchSummary summary = search(longCorpus, "--max-sad", "" + NEAR, "--tile-size", tile, "--split-size",
                split, "--partitions", "" + partitions);

        assertThat(Searches.read(summary)).containsExactlyElementsOf(longNear);
    }

    @Test
    void oracle_longCorpus_coversBoundariesEndsAndCutOffCopies() {
        String a = path(longCorpus, "a.bin");
        assertThat(longNear).contains(row(longCorpus, "random-4096", "a.bin", 0),
                row(longCorpus, "random-4096", "sub/deeper/fits-once.bin", 0));
        assertThat(longNear).anyMatch(r -> r.signature().equals("random-4096") && r.path().equals(a)
                && r.offset() == 49_160 - LONGEST && r.sad() == NEAR);
        assertThat(longNear).anyMatch(r -> r.path().endsWith("tiny.bin") && r.length() == 3);
        assertThat(longNear).anyMatch(r -> r.length() == 1000 && r.offset() == 8192 - 500);
        for (int boundary : LONG_BOUNDARIES) {
            assertThat(longNear).as("copies starting at, crossing and ending at multiples of %d", boundary)
                    .anyMatch(r -> r.length() > 1 && r.offset() > 0 && r.offset() % boundary == 0)
                    .anyMatch(r -> r.length() > 1 && crosses(r, boundary))
                    .anyMatch(r -> r.length() > 1 && (r.offset() + r.length()) % boundary == 0);
        }
        assertThat(longNear).extracting(MatchRow::sad).contains(0, NEAR).doesNotContain(NEAR + 1);
    }

    @Test
    void exact_defaultMaxSad_equalsTheOracle() {
        SearchSummary summary = search(longCorpus, "--tile-size", "4096", "--split-size", "4096");

        assertThat(Searches.read(summary)).containsExactlyElementsOf(longOracle.withinMaxSad(0));
    }

    @ParameterizedTest(name = "tile {0}, split {1}, {2} partitions")
    @MethodSource("longLayouts")
    void best_longSignaturesAnyLayout_equalsTheOracle(String tile, String split, int partitions) {
        SearchSummary summary = search(longCorpus, "--best", "3", "--tile-size", tile, "--split-size", split,
                "--partitions", "" + partitions);

        assertThat(Searches.read(summary)).containsExactlyElementsOf(longOracle.best(3, Integer.MAX_VALUE));
    }

    @Test
    void bestWithMaxSad_longSignatures_keepsTheBestWithinTheBound() {
        SearchSummary summary = search(longCorpus, "--best", "5", "--max-sad", "" + NEAR, "--tile-size", "8k",
                "--split-size", "12289", "--partitions", "2");

        assertThat(Searches.read(summary)).containsExactlyElementsOf(longOracle.best(5, NEAR));
    }

    static Stream<Arguments> shortLayouts() {
        return Stream.of(
                Arguments.of("5", "64m", 0),
                Arguments.of("6", "4096", 2),
                Arguments.of("64", "777", 5));
    }

    @ParameterizedTest(name = "tile {0}, split {1}, {2} partitions")
    @MethodSource("shortLayouts")
    void maxSad_shortSignaturesTinyTiles_equalsTheOracle(String tile, String split, int partitions) {
        SearchSummary summary = search(shortCorpus, "--max-sad", "" + NEAR, "--tile-size", tile, "--split-size",
                split, "--partitions", "" + partitions);

        assertThat(Searches.read(summary)).containsExactlyElementsOf(shortOracle.withinMaxSad(NEAR));
    }

    @ParameterizedTest(name = "tile {0}, split {1}, {2} partitions")
    @MethodSource("shortLayouts")
    void best_shortSignaturesTinyTiles_equalsTheOracle(String tile, String split, int partitions) {
        SearchSummary summary = search(shortCorpus, "--best", "4", "--tile-size", tile, "--split-size", split,
                "--partitions", "" + partitions);

        assertThat(Searches.read(summary)).containsExactlyElementsOf(shortOracle.best(4, Integer.MAX_VALUE));
    }

    private static SearchSummary search(SearchCorpus corpus, String... options) {
        List<String> args = new ArrayList<>(List.of("--signatures", corpus.signatureFile().toString(),
                "--input", corpus.data().toString(), "--output", dir.resolve("out-" + RUNS.incrementAndGet())
                        .toString(), "--show", "0"));
        args.addAll(List.of(options));
        SearchSummary summary = Searches.run(args.toArray(String[]::new));
        assertThat(summary.format()).isEqualTo(TableFormat.PARQUET);
        return summary;
    }

    private static boolean crosses(MatchRow row, int boundary) {
        long next = (row.offset() / boundary + 1) * boundary;
        return row.offset() % boundary != 0 && row.offset() + row.length() > next;
    }

    private static String path(SearchCorpus corpus, String file) {
        return SearchCorpus.qualified(corpus.data().resolve(file));
    }

    private static MatchRow row(SearchCorpus corpus, String signature, String file, long offset) {
        int length = corpus.signatures().stream().filter(s -> s.name().equals(signature)).findFirst()
                .orElseThrow().length();
        return new MatchRow(signature, path(corpus, file), offset, length, 0);
    }
}
