package org.imbrex.jobs.search;

import java.util.Map;
import org.imbrex.jobs.cli.SourceArguments;
import picocli.CommandLine;

/**
 * The options of {@code spark.read.format("imbrex")}, turned into the {@link SearchOptions} of {@code imbrex
 * search} by parsing them as that command's options ({@link SourceArguments}): the same names, the same
 * defaults ({@link SearchOptions.Defaults}) and the same validation messages.
 *
 * <pre>
 *   .option("signatures", "hdfs:///rules/fw.yar").option("max-sad", "4").load("hdfs:///dumps/*.bin")
 *     → search --signatures hdfs:///rules/fw.yar --max-sad 4 --input hdfs:///dumps/*.bin
 *   OPTIONS (path 'hdfs:///dumps', signatures 'hdfs:///s.txt', 'tile-size' '4m')      (SQL)
 * </pre>
 * The options that only shape a command's own output ({@code output}, {@code overwrite}, {@code format},
 * {@code show}, {@code master}) are refused: a DataFrame is the source's output. Example: {@code
 * SourceOptions.parse(Map.of("signatures", "s.txt", "path", "data/", "best", "5")).best()} is 5.
 */
final class SourceOptions {
    /** The command's options a data source has no use for, with why. */
    static final Map<String, String> REFUSED = Map.of(
            "output", "the DataFrame is the result; write it with df.write()",
            "overwrite", "the DataFrame is the result; write it with df.write().mode(\"overwrite\")",
            "format", "the DataFrame is the result; write it in any format with df.write()",
            "show", "the DataFrame is the result; use df.show(n)",
            "master", "the source runs in the session that reads it");
    private SourceOptions() {
    }

    /** Parses Spark's reader options (keys in any case, as Spark's case-insensitive map gives them). */
    static SearchOptions parse(Map<String, String> options) {
        SearchCommand command = new SearchCommand();
        CommandLine line = new CommandLine(command);
        String[] args = SourceArguments.of(options, line, REFUSED, SourceArguments.NO_OUTPUT);
        try {
            line.parseArgs(args);
            return command.options();
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("imbrex: " + e.getMessage(), e);
        }
    }
}
