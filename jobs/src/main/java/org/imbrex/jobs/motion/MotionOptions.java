package org.imbrex.jobs.motion;

import java.io.Serializable;
import java.util.List;
import org.imbrex.io.motion.MotionPlan;

/**
 * Every option of {@code imbrex motion}, validated, with its default. One place for defaults and limits;
 * the block and range rules are {@link MotionPlan}'s.
 *
 * <p>Example: {@code imbrex motion --input clips/ --output motion --range 16} gives {@code block = 16},
 * {@code range = 16}, {@code stripeRows = 0} (automatic), {@code framesPerTask = 8}, {@code partitions = 0}
 * (one per task). {@code --range 65} fails with {@code --range 65 is out of range; use 0..64}.
 *
 * @param stripeRows    block rows per stripe task, or 0 to let {@link MotionPlan#stripes} choose
 * @param framesPerTask consecutive frames of n whose vectors one task computes (it reads one frame more)
 * @param partitions    Spark partitions to spread the tasks over, or 0 for one per task
 * @param render        directory for one PNG per frame, or null for none
 */
public record MotionOptions(List<String> inputs, String output, MotionFormat format, boolean overwrite, int block,
        int range, int stripeRows, int framesPerTask, int partitions, String render, String master)
        implements Serializable {

    public static final int DEFAULT_FRAMES_PER_TASK = 8;

    public MotionOptions {
        inputs = List.copyOf(inputs);
        MotionPlan.of(block, range); // checks --block and --range with the plan's messages
        if (stripeRows < 0) {
            throw new IllegalArgumentException("--stripe-rows " + stripeRows
                    + " is negative; use 0 (automatic) or a number of block rows");
        }
        if (framesPerTask < 1) {
            throw new IllegalArgumentException("--frames-per-task " + framesPerTask + " must be at least 1");
        }
        if (partitions < 0) {
            throw new IllegalArgumentException("--partitions " + partitions + " must be 0 (one per task) or more");
        }
    }

    /** Defaults for everything but the inputs and the output. */
    public static MotionOptions of(List<String> inputs, String output) {
        return new MotionOptions(inputs, output, MotionFormat.PARQUET, false, MotionPlan.DEFAULT_BLOCK,
                MotionPlan.DEFAULT_RANGE, 0, DEFAULT_FRAMES_PER_TASK, 0, null, null);
    }

    /** The search plan: block, range and stripe height. */
    public MotionPlan plan() {
        return new MotionPlan(block, range, stripeRows);
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
