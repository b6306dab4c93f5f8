package org.imbrex.jobs.motion;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.imbrex.jobs.motion.MotionOptions.Defaults;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code imbrex motion}: block-matching motion estimation on the luma of YUV4MPEG2 videos, on Spark.
 *
 * <pre>
 *   bin/imbrex motion --input clip.y4m --output motion --render frames
 *   spark-submit --class org.imbrex.jobs.ImbrexMain imbrex-jobs.jar motion --input 'hdfs:///clips/*.y4m' \
 *       --output hdfs:///out/motion --block 16 --range 16
 * </pre>
 * Every option can also come from the Spark configuration as {@code spark.imbrex.motion.<option>}.
 */
@Command(name = "motion", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Estimate motion in YUV4MPEG2 videos (8-bit; luma is used): for every BxB block of frame n, "
                + "the displacement within ±R whose block in frame n-1 has the lowest sum of absolute differences.",
            "The search is FFmpeg's mestimate=method=esa:mb_size=B:search_param=R, vector for vector."},
        footer = {"", "Every option can also be set as the Spark conf key spark.imbrex.motion.<option> "
                + "(e.g. spark.imbrex.motion.range 16); command-line flags win."})
public final class MotionCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--input", required = true, split = ",", paramLabel = "PATH",
            description = "Y4M files, directories (recursive) or globs on any Hadoop filesystem (file:, hdfs:, s3a:); "
                    + "repeatable or comma-separated. Every file found must be a Y4M file.")
    private List<String> inputs = new ArrayList<>();

    @Option(names = "--output", required = true, paramLabel = "DIR", description = "Where the motion table goes.")
    private String output;

    @Option(names = "--format", defaultValue = Defaults.FORMAT, paramLabel = "FORMAT",
            description = "parquet, csv (with a header row), json, or ffmpeg-csv (one motion.csv in the columns of "
                    + "FFmpeg's extract_mvs; one input file) (default: ${DEFAULT-VALUE}).")
    private String format;

    @Option(names = "--overwrite", description = "Replace an existing non-empty output (and --render) directory.")
    private boolean overwrite;

    @Option(names = "--block", defaultValue = Defaults.BLOCK, paramLabel = "B",
            description = "Block size: 4, 8, 16, 32 or 64 pixels (default: ${DEFAULT-VALUE}).")
    private int block;

    @Option(names = "--range", defaultValue = Defaults.RANGE, paramLabel = "R",
            description = "Search range: displacements within ±R pixels, 0..64 (default: ${DEFAULT-VALUE}).")
    private int range;

    @Option(names = "--render", paramLabel = "DIR",
            description = "Also draw each frame's vectors over its luma, one PNG per frame, into DIR.")
    private String render;

    @Option(names = "--stripe-rows", defaultValue = Defaults.STRIPE_ROWS, paramLabel = "N",
            description = "Search frames in horizontal stripes of N block rows, one after the other (default: 0 = "
                    + "automatic, so that a stripe's candidate scores stay within 512 KiB, a core's L2 cache).")
    private int stripeRows;

    @Option(names = "--frames-per-task", defaultValue = Defaults.FRAMES_PER_TASK, paramLabel = "N",
            description = "Consecutive frames one task searches (default: 0 = automatic, the same number of tasks "
                    + "for every Spark core, at least 2, at most 64 frames each).")
    private int framesPerTask;

    @Option(names = "--partitions", defaultValue = Defaults.PARTITIONS, paramLabel = "N",
            description = "Spread the tasks over N Spark partitions (default: one partition per task).")
    private int partitions;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master (default: spark-submit's, else local[*]).")
    private String master;

    @Override
    public Integer call() {
        return new MotionJob(options()).run();
    }

    MotionOptions options() {
        try {
            return new MotionOptions(inputs, output, MotionFormat.parse(format), overwrite, block, range, stripeRows,
                    framesPerTask, partitions, render, master);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
