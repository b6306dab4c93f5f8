package org.imbrex.jobs.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoRulesIT {
    @TempDir
    static Path dir;
    private static boolean agrees;

    @BeforeAll
    static void runDemoRules() throws IOException {
        DemoCorpus.generate(dir);
        agrees = new DemoRules(dir).run(LocalSpark.session());
    }

    @Test
    void demoRules_generatedCorpus_matchTheReferenceEngineAndTheDocumentedFiles() {
        assertThat(agrees).isTrue();
        List<String> rows = LocalSpark.session().read().parquet(dir.resolve("rules-search/rules").toString())
                .collectAsList().stream()
                .map(row -> row.getString(1) + " " + row.getString(3).substring(row.getString(3).lastIndexOf('/') + 1))
                .sorted().toList();
        // as DemoCorpus.RULES says: three rules on all four images, the banner rule on the ASCII-bannered two
        assertThat(rows).containsExactly(
                "demo_archive_firmware firmware-0.bin", "demo_archive_firmware firmware-1.bin",
                "demo_archive_firmware firmware-2.bin", "demo_archive_firmware firmware-3.bin",
                "demo_licence_blob firmware-0.bin", "demo_licence_blob firmware-1.bin",
                "demo_licence_blob firmware-2.bin", "demo_licence_blob firmware-3.bin",
                "demo_png_header firmware-0.bin", "demo_png_header firmware-1.bin",
                "demo_png_header firmware-2.bin", "demo_png_header firmware-3.bin",
                "demo_vendor_banner firmware-0.bin", "demo_vendor_banner firmware-2.bin");
    }

    @Test
    void demoRules_skippedTableAndCsvCopies_nameTheRegexRule() {
        SparkSession spark = LocalSpark.session();
        List<Row> skipped = spark.read().option("header", "true")
                .csv(dir.resolve("rules-search/skipped-csv").toString()).collectAsList();
        assertThat(skipped).hasSize(1);
        assertThat(skipped.get(0).getString(1)).isEqualTo("demo_serial_number");
        assertThat(skipped.get(0).getString(3)).contains("regular expressions are not supported");
        assertThat(spark.read().option("header", "true").csv(dir.resolve("rules-search/rules-csv").toString())
                .count()).isEqualTo(14);
    }
}
