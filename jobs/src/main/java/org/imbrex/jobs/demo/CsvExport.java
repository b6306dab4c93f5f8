package org.imbrex.jobs.demo;

import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * Writes a CSV copy of a demo table next to its Parquet original, in the layout {@code --format csv}
 * gives (part files with a header row each), so that readers without a Parquet engine, such as pandas
 * on a stock Debian, can load the demo's output.
 *
 * <pre>
 *   imbrex-demo/search-matches/       Parquet, what the job wrote
 *   imbrex-demo/search-matches-csv/   the same rows, CSV with a header row, replaced on every run
 * </pre>
 * Example: {@code CsvExport.beside(spark, "file:/tmp/demo/search-matches", "signature", "path", "offset")}
 * writes {@code file:/tmp/demo/search-matches-csv} with the rows in that order.
 */
public final class CsvExport {
    /** What is appended to a table's location to name its CSV copy. */
    public static final String SUFFIX = "-csv";

    private CsvExport() {
    }

    /** Copies the Parquet table at {@code table} to {@code table + "-csv"}; returns that location. */
    public static String beside(SparkSession spark, String table, String firstSortColumn, String... sortColumns) {
        String csv = table.replaceAll("/+$", "") + SUFFIX;
        // One part file keeps the copy sorted as a whole and easy to open by hand; demo tables are small.
        spark.read().parquet(table).coalesce(1).sortWithinPartitions(firstSortColumn, sortColumns).write()
                .mode(SaveMode.Overwrite).option("header", "true").csv(csv);
        return csv;
    }
}
