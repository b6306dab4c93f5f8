package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.util.LongAccumulator;
import org.apache.spark.util.TaskCompletionListener;
import org.imbrex.io.motion.BlockMatcher;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.io.motion.Stripe;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mFrameIndex;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * The motion search of one Spark partition: for each of its {@link MotionTask}s, streams the task's frames
 * (the stripe's rows of each, two frames in memory at a time) through a {@link BlockMatcher} and hands out
 * each frame pair's rows as soon as they are computed, so a partition never holds more than one frame
 * pair's rows.
 *
 * <p>Arrow memory lives in one allocator per partition, closed when the rows run out or the task ends
 * (whichever comes first). Example: {@code tasks.mapPartitions(new MatchPartition(options, hadoop, frames,
 * blocks))}.
 */
final class MatchPartition implements FlatMapFunction<Iterator<MotionTask>, Row> {
    private static final long serialVersionUID = 1L;

    private final int block;
    private final int range;
    private final HadoopConf hadoop;
    private final LongAccumulator frames;
    private final LongAccumulator blocks;

    MatchPartition(MotionOptions options, HadoopConf hadoop, LongAccumulator frames, LongAccumulator blocks) {
        this.block = options.block();
        this.range = options.range();
        this.hadoop = hadoop;
        this.frames = frames;
        this.blocks = blocks;
    }

    @Override
    public Iterator<Row> call(Iterator<MotionTask> tasks) {
        Rows rows = new Rows(tasks, MotionPlan.of(block, range), hadoop.toConfiguration());
        TaskContext context = TaskContext.get();
        if (context != null) {
            context.addTaskCompletionListener((TaskCompletionListener) done -> rows.close());
        }
        return rows;
    }

    /** The rows of a partition's tasks, computed one frame pair at a time. */
    private final class Rows implements Iterator<Row> {
        private final Iterator<MotionTask> tasks;
        private final Configuration conf;
        private final BufferAllocator allocator = new RootAllocator();
        private final BlockMatcher matcher;
        private final ArrayDeque<Row> pending = new ArrayDeque<>();
        private MotionTask task;
        private FSDataInputStream in;
        private LumaFrame previous;
        private int next;
        private boolean closed;

        Rows(Iterator<MotionTask> tasks, MotionPlan plan, Configuration conf) {
            this.tasks = tasks;
            this.conf = conf;
            this.matcher = new BlockMatcher(plan, allocator);
        }

        @Override
        public boolean hasNext() {
            try {
                while (pending.isEmpty() && !closed) {
                    if (task == null || next > task.frames()) {
                        if (!startNextTask()) {
                            close();
                            return false;
                        }
                    } else {
                        matchNextFrame();
                    }
                }
                return !pending.isEmpty();
            } catch (IOException e) {
                close();
                throw new UncheckedIOException(task.path() + ": " + e.getMessage(), e);
            }
        }

        @Override
        public Row next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return pending.poll();
        }

        private boolean startNextTask() throws IOException {
            closeInput();
            if (!tasks.hasNext()) {
                return false;
            }
            task = tasks.next();
            Path path = new Path(task.path());
            in = path.getFileSystem(conf).open(path);
            previous = read(0);
            next = 1;
            return true;
        }

        /** Matches the task's frame {@code next} (offset index) against the one before it. */
        private void matchNextFrame() throws IOException {
            LumaFrame current = read(next++);
            Stripe stripe = task.stripe();
            for (MotionVector v : matcher.match(previous, current, stripe)) {
                pending.add(MotionTable.row(task.path(), current.index(), v));
            }
            blocks.add(pending.size());
            if (stripe.firstBlockRow() == 0) {
                frames.add(1);
            }
            previous = current;
        }

        /** Frame {@code firstFrame − 1 + i} of the task, the rows of its stripe and halo only. */
        private LumaFrame read(int i) throws IOException {
            Stripe stripe = task.stripe();
            return Y4mFrameIndex.readRows(in, task.lumaOffsets()[i], task.firstFrame() - 1 + i, task.width(),
                    task.height(), stripe.prevRow0(block, range), stripe.prevEnd(block, range, task.height()));
        }

        private void closeInput() throws IOException {
            previous = null;
            if (in != null) {
                in.close();
                in = null;
            }
        }

        void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                closeInput();
            } catch (IOException ignored) {
                // Reading is over; a failing close of an input stream loses nothing.
            } finally {
                matcher.close();
                allocator.close();
            }
        }
    }
}
