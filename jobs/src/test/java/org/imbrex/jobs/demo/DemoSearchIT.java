package org.imbrex.jobs.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.imbrex.jobs.search.MatchTable;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoSearchIT {
    @TempDir
    static Path dir;
    private static List<DemoCorpus.Planting> plantings;
    private static boolean allFound;

    @BeforeAll
    static void runDemoSearch() throws IOException {
        plantings = DemoCorpus.generate(dir);
        allFound = new DemoSearch(dir, plantings).run(LocalSpark.session());
    }

    @Test
    void demoSearch_generatedCorpus_findsEveryPlantingWithItsScore() {
        assertThat(plantings).hasSize(80).anyMatch(p -> p.sad() > 0).anyMatch(p -> p.sad() == 0);
        assertThat(allFound).isTrue();
    }

    @Test
    void demoSearch_csvCopy_holdsTheTableRowsSortedUnderAHeaderRow() throws IOException {
        SparkSession spark = LocalSpark.session();
        Dataset<Row> parquet = spark.read().parquet(dir.resolve("search-matches").toString());
        Path csvDir = dir.resolve("search-matches-csv");
        Dataset<Row> csv = spark.read().option("header", "true").schema(MatchTable.SCHEMA).csv(csvDir.toString());

        List<Path> parts;
        try (Stream<Path> files = Files.list(csvDir)) {
            parts = files.filter(p -> p.getFileName().toString().endsWith(".csv")).toList();
        }
        assertThat(parts).hasSize(1);
        assertThat(Files.readAllLines(parts.get(0)).get(0)).isEqualTo("signature,path,offset,length,sad");
        assertThat(csv.collectAsList()).isNotEmpty()
                .containsExactlyElementsOf(parquet.orderBy(MatchTable.SIGNATURE, MatchTable.PATH, MatchTable.OFFSET)
                        .collectAsList());
    }
}
