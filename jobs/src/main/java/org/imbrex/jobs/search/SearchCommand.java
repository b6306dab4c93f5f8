package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.imbrex.io.scan.Prefilter;
import org.imbrex.jobs.cli.ByteSize;
import org.imbrex.jobs.cli.OptionChoice;
import org.imbrex.jobs.cli.SizeOrAuto;
import org.imbrex.jobs.search.SearchOptions.Defaults;
import org.imbrex.jobs.spark.TableFormat;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code imbrex search}: finds byte signatures in files, exactly or within a SAD threshold, on Spark.
 *
 * <pre>
 *   bin/imbrex search --signatures conf/sample-signatures.txt --input /data/images --output matches
 *   spark-submit --class org.imbrex.jobs.ImbrexMain imbrex-jobs.jar search --signatures hdfs:///sigs.yar \
 *       --input 'hdfs:///dumps/*.bin' --output hdfs:///out/matches --best 10
 * </pre>
 * Every option can also come from the Spark configuration as {@code spark.imbrex.search.<option>}.
 */
@Command(name = "search", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Find byte signatures (hex with ?? wildcards) or run YARA rules over files of any size.",
            "A match's score is the sum of absolute byte differences (SAD) over the signature's non-wildcard "
                + "bytes: 0 is an exact match."},
        footer = {"", "Every option can also be set as the Spark conf key spark.imbrex.search.<option> "
                + "(e.g. spark.imbrex.search.max-sad 8); command-line flags win.",
            "Sizes take k, m, g suffixes (binary) or plain bytes."})
public final class SearchCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--signatures", required = true, split = ",", paramLabel = "FILE",
            description = "Signature files: lines 'name = 4D 5A ?? 90' (# comments), or YARA rule files "
                    + "(.yar/.yara), each its own namespace, whose rules are run (tables rules, strings, skipped); "
                    + "repeatable or comma-separated, all of one kind.")
    private List<String> signatures = new ArrayList<>();

    @Option(names = "--input", required = true, split = ",", paramLabel = "PATH",
            description = "Files, directories (recursive) or globs on any Hadoop filesystem (file:, hdfs:, s3a:); "
                    + "repeatable or comma-separated.")
    private List<String> inputs = new ArrayList<>();

    @Option(names = "--output", required = true, paramLabel = "DIR", description = "Where the match table goes.")
    private String output;

    @Option(names = "--format", defaultValue = Defaults.FORMAT, paramLabel = "FORMAT",
            description = "parquet, csv (with a header row) or json (default: ${DEFAULT-VALUE}).")
    private String format;

    @Option(names = "--overwrite", description = "Replace an existing non-empty output directory.")
    private boolean overwrite;

    @Option(names = "--max-sad", paramLabel = "T",
            description = "Keep offsets scoring ≤ T (default 0 = exact matches; no bound with --best).")
    private Integer maxSad;

    @Option(names = "--best", defaultValue = Defaults.BEST, paramLabel = "K",
            description = "Keep the K lowest-scoring offsets per signature over all inputs "
                    + "(ties: lower path, then lower offset; default: ${DEFAULT-VALUE} = every offset within "
                    + "--max-sad).")
    private int best;

    @Option(names = "--tile-size", defaultValue = Defaults.TILE_SIZE, converter = ByteSize.class, paramLabel = "SIZE",
            description = "Bytes per tile, one Dispatch each (default: ${DEFAULT-VALUE}; at most ~16m).")
    private long tileSize;

    @Option(names = "--split-size", defaultValue = Defaults.SPLIT_SIZE, converter = SizeOrAuto.class,
            paramLabel = "SIZE|auto",
            description = "Bytes per Spark split, read by one task (default: ${DEFAULT-VALUE}: the inputs' share of a "
                    + "core, rounded up to a power of two, 4m to 128m). YARA rules: files of at most this are "
                    + "scanned whole by the task that evaluates them.")
    private long splitSize;

    @Option(names = "--open-cost", converter = ByteSize.class, paramLabel = "SIZE",
            description = "What opening a file costs, in bytes: small files and the tails of large ones are packed "
                    + "into tasks of about --split-size, each weighing its length plus this "
                    + "(default: " + Defaults.OPEN_COST + ", at most --split-size).")
    private Long openCost;

    @Option(names = "--partitions", defaultValue = Defaults.PARTITIONS, paramLabel = "N",
            description = "Spread the splits over N scan tasks (default: one task per split; YARA rules: the "
                    + "splits of files larger than --split-size).")
    private int partitions;

    @Option(names = "--kernel", defaultValue = Defaults.KERNEL, paramLabel = "KERNEL",
            description = "java (the fast Java shader) or asm (its interpreted SM5 assembly; same table, slower).")
    private String kernel;

    @Option(names = "--prefilter", defaultValue = Defaults.PREFILTER, paramLabel = "P",
            description = "anchors (skip offsets that cannot match before msad4 scores them) or none (score every "
                    + "offset; same table, slower) (default: ${DEFAULT-VALUE}).")
    private String prefilter;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master (default: spark-submit's, else local[*]).")
    private String master;

    @Option(names = "--show", defaultValue = Defaults.SHOW, paramLabel = "N",
            description = "Print the N best matches when done (default: ${DEFAULT-VALUE}).")
    private int show;

    @Override
    public Integer call() {
        SearchOptions options = options();
        return new SearchJob(options).run();
    }

    SearchOptions options() {
        try {
            int threshold = maxSad != null ? maxSad : (best > 0 ? SearchOptions.UNLIMITED : 0);
            return new SearchOptions(signatures, inputs, output, TableFormat.parse(format), overwrite, threshold,
                    best, tileSize, splitSize, openCost != null ? openCost : SearchOptions.defaultOpenCost(splitSize),
                    partitions, Kernel.parse(kernel), OptionChoice.parse("--prefilter", prefilter, Prefilter.class), master, show);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
