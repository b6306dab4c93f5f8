package org.imbrex.jobs.motion;

import java.io.Serializable;
import java.util.List;
import org.imbrex.io.motion.MotionPlan;

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
    public static final int MAX_AUTOMATIC_RUN = 16;
    /** Tasks per Spark core an automatic choice aims at, so that uneven tasks still keep every core busy. */
    private static final int TASKS_PER_CORE = 4;

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
     * Frames per task: {@code --frames-per-task} if given, else runs short enough for about {@value
     * #TASKS_PER_CORE} tasks per core, at most {@value #MAX_AUTOMATIC_RUN} frames. Example: 39 frames to
     * search, 2 cores: ceil(39 / 8) = 5 frames per task.
     *
     * @param frames frames to search over all files (each file's frame count − 1)
     * @param cores  the Spark session's default parallelism
     */
    public int runLength(long frames, int cores) {
        if (framesPerTask > 0) {
            return framesPerTask;
        }
        long tasksWanted = (long) TASKS_PER_CORE * Math.max(1, cores);
        long run = (frames + tasksWanted - 1) / tasksWanted;
        return (int) Math.max(1, Math.min(MAX_AUTOMATIC_RUN, run));
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
