package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.storage.StorageLevel;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.TableFormat;
import org.imbrex.jobs.testing.FaultyFileSystem;
import org.imbrex.jobs.testing.JobEvents;
import org.imbrex.jobs.testing.LocalProperties;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The search job beyond its table's scores: inputs of every kind, YARA rule names, the interpreted SM5
 * kernel, and what the Spark UI and the summary report.
 */
class SearchJobIT {

    @TempDir
    Path dir;

    @Test
    void search_directoryGlobUriAndOtherFileSystem_scanEachFileOnce() throws IOException {
        SearchCorpus corpus = new SearchCorpus(dir.resolve("inputs"), 3L);
        corpus.signature(Signature.ofHex("mz", "4D 5A ?? 00"));
        for (String file : List.of("a1.bin", "a2.bin", "sub/b.bin", "sub/deeper/c.bin", "other/x.bin")) {
            corpus.file(file, 2_000);
            corpus.plant(0, file, 100, 0);
            corpus.plant(0, file, 1_996, 0);
        }
        BruteForceSearch files = corpus.write();
        Path data = corpus.data();
        String faulty = FaultyFileSystem.uri(data.resolve("other/x.bin"));

        SearchSummary summary = Searches.run("--signatures", corpus.signatureFile().toString(), "--input",
                data.resolve("sub").toString(), "--input", data.resolve("a*.bin").toString(), "--input",
                data.resolve("a1.bin").toUri().toString() + "," + faulty, "--input", data.resolve("sub/b.bin").toString(),
                "--output", dir.resolve("out").toString());

        List<MatchRow> rows = Searches.read(summary);
        assertThat(summary.files()).isEqualTo(5);
        assertThat(summary.bytes()).isEqualTo(10_000);
        assertThat(rows).extracting(MatchRow::path).containsOnly(
                "faulty:" + data.resolve("other/x.bin"), "file:" + data.resolve("a1.bin"),
                "file:" + data.resolve("a2.bin"), "file:" + data.resolve("sub/b.bin"),
                "file:" + data.resolve("sub/deeper/c.bin"));
        assertThat(rows).hasSize(10).extracting(MatchRow::offset).containsOnly(100L, 1_996L);
        assertThat(files.withinMaxSad(0)).hasSize(10);
    }

    @Test
    void search_asmKernel_writesTheSameTableAsTheJavaKernel() throws IOException {
        SearchCorpus corpus = new SearchCorpus(dir.resolve("asm"), 5L);
        corpus.signature(Signature.ofHex("mz", "4D 5A ?? 00"));
        corpus.signature(Signature.ofHex("ff", "FF"));
        corpus.randomSignature("random-9", 9);
        corpus.randomSignature("random-70", 70);
        corpus.file("a.bin", 3_001);
        corpus.file("b.bin", 70);
        for (int i = 0; i < 8; i++) {
            corpus.plant(i % 4, "a.bin", 350 * i + 1, 2 * i);
        }
        corpus.plant(3, "b.bin", 0, 3);
        BruteForceSearch oracle = corpus.write();
        List<String> args = List.of("--signatures", corpus.signatureFile().toString(), "--input",
                corpus.data().toString(), "--max-sad", "30", "--tile-size", "256");

        SearchSummary asm = Searches.run(with(args, "--output", dir.resolve("asm-out").toString(), "--kernel", "asm"));
        SearchSummary java = Searches.run(with(args, "--output", dir.resolve("java-out").toString()));

        assertThat(Searches.read(asm)).containsExactlyElementsOf(oracle.withinMaxSad(30))
                .containsExactlyElementsOf(Searches.read(java));
    }

    /** A file whose name holds glob characters is listed once and searched, not expanded as a pattern again. */
    @Test
    void search_fileNamesWithGlobCharacters_areSearched() throws IOException {
        SearchCorpus corpus = new SearchCorpus(dir.resolve("globs"), 9L);
        corpus.signature(Signature.ofHex("mz", "4D 5A 90 00"));
        corpus.file("a[1].bin", 500);
        corpus.file("b{x,y}.bin", 300);
        corpus.plant(0, "a[1].bin", 10, 0);
        corpus.plant(0, "b{x,y}.bin", 20, 0);
        BruteForceSearch oracle = corpus.write();

        SearchSummary summary = Searches.run("--signatures", corpus.signatureFile().toString(), "--input",
                corpus.data().toString(), "--output", dir.resolve("globs-out").toString());

        assertThat(Searches.read(summary)).hasSize(2).containsExactlyElementsOf(oracle.withinMaxSad(0));
    }

