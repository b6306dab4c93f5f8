package org.imbrex.jobs.demo;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.imbrex.jobs.search.SearchJob;
import org.imbrex.jobs.search.SearchOptions;
import org.imbrex.jobs.search.SearchSummary;
import org.imbrex.io.scan.Prefilter;
import org.imbrex.jobs.search.Kernel;
import org.imbrex.jobs.search.MatchTable;
import org.imbrex.jobs.spark.TableFormat;

/**
 * The search part of the demo: searches the demo corpus with a near-match threshold, prints the summary,
 * and checks that every planted copy was found with exactly the score it was planted with. The table is
 * also copied to CSV ({@link CsvExport}) for readers without a Parquet engine.
 *
 * <p>Example output line: {@code demo check: all 24 planted signatures found with their exact SAD}.
 */
public final class DemoSearch {
    private final Path root;
    private final List<DemoCorpus.Planting> plantings;

    public DemoSearch(Path root, List<DemoCorpus.Planting> plantings) {
        this.root = root;
        this.plantings = plantings;
    }

    /** Runs the search; returns true when the table holds every planting with its score. */
    public boolean run(SparkSession spark) {
        String table = root.resolve("search-matches").toUri().toString();
        SearchOptions options = new SearchOptions(List.of(root.resolve("signatures.txt").toUri().toString()),
                List.of(root.resolve("corpus").toUri().toString()), table, TableFormat.PARQUET, true,
                DemoCorpus.NEAR_MATCH_SAD, 0, SearchOptions.DEFAULT_TILE_SIZE, SearchOptions.AUTO_SPLIT_SIZE,
                SearchOptions.DEFAULT_OPEN_COST, 0,
                Kernel.JAVA, Prefilter.ANCHORS, null, 20);
        SearchSummary summary = new SearchJob(options).run(spark);
        summary.print(System.out);
        String csv = CsvExport.beside(spark, summary.table(), MatchTable.SIGNATURE, MatchTable.PATH,
                MatchTable.OFFSET);
        System.out.println("csv copy: " + csv);
        Set<String> found = new HashSet<>();
        for (Row row : spark.read().parquet(summary.table()).collectAsList()) {
            String file = row.getString(1).substring(row.getString(1).lastIndexOf('/') + 1);
            found.add(key(row.getString(0), file, row.getLong(2), row.getInt(4)));
        }
        long missing = plantings.stream()
                .filter(p -> !found.contains(key(p.signature(), p.file(), p.offset(), p.sad()))).count();
        if (missing == 0) {
            System.out.printf("demo check: all %d planted signatures found with their exact SAD "
                    + "(%d exact, %d near matches)%n", plantings.size(),
                    plantings.stream().filter(p -> p.sad() == 0).count(),
                    plantings.stream().filter(p -> p.sad() > 0).count());
            return true;
        }
        System.out.printf("demo check: %d of %d planted signatures are missing from the table%n", missing,
                plantings.size());
        return false;
    }

    private static String key(String signature, String file, long offset, int sad) {
        return signature + "|" + file + "|" + offset + "|" + sad;
    }
}
