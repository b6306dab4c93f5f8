package org.imbrex.jobs.motion;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.jobs.spark.TaperedShares;

/**
 * Every option of {@code imbrex motion}, validated, with its default. One place for defaults and limits;
 * the block and range rules are {@link MotionPlan}'s.
 *
 * <p>Example: {@code imbrex motion --input clips/ --output motion --range 16} gives {@code block = 16},
 * {@code range = 16}, {@code stripeRows = 0} and {@code framesPerTask = 0} (both automatic), {@code
 * partitions = 0} (one per task). {@code --range 65} fails with {@code --range 65 is out of range; use 0..64}.
 *
 * @param stripeRows    block rows per stripe a frame is searched in, one after the other, or 0 to let {@link
 *                      MotionPlan#stripes} choose
 * @param framesPerTask consecutive frames of n whose vectors one task computes (it reads one frame more), or 0
 *                      to let {@link #runLength} choose
 * @param partitions    Spark partitions to spread the tasks over, or 0 for one per task
 * @param render        directory for one PNG per frame, or null for none
 */
public record MotionOptions(List<String> inputs, String output, MotionFormat format, boolean overwrite, int block,
        int range, int stripeRows, int framesPerTask, int partitions, String render, String master)
        implements Serializable {

    /**
     * Each option's default as the command line spells it, the one place they live: {@link MotionCommand}'s
     * annotations read these; block and range are {@link MotionPlan}'s; 0 means automatic (stripes, frames
     * per task) or one partition per task.
     */
    public static final class Defaults {
        public static final String FORMAT = "parquet";
        public static final String BLOCK = "" + MotionPlan.DEFAULT_BLOCK;
        public static final String RANGE = "" + MotionPlan.DEFAULT_RANGE;
        public static final String STRIPE_ROWS = "0";
        public static final String FRAMES_PER_TASK = "0";
        public static final String PARTITIONS = "0";

        private Defaults() {
        }
    }

    /** The longest run of frames an automatic choice gives one task. */
    public static final int MAX_AUTOMATIC_RUN = 64;
    /**
     * Tasks per Spark core an automatic choice gives at least, so that the scheduler can even out tasks of unequal
     * cost (frames of other sizes, another file's run).
     */
    private static final int TASKS_PER_CORE = 2;

    public MotionOptions {
        inputs = List.copyOf(inputs);
        MotionPlan.of(block, range); // checks --block and --range with the plan's messages
        if (stripeRows < 0) {
            throw new IllegalArgumentException("--stripe-rows " + stripeRows
                    + " is negative; use 0 (automatic) or a number of block rows");
        }
        if (framesPerTask < 0) {
            throw new IllegalArgumentException("--frames-per-task " + framesPerTask
                    + " is negative; use 0 (automatic) or a number of frames");
        }
        if (partitions < 0) {
            throw new IllegalArgumentException("--partitions " + partitions + " is negative; give N ≥ 1 partitions, "
                    + "or 0 (the default) for one partition per task");
        }
    }

    /** Defaults for everything but the inputs and the output. */
    public static MotionOptions of(List<String> inputs, String output) {
        return new MotionOptions(inputs, output, MotionFormat.PARQUET, false, MotionPlan.DEFAULT_BLOCK,
                MotionPlan.DEFAULT_RANGE, 0, 0, 0, null, null);
    }

    /** The search plan: block, range and stripe height. */
    public MotionPlan plan() {
        return new MotionPlan(block, range, stripeRows);
    }

    /**
     * The runs of frames of the tasks, over all files together ({@link MotionTask#plan(List, int[])}): runs of
     * {@code --frames-per-task} if given, else the same number of tasks for every core, at least {@value
     * #TASKS_PER_CORE} each and as few as runs of at most {@value #MAX_AUTOMATIC_RUN} frames allow. On several
     * cores the runs taper from 1.6 times the mean to 0.4 times it ({@link TaperedShares}), so that the cores
     * finish together (400 frames on 2 cores: one core idle for 0.47 s of 3.7 s with 8 even runs); on one core
     * they are even. A task pays for its start (its first frame read and prepared again, its buffers, its part
     * file: about 25 ms of a core at 720p).
     * <pre>
     *   frames  cores  per core  tasks per core              tasks  runs
     *     400     2      200     max(2, ⌈1.6·200/64⌉) = 5     10    64 59 53 48 43 37 32 27 21 16   (tapered)
     *     100     2       50     max(2, ⌈1.6·50/64⌉)  = 2      4    40 30 20 10
     *     400     1      400     max(2, ⌈400/64⌉)     = 7      7    58 58 58 58 58 58 52           (even)
     * </pre>
     *
     * @param frames frames to search over all files (each file's frame count − 1)
     * @param cores  the Spark session's default parallelism
     */
    public int[] runs(long frames, int cores) {
        if (framesPerTask > 0) {
            return evenRuns(frames, framesPerTask);
        }
        long spread = Math.max(1, cores);
        long perCore = (Math.max(1, frames) + spread - 1) / spread;
        if (spread == 1) {
            long tasks = Math.max(TASKS_PER_CORE, (perCore + MAX_AUTOMATIC_RUN - 1) / MAX_AUTOMATIC_RUN);
            return evenRuns(frames, (int) Math.max(1, (frames + tasks - 1) / tasks));
        }
        long tasksPerCore = Math.max(TASKS_PER_CORE,
                (long) Math.ceil(perCore * TaperedShares.FIRST_OVER_MEAN / MAX_AUTOMATIC_RUN));
        return TaperedShares.runs(frames, (int) Math.min(Integer.MAX_VALUE, tasksPerCore * spread));
    }

    /** {@code frames} in runs of {@code run}, the last one shorter if need be. */
    static int[] evenRuns(long frames, int run) {
        int[] runs = new int[(int) ((frames + run - 1) / run)];
        Arrays.fill(runs, run);
        if (runs.length > 0) {
            runs[runs.length - 1] = (int) (frames - (long) run * (runs.length - 1));
        }
        return runs;
    }

    public MotionOptions withFormat(MotionFormat value) {
        return new MotionOptions(inputs, output, value, overwrite, block, range, stripeRows, framesPerTask,
                partitions, render, master);
    }

    public MotionOptions withSearch(int blockSize, int searchRange) {
        return new MotionOptions(inputs, output, format, overwrite, blockSize, searchRange, stripeRows,
                framesPerTask, partitions, render, master);
    }

    /** The same search cut differently: results must not change. */
    public MotionOptions withCut(int stripeBlockRows, int frames, int sparkPartitions) {
        return new MotionOptions(inputs, output, format, overwrite, block, range, stripeBlockRows, frames,
                sparkPartitions, render, master);
    }

    public MotionOptions withOutput(String table, boolean replace) {
        return new MotionOptions(inputs, table, format, replace, block, range, stripeRows, framesPerTask,
                partitions, render, master);
    }

    public MotionOptions withRender(String directory) {
        return new MotionOptions(inputs, output, format, overwrite, block, range, stripeRows, framesPerTask,
                partitions, directory, master);
    }
}
