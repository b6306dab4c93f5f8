package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.testing.JobEvents;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of tiny files are packed into a few scan tasks, and the table is still the brute-force
 * oracle's, for any packing and with the ranges spread over {@code --partitions}.
 * <pre>
 *   3,000 files of 0 to 599 bytes in 30 directories: some empty, some shorter than every signature
 *   signatures of 4, 7 and 16 bytes (wildcards, 00, FF), planted exactly and 3 off, also at offset 0 and
 *   ending at a file's last byte; one cut off by the end of its file
 *   a scan task weighs the files' lengths plus the open cost each: 3,000 × 64 KiB fill 3 splits of 64 MiB;
 *   --split-size auto makes as many tasks as the session has cores, at most
 * </pre>
 */
class SmallFilesSearchIT {
    private static final int FILES = 3_000;
    private static final int NEAR = 3;

    @TempDir
    static Path dir;

    private static final AtomicInteger RUNS = new AtomicInteger();
    private static SearchCorpus corpus;
    private static BruteForceSearch oracle;
    private static long totalBytes;
    private static int longestFile;

    @BeforeAll
    static void writeCorpus() throws IOException {
        corpus = new SearchCorpus(dir.resolve("tiny"), 3000L);
        corpus.signature(Signature.ofHex("mz", "4D 5A ?? 00"));
        corpus.randomSignature("random-7", 7);
        corpus.randomSignature("random-16", 16);
        for (int f = 0; f < FILES; f++) {
            String file = name(f);
            int length = (f * 7919) % 600;
            corpus.file(file, length);
            totalBytes += length;
            longestFile = Math.max(longestFile, length);
            int s = f % 3;
            int signatureLength = corpus.signatures().get(s).length();
            if (f % 3 == 0 && length >= signatureLength) {
                int at = f % 2 == 0 ? 0 : length - signatureLength;
                corpus.plant(s, file, at, f % 4 == 0 ? NEAR : 0);
            }
            if (f == 1234) {
                corpus.plant(2, file, length - 10, 0); // cut off by the end of the file
            }
        }
        oracle = corpus.write();
        LocalSpark.session();
    }

    private static String name(int f) {
        return String.format("d%02d/f%04d.bin", f % 30, f);
    }

    @Test
    void search_3000TinyFiles_equalsTheOracleInThreeScanTasks() throws Exception {
        Run run = search("--max-sad", "" + NEAR, "--split-size", "64m");

        assertThat(run.rows()).containsExactlyElementsOf(oracle.withinMaxSad(NEAR));
        assertThat(oracle.withinMaxSad(NEAR)).extracting(MatchRow::sad).contains(0, NEAR);
        assertThat(run.scanTasks()).as("3,000 × (length + 64 KiB) in splits of 64 MiB").isEqualTo(3);
        assertThat(run.events().accumulators()).containsEntry("imbrex search: bytes scanned", totalBytes)
                .containsEntry("imbrex search: matches", (long) run.rows().size());
        assertThat(run.summary().files()).isEqualTo(FILES);
    }

    @Test
    void search_autoSplitSize_givesEachCoreAtMostOneTaskAndEqualsTheOracle() throws Exception {
        int cores = LocalSpark.session().sparkContext().defaultParallelism();
        Run run = search("--max-sad", "" + NEAR);

        long weight = totalBytes + FILES * SearchOptions.DEFAULT_OPEN_COST;
        assertThat(run.rows()).containsExactlyElementsOf(oracle.withinMaxSad(NEAR));
        assertThat(run.scanTasks()).as("%d bytes of weight on %d cores", weight, cores)
                .isBetween((int) ((weight + SearchOptions.MOST_AUTO_SPLIT - 1) / SearchOptions.MOST_AUTO_SPLIT),
                        Math.max(1, cores));
    }

    @Test
    void search_smallOpenCostAndSplits_packNearTheTargetAndEqualTheOracle() throws Exception {
        long splitSize = 256 << 10;
        long openCost = 1024;
        Run run = search("--max-sad", "" + NEAR, "--split-size", "" + splitSize, "--open-cost", "" + openCost);

        long weight = totalBytes + FILES * openCost;
        long heaviest = longestFile + openCost;
        assertThat(run.rows()).containsExactlyElementsOf(oracle.withinMaxSad(NEAR));
        assertThat(run.scanTasks()).isBetween((int) ((weight + splitSize - 1) / splitSize),
                (int) ((weight + splitSize - heaviest - 1) / (splitSize - heaviest)));
    }

    @Test
    void search_bestWithPartitions_spreadsThePackedRangesAndEqualsTheOracle() throws Exception {
        Run run = search("--best", "4", "--partitions", "5", "--split-size", "64m");

        assertThat(run.rows()).containsExactlyElementsOf(oracle.best(4, Integer.MAX_VALUE));
        assertThat(run.events().stageTasks("imbrex search: scan"))
                .as("the ranges of 3 packed splits dealt over 5 scan tasks, no stage before them").startsWith(5);
    }

    @Test
    void search_openCostOfTheSplitSize_givesEveryNonEmptyFileATask() throws Exception {
        List<String> some = new ArrayList<>();
        for (int f = 0; f < 90; f++) {
            some.add(corpus.data().resolve(name(f)).toString());
        }
        List<String> args = new ArrayList<>(List.of("--max-sad", "" + NEAR, "--split-size", "4k", "--open-cost",
                "4k"));
        for (String file : some) {
            args.add("--input");
            args.add(file);
        }

        Run run = search(args.toArray(String[]::new));

        long nonEmpty = some.stream().filter(p -> Path.of(p).toFile().length() > 0).count();
        assertThat(run.scanTasks()).isEqualTo(nonEmpty);
        assertThat(run.rows()).isNotEmpty().containsExactlyElementsOf(oracle.withinMaxSad(NEAR).stream()
                .filter(r -> some.stream().anyMatch(p -> SearchCorpus.qualified(Path.of(p)).equals(r.path())))
                .toList());
    }

    private record Run(SearchSummary summary, List<MatchRow> rows, int scanTasks, JobEvents events) {
    }

    /** Searches the corpus (or the inputs in {@code options}, if any) and counts the scan stage's tasks. */
    private static Run search(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("--signatures", corpus.signatureFile().toString(), "--output",
                dir.resolve("out-" + RUNS.incrementAndGet()).toString(), "--show", "0"));
        if (!List.of(options).contains("--input")) {
            args.addAll(List.of("--input", corpus.data().toString()));
        }
        args.addAll(List.of(options));
        try (JobEvents events = JobEvents.listen(LocalSpark.session())) {
            SearchSummary summary = Searches.run(args.toArray(String[]::new));
            events.awaitEvents();
            return new Run(summary, Searches.read(summary), events.firstStageTasks("imbrex search: scan"), events);
        }
    }
}