    /** Issue 12: the prefilter only skips work; the asm kernel runs its shaders' assembly (gram filter, sum bound, gather). */
    @Test
    void search_prefilterOnOrOff_writesTheOraclesTable() throws IOException {
        SearchCorpus corpus = new SearchCorpus(dir.resolve("prefilter"), 7L);
        corpus.signature(Signature.ofHex("mz", "4D 5A 90 00 03 00 00 00"));
        corpus.signature(Signature.ofHex("gappy", "4D ?? 5A ?? 90"));
        corpus.randomSignature("random-12", 12);
        corpus.randomSignature("random-40", 40);
        corpus.file("a.bin", 5_003);
        corpus.file("b.bin", 41);
        for (int i = 0; i < 8; i++) {
            corpus.plant(i % 4, "a.bin", 600 * i + 3, i);
        }
        corpus.plant(3, "b.bin", 0, 2);
        BruteForceSearch oracle = corpus.write();
        for (int maxSad : new int[] {0, 6}) {
            List<String> args = List.of("--signatures", corpus.signatureFile().toString(), "--input",
                    corpus.data().toString(), "--max-sad", String.valueOf(maxSad), "--tile-size", "300");

            SearchSummary none = Searches.run(with(args, "--output", dir.resolve("none-" + maxSad).toString(),
                    "--prefilter", "none"));
            SearchSummary anchors = Searches.run(with(args, "--output", dir.resolve("anchors-" + maxSad).toString()));
            SearchSummary asm = Searches.run(with(args, "--output", dir.resolve("asm-" + maxSad).toString(),
                    "--kernel", "asm"));

            assertThat(Searches.read(anchors)).containsExactlyElementsOf(oracle.withinMaxSad(maxSad))
                    .containsExactlyElementsOf(Searches.read(none)).containsExactlyElementsOf(Searches.read(asm));
        }
    }

    @Test
    void search_progress_namesEveryPhaseAndCountsBytesTilesAndMatches() throws Exception {
        Path data = Files.createDirectories(dir.resolve("progress"));
        byte[] bytes = new byte[20_000];
        new Random(1).nextBytes(bytes);
        Files.write(data.resolve("a.bin"), bytes);
        Files.write(data.resolve("tiny.bin"), new byte[] {0, 0, 0});
        Files.write(data.resolve("empty.bin"), new byte[0]);
        Path signatures = Files.writeString(dir.resolve("sigs.txt"), "zero = 00\nmz = 4D 5A ?? 00\n");
        LocalSpark.session();

        SearchSummary summary;
        List<MatchRow> rows;
        try (JobEvents events = JobEvents.listen(LocalSpark.session())) {
            summary = Searches.run("--signatures", signatures.toString(), "--input", data.toString(), "--output",
                    dir.resolve("out").toString(), "--tile-size", "1000", "--split-size", "8192");
            events.awaitEvents();
            List<JobEvents.Job> search = events.jobs();
            rows = Searches.read(summary);
            LocalSpark.session().range(1).count();
            events.awaitEvents();
            List<JobEvents.Job> later = events.jobs().subList(search.size(), events.jobs().size());

            assertThat(search).allSatisfy(job -> {
                assertThat(job.group()).isEqualTo("imbrex-search");
                assertThat(job.description()).startsWith("imbrex search: ");
            });
            // Without --best one Spark job: each scan task writes its own part file.
            assertThat(search).extracting(JobEvents.Job::description).containsExactly(
                    "imbrex search: scan 3 files (20003 bytes) for 2 signatures, keeping scores ≤ 0, writing the "
                            + "parquet table");
            assertThat(later).isNotEmpty().allSatisfy(job -> {
                assertThat(job.group()).isNull();
                assertThat(job.description()).isNull();
            });
            // One task per split; Spark drops the empty file's empty split (spark.hadoopRDD.ignoreEmptySplits).
            assertThat(events.firstStageTasks("imbrex search: scan")).isEqualTo(splits(20_000, 8192) + 1);
            assertThat(events.accumulators()).containsEntry("imbrex search: bytes scanned", 20_003L)
                    .containsEntry("imbrex search: tiles", expectedTiles(List.of(20_000L, 3L, 0L), 1000, 8192))
                    .containsEntry("imbrex search: matches", (long) rows.size());
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Row row : summary.counts()) {
            counts.put(row.getString(0), row.getLong(1));
        }
        assertThat(summary.files()).isEqualTo(3);
        assertThat(summary.bytes()).isEqualTo(20_003);
        assertThat(counts).containsEntry("zero", rows.stream().filter(r -> r.signature().equals("zero")).count());
        assertThat(rows).anyMatch(r -> r.path().endsWith("tiny.bin"));
    }

