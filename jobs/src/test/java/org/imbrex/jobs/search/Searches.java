package org.imbrex.jobs.search;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.imbrex.jobs.cli.SparkConfDefaults;
import org.imbrex.jobs.spark.TableFormat;
import org.imbrex.jobs.testing.LocalSpark;
import picocli.CommandLine;

/**
 * Runs searches in the shared local session as the command line would configure them, and reads their
 * tables back. Example: {@code Searches.run("--signatures", sigs, "--input", dir, "--output", out, "--best",
 * "3")}.
 */
final class Searches {
    private Searches() {
    }

    /** The options {@code imbrex search ARGS} runs with (Spark conf defaults included). */
    static SearchOptions options(String... args) {
        SearchCommand command = new SearchCommand();
        CommandLine line = new CommandLine(command);
        line.setDefaultValueProvider(new SparkConfDefaults());
        line.parseArgs(args);
        return command.options();
    }

    /** Runs {@code imbrex search ARGS} in the shared session and returns its summary. */
    static SearchSummary run(String... args) {
        return new SearchJob(options(args)).run(LocalSpark.session());
    }

    /** The rows of a written table, in table order. */
    static List<MatchRow> read(String table, TableFormat format) {
        Dataset<Row> rows = MatchTable.read(LocalSpark.session(), format, table);
        return rows.collectAsList().stream().map(MatchRow::of).sorted(MatchRow.TABLE_ORDER).toList();
    }

    static List<MatchRow> read(SearchSummary summary) {
        return read(summary.table(), summary.format());
    }
}
