package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.InputPartition;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spark.read.format("imbrex")}: the rows equal those of {@code imbrex search} and of a brute-force
 * oracle, with pruned columns, pushed-down filters, {@code best} merged by {@link BestPerSignature}, SQL,
 * and the command's own option checks.
 */
class SearchSourceIT {
    @TempDir
    static Path dir;

    private static BruteForceSearch oracle;
    private static String signatures;
    private static String data;
    private static final int MAX_SAD = 40;

    @BeforeAll
    static void writeCorpus() throws IOException {
        SearchCorpus corpus = new SearchCorpus(dir.resolve("corpus"), 23L);
        corpus.signature(Signature.ofHex("mz", "4D 5A ?? 00"));
        corpus.randomSignature("long", 37);
        corpus.randomSignature("zeros", 9);
        for (String file : List.of("a.bin", "b.bin", "sub/c.bin")) {
            corpus.file(file, 70_000);
            for (int s = 0; s < 3; s++) {
                corpus.plant(s, file, 1_000 + 20_011 * s, 0);
                corpus.plant(s, file, 65_535 - s, 7 * s);
            }
        }
        oracle = corpus.write();
        signatures = corpus.signatureFile().toString();
        data = corpus.data().toString();
    }

    private static SparkSession spark() {
        return LocalSpark.session();
    }

    /** A reader of the corpus with small tiles and splits, so that a file spans several tiles and tasks. */
    private static DataFrameReader imbrex() {
        return spark().read().format("imbrex").option("signatures", signatures).option("tile-size", "8k")
                .option("split-size", "32k");
    }

    private static List<MatchRow> rows(Dataset<Row> frame) {
        return frame.collectAsList().stream().map(MatchRow::of).sorted(MatchRow.TABLE_ORDER).toList();
    }

    @Test
    void read_maxSad_equalsTheOracleAndTheSearchJob() {
        List<MatchRow> read = rows(imbrex().option("max-sad", "" + MAX_SAD).load(data));
        SearchSummary job = Searches.run("--signatures", signatures, "--input", data, "--output",
                dir.resolve("job").toString(), "--max-sad", "" + MAX_SAD, "--tile-size", "8k");

        assertThat(read).isNotEmpty().containsExactlyElementsOf(oracle.withinMaxSad(MAX_SAD));
        assertThat(read).containsExactlyElementsOf(Searches.read(job));
    }

    @Test
    void read_severalPathsAndSql_seeTheSameRows() {
        List<MatchRow> both = rows(imbrex().load(data + "/a.bin", data + "/sub"));
        spark().sql("CREATE OR REPLACE TEMPORARY VIEW m USING imbrex OPTIONS (path '" + data + "', signatures '"
                + signatures + "', 'tile-size' '8k')");
        List<Row> counts = spark().sql("SELECT signature, count(*) AS n FROM m GROUP BY signature ORDER BY signature")
                .collectAsList();

        List<MatchRow> exact = oracle.withinMaxSad(0);
        assertThat(both).containsExactlyElementsOf(exact.stream().filter(r -> !r.path().endsWith("/b.bin")).toList());
        assertThat(counts).extracting(r -> r.getString(0) + "=" + r.getLong(1)).containsExactlyElementsOf(
                exact.stream().collect(java.util.stream.Collectors.groupingBy(MatchRow::signature,
                        java.util.TreeMap::new, java.util.stream.Collectors.counting())).entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).toList());
    }

    @Test
    void read_twoColumns_givesThoseColumnsOfTheRows() {
        Dataset<Row> pruned = imbrex().option("max-sad", "" + MAX_SAD).load(data).select("path", "signature");

        assertThat(pruned.schema().fieldNames()).containsExactly("path", "signature");
        assertThat(pruned.collectAsList().stream().map(r -> r.getString(1) + " " + r.getString(0)).sorted())
                .containsExactlyElementsOf(oracle.withinMaxSad(MAX_SAD).stream()
                        .map(r -> r.signature() + " " + r.path()).sorted().toList());
    }

    @Test
    void read_sadAndSignatureFilters_arePushedIntoTheScanAndKeepTheRows() {
        Dataset<Row> filtered = imbrex().option("max-sad", "" + MAX_SAD).load(data)
                .where("sad <= 7 AND signature IN ('long', 'mz')");

        String plan = filtered.queryExecution().executedPlan().toString();
        assertThat(plan).contains("max-sad 7").contains("restricted to [long, mz]");
        assertThat(rows(filtered)).isNotEmpty().containsExactlyElementsOf(oracle.withinMaxSad(7).stream()
                .filter(r -> !r.signature().equals("zeros")).toList());
    }

    @Test
    void read_best_perPartitionThenMerged_equalsTheJobsBestTable() {
        Dataset<Row> perPartition = imbrex().option("best", "3").load(data);
        List<MatchRow> merged = rows(BestPerSignature.of(perPartition, 3));
        SearchSummary job = Searches.run("--signatures", signatures, "--input", data, "--output",
                dir.resolve("best").toString(), "--best", "3", "--tile-size", "8k");

        assertThat(rows(perPartition).size()).as("every partition's 3 best").isGreaterThan(merged.size());
        assertThat(merged).hasSize(9).containsExactlyElementsOf(Searches.read(job));
        assertThat(merged).containsExactlyElementsOf(oracle.best(3, SearchOptions.UNLIMITED).stream()
                .sorted(MatchRow.TABLE_ORDER).toList());
    }

    @Test
    void partitions_ofLocalFiles_reportTheirBlocksHosts() {
        SearchScan scan = (SearchScan) new SearchScanBuilder(SourceOptions.parse(java.util.Map.of(
                "signatures", signatures, "path", data, "split-size", "32k"))).build();

        InputPartition[] partitions = scan.planInputPartitions();
        assertThat(partitions).hasSizeGreaterThan(3);
        assertThat(partitions).allSatisfy(p -> assertThat(p.preferredLocations()).contains("localhost"));
    }

    @Test
    void options_badOrJobOnly_areRefusedWithTheCommandsMessages() {
        assertThatThrownBy(() -> imbrex().option("best", "-2").load(data).count())
                .hasMessageContaining("--best -2 is negative");
        assertThatThrownBy(() -> imbrex().option("max_sad", "3").load(data).count())
                .hasMessageContaining("option 'max_sad' is not an option of imbrex search");
        assertThatThrownBy(() -> imbrex().option("output", "o").load(data).count())
                .hasMessageContaining("option 'output' is not for the data source");
        assertThatThrownBy(() -> spark().read().format("imbrex").load(data).count())
                .hasMessageContaining("--signatures");
    }
}