    @Test
    void search_best_twoJobsScanThenWrite() throws Exception {
        Path data = Files.createDirectories(dir.resolve("progress-best"));
        byte[] bytes = new byte[20_000];
        new Random(2).nextBytes(bytes);
        Files.write(data.resolve("a.bin"), bytes);
        Path signatures = Files.writeString(dir.resolve("best-sigs.txt"), "mz = 4D 5A ?? 00\n");
        try (JobEvents events = JobEvents.listen(LocalSpark.session())) {
            Searches.run("--signatures", signatures.toString(), "--input", data.toString(), "--output",
                    dir.resolve("best-out").toString(), "--best", "3", "--tile-size", "1000", "--split-size", "8192");
            events.awaitEvents();

            // The scan up to the shuffle of each task's K best, and the write of the table from them.
            assertThat(events.jobs()).extracting(JobEvents.Job::description).containsExactly(
                    "imbrex search: scan 1 files (20000 bytes) for 1 signatures, keeping the 3 best",
                    "imbrex search: write the parquet table (1 file)");
        }
    }

    @Test
    void search_withoutBest_eachScanTaskWritesOnePartInTableOrder() throws Exception {
        SearchCorpus corpus = fortySignaturesInThreeFiles("task-parts", 12L);
        BruteForceSearch oracle = corpus.write();

        SearchSummary summary;
        try (JobEvents events = JobEvents.listen(LocalSpark.session())) {
            summary = Searches.run("--signatures", corpus.signatureFile().toString(), "--input",
                    corpus.data().toString(), "--output", dir.resolve("task-parts-out").toString(), "--max-sad", "2",
                    "--tile-size", "4k", "--split-size", "16k", "--format", "csv");
            events.awaitEvents();
            assertThat(events.firstStageTasks("imbrex search: scan")).isEqualTo(3 * splits(30_000, 16_384));
        }

        List<Path> parts = committedParts(dir.resolve("task-parts-out"));
        // Every task found matches: a part file per scan task, each in table order.
        assertThat(parts).hasSize(3 * splits(30_000, 16_384));
        List<MatchRow> all = new ArrayList<>();
        for (Path part : parts) {
            List<MatchRow> asWritten = LocalSpark.session().read().option("header", "true")
                    .schema(MatchTable.SCHEMA).csv(part.toString()).collectAsList().stream().map(MatchRow::of).toList();
            assertThat(asWritten).as("rows of %s as written", part).isNotEmpty()
                    .isSortedAccordingTo(MatchRow.TABLE_ORDER);
            all.addAll(asWritten);
        }
        assertThat(all.stream().sorted(MatchRow.TABLE_ORDER).toList()).containsExactlyElementsOf(
                oracle.withinMaxSad(2));
        assertThat(summary.counts()).hasSize(40);
    }

    @Test
    void search_best_eachPartFileHoldsWholeSignaturesInTableOrder() throws IOException {
        SearchCorpus corpus = fortySignaturesInThreeFiles("parts", 11L);
        BruteForceSearch oracle = corpus.write();

        // 16 parts, each a file of its own: a target of 1 byte (and no floor) stops the coalescing of adjacent parts.
        var sc = LocalSpark.session().sparkContext();
        SearchSummary summary;
        try (LocalProperties parts = LocalProperties.set(sc, "spark.imbrex.search.table-parts", "16",
                "spark.sql.adaptive.advisoryPartitionSizeInBytes", "1",
                "spark.sql.adaptive.coalescePartitions.minPartitionSize", "1")) {
            summary = Searches.run("--signatures", corpus.signatureFile().toString(), "--input",
                    corpus.data().toString(), "--output", dir.resolve("parts-out").toString(), "--max-sad", "2",
                    "--best", "1000", "--tile-size", "4k", "--split-size", "16k", "--format", "csv");
        }

        List<Path> parts = committedParts(dir.resolve("parts-out"));
        assertThat(parts).hasSize(16);
        Map<String, Path> home = new LinkedHashMap<>();
        List<MatchRow> all = new ArrayList<>();
        for (Path part : parts) {
            List<MatchRow> rows = Searches.read(part.toString(), TableFormat.CSV);
            List<MatchRow> asWritten = LocalSpark.session().read().option("header", "true")
                    .schema(MatchTable.SCHEMA).csv(part.toString()).collectAsList().stream().map(MatchRow::of).toList();
            assertThat(asWritten).as("rows of %s as written", part).isSortedAccordingTo(MatchRow.TABLE_ORDER)
                    .containsExactlyElementsOf(rows);
            for (MatchRow row : rows) {
                Path before = home.putIfAbsent(row.signature(), part);
                assertThat(before == null || before.equals(part)).as("%s in one part only", row.signature()).isTrue();
            }
            all.addAll(rows);
        }
        assertThat(all.stream().sorted(MatchRow.TABLE_ORDER).toList()).containsExactlyElementsOf(
                oracle.withinMaxSad(2));
        assertThat(summary.counts()).hasSize(40);
    }

    @Test
    void search_writeRunsSpilled_tableIsTheOraclesInTableOrder() throws Exception {
        SearchCorpus corpus = new SearchCorpus(dir.resolve("spills"), 23L);
        for (int s = 0; s < 12; s++) {
            corpus.randomSignature("sig-" + (char) ('a' + s), 5 + s % 4);
        }
        for (String file : List.of("a.bin", "b.bin")) {
            corpus.file(file, 20_000);
            for (int s = 0; s < 12; s++) {
                corpus.plant(s, file, 900 * s + 5, s % 3);
            }
        }
        BruteForceSearch oracle = corpus.write();

        // Runs of 2 kB: the write task spills every few dozen matches and merges the runs.
        var sc = LocalSpark.session().sparkContext();
        SearchSummary loose;
        SearchSummary best;
        long spilled;
        try (LocalProperties runs = LocalProperties.set(sc, "spark.imbrex.search.write-run-bytes", "2k",
                "spark.imbrex.search.table-parts", "1"); JobEvents events = JobEvents.listen(LocalSpark.session())) {
            loose = Searches.run("--signatures", corpus.signatureFile().toString(), "--input",
                    corpus.data().toString(), "--output", dir.resolve("spills-loose").toString(), "--max-sad", "300",
                    "--tile-size", "4k", "--split-size", "8k");
            events.awaitEvents();
            spilled = events.accumulators().getOrDefault("imbrex search: write runs spilled", 0L);
            best = Searches.run("--signatures", corpus.signatureFile().toString(), "--input",
                    corpus.data().toString(), "--output", dir.resolve("spills-best").toString(), "--max-sad", "300",
                    "--best", "40", "--tile-size", "4k", "--split-size", "8k");
        }

        List<MatchRow> expected = oracle.withinMaxSad(300);
        assertThat(expected).as("enough matches for many runs of 2 kB").hasSizeGreaterThan(2000);
        assertThat(spilled).as("sorted runs spilled by the write task").isGreaterThan(50);
        assertThat(Searches.read(loose)).containsExactlyElementsOf(expected);
        assertThat(Searches.read(best)).containsExactlyElementsOf(oracle.best(40, 300));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"spark.imbrex.search.table-parts, 0, is not a count of parts ≥ 1",
            "spark.imbrex.search.table-parts, many, is not a count of parts ≥ 1",
            "spark.imbrex.search.write-run-bytes, 0, is not a size of at least 1 byte",
            "spark.imbrex.search.write-run-bytes, lots, is not a size of at least 1 byte"})
    void search_writeKeyOutOfRange_isRefusedNamingTheKey(String key, String value, String refusal)
            throws IOException {
        Path data = Files.createDirectories(dir.resolve("parts-key"));
        Files.write(data.resolve("a.bin"), new byte[64]);
        Path signatures = Files.writeString(dir.resolve("mz.txt"), "mz = 4D 5A\n");
        var sc = LocalSpark.session().sparkContext();
        try (LocalProperties bad = LocalProperties.set(sc, key, value)) {
            assertThatThrownBy(() -> Searches.run("--signatures", signatures.toString(), "--input",
                    data.toString(), "--output", dir.resolve(key + "-" + value).toString()))
                    .hasMessage(key + " " + value + " " + refusal);
        }
    }

    @Test
    void search_noMatch_writesAnEmptyTableThatStillHasItsSchema() throws IOException {
        Path data = Files.createDirectories(dir.resolve("nothing"));
        Files.write(data.resolve("zeros.bin"), new byte[4096]);
        Path signatures = Files.writeString(dir.resolve("absent.txt"), "absent = 4D 5A 90\n");

        for (TableFormat format : TableFormat.values()) {
            Path out = dir.resolve("empty-" + format);
            SearchSummary summary = Searches.run("--signatures", signatures.toString(), "--input", data.toString(),
                    "--output", out.toString(), "--format", format.sparkFormat());

            assertThat(summary.counts()).isEmpty();
            assertThat(summary.best()).isEmpty();
            assertThat(Searches.read(summary)).isEmpty();
            try (var listing = Files.list(out)) {
                assertThat(listing.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("part-")))
                        .as("%s parts", format).hasSize(1);
            }
        }
        assertThat(LocalSpark.session().read().parquet(dir.resolve("empty-PARQUET").toString()).schema())
                .isEqualTo(MatchTable.SCHEMA.asNullable());
    }

    @Test
    void matchTableCache_spilledToDisk_serializesWithRequiredKryoRegistration() {
        // Users cache match tables; rows spilled to disk go through Kryo and must not trip registrationRequired.
        Dataset<Row> table = LocalSpark.session().createDataFrame(List.of(
                RowFactory.create("mz", "file:/a.bin", 4L, 4, 0)), MatchTable.SCHEMA)
                .persist(StorageLevel.DISK_ONLY());
        try {
            assertThat(table.count()).isEqualTo(1);
            assertThat(table.collectAsList()).extracting(MatchRow::of)
                    .containsExactly(new MatchRow("mz", "file:/a.bin", 4, 4, 0));
        } finally {
            table.unpersist(true);
        }
    }

    /** Hadoop's rule: cut splits of {@code size} while more than 1.1 splits remain; the rest is the last. */
    private static List<Long> splitLengths(long length, long size) {
        List<Long> splits = new ArrayList<>();
        long left = length;
        while ((double) left / size > 1.1) {
            splits.add(size);
            left -= size;
        }
        if (left > 0 || length == 0) {
            splits.add(left);
        }
        return splits;
    }

    /** 40 signatures of 6–10 bytes, each planted in a.bin, b.bin and c.bin (30,000 bytes each) within SAD 2. */
    private SearchCorpus fortySignaturesInThreeFiles(String name, long seed) throws IOException {
        SearchCorpus corpus = new SearchCorpus(dir.resolve(name), seed);
        for (int s = 0; s < 40; s++) {
            corpus.randomSignature("sig-" + (char) ('a' + s % 26) + s, 6 + s % 5);
        }
        for (String file : List.of("a.bin", "b.bin", "c.bin")) {
            corpus.file(file, 30_000);
            for (int s = 0; s < 40; s++) {
                corpus.plant(s, file, 600 * s + 17, s % 3);
            }
        }
        return corpus;
    }

    /** The part files of a committed table, in name order. */
    private static List<Path> committedParts(Path table) throws IOException {
        assertThat(table.resolve("_SUCCESS")).exists();
        assertThat(table.resolve("_temporary")).doesNotExist();
        try (var listing = Files.list(table)) {
            return listing.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
    }

    private static int splits(long length, long size) {
        return splitLengths(length, size).size();
    }

    /** Tiles of the tile size per split: one more for a partial one; none for an empty file. */
    private static long expectedTiles(List<Long> fileLengths, long tile, long splitSize) {
        long tiles = 0;
        for (long length : fileLengths) {
            for (long split : splitLengths(length, splitSize)) {
                tiles += (split + tile - 1) / tile;
            }
        }
        return tiles;
    }

    private static String[] with(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
