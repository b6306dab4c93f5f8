package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.motion.BlockMatcher;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.motion.MotionRenderer;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.OutputDirectory;

/**
 * The motion search of one Spark partition, and its part of the table: for each of its {@link MotionTask}s
 * (consecutive in the table's order), streams the task's frames (two in memory at a time) through a {@link
 * BlockMatcher} and writes each frame pair's rows to the partition's part file as soon as they are computed;
 * with {@code --render} it also draws each frame's PNG. Nothing is shuffled, sorted or held: the rows come
 * out in (path, frame, block_y, block_x) order, and part {@code i} is Spark partition {@code i}.
 *
 * <pre>
 *   tasks (a, 1..5) (a, 6..10)  →  frames 0..10 of a  →  rows of frames 1..10  →  part-00000-JOB-c000.snappy.parquet
 * </pre>
 * Part 0 always writes a file, so that an empty table still has its schema. The Arrow allocator, the matcher
 * and the input stream are closed when the partition ends, also when it fails. Example: {@code
 * tasks.mapPartitionsWithIndex(new MatchPartition(options, spec, frames, blocks), false)}.
 */
final class MatchPartition implements Function2<Integer, Iterator<MotionTask>, Iterator<MotionPart>> {
    private static final long serialVersionUID = 1L;

    /** Where the table goes (staging directory, job id, format) and where the PNGs go (or null). */
    record Spec(String staging, String job, MotionFormat format, String renderStaging, HadoopConf hadoop)
            implements java.io.Serializable {
    }

    private final int block;
    private final int range;
    private final int stripeRows;
    private final Spec spec;
    private final Map<String, String> baseNames;
    private final LongAccumulator frames;
    private final LongAccumulator blocks;

    MatchPartition(MotionOptions options, Spec spec, Map<String, String> baseNames, LongAccumulator frames,
            LongAccumulator blocks) {
        this.block = options.block();
        this.range = options.range();
        this.stripeRows = options.stripeRows();
        this.spec = spec;
        this.baseNames = new LinkedHashMap<>(baseNames);
        this.frames = frames;
        this.blocks = blocks;
    }

    @Override
    public Iterator<MotionPart> call(Integer part, Iterator<MotionTask> tasks) throws IOException {
        long started = System.nanoTime();
        TaskContext task = TaskContext.get();
        Configuration conf = spec.hadoop().toConfiguration();
        Path file = OutputDirectory.attemptFile(spec.staging(), task == null ? 0 : task.taskAttemptId(),
                MotionPartFile.fileName(part, spec.job(), spec.format()));
        MotionPlan plan = new MotionPlan(block, range, stripeRows);
        try (BufferAllocator allocator = new RootAllocator();
                BlockMatcher matcher = new BlockMatcher(plan, allocator);
                Writing out = new Writing(file, conf)) {
            if (part == 0) {
                out.open();
            }
            while (tasks.hasNext()) {
                search(tasks.next(), matcher, plan, conf, out);
            }
            out.close();
            return List.of(out.part(part, System.nanoTime() - started)).iterator();
        }
    }

    private void search(MotionTask task, BlockMatcher matcher, MotionPlan plan, Configuration conf, Writing out)
            throws IOException {
        Path path = new Path(task.path());
        try (FSDataInputStream in = path.getFileSystem(conf).open(path)) {
            LumaFrame previous = task.read(in, 0);
            for (int i = 1; i <= task.frames(); i++) {
                LumaFrame current = task.read(in, i);
                long started = System.nanoTime();
                List<MotionVector> vectors = matcher.match(previous, current);
                out.searched(System.nanoTime() - started);
                out.write(task.path(), current.index(), vectors);
                if (spec.renderStaging() != null) {
                    render(plan, task, current, vectors, conf, out);
                }
                blocks.add(vectors.size());
                frames.add(1);
                previous = current;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(task.path() + ": " + e.getMessage(), e);
        }
    }

    private void render(MotionPlan plan, MotionTask task, LumaFrame frame, List<MotionVector> vectors,
            Configuration conf, Writing out) throws IOException {
        Path png = new Path(spec.renderStaging(), MotionRenderer.fileName(baseNames.get(task.path()), frame.index()));
        try (OutputStream stream = SingleFiles.create(png, conf)) {
            MotionRenderer.forPlan(plan, task.width()).writePng(frame, vectors, stream);
        } catch (IOException e) {
            throw new IOException("--render " + png + ": " + e.getMessage(), e);
        }
        out.rendered++;
    }

    /** The part file, opened at its first row, and the tallies of what went into it. */
    private final class Writing implements AutoCloseable {
        private final Path file;
        private final Configuration conf;
        private final Map<String, long[]> counts = new LinkedHashMap<>();
        private MotionPartFile out;
        private boolean closed;
        private long searchNanos;
        private long writeNanos;
        private long rendered;

        Writing(Path file, Configuration conf) {
            this.file = file;
            this.conf = conf;
        }

        void open() throws IOException {
            if (out == null) {
                TaskContext task = TaskContext.get();
                if (task != null && task.isInterrupted()) {
                    throw new IOException("the motion task was killed before it opened " + file);
                }
                out = MotionPartFile.create(spec.format(), block, file, conf);
            }
        }

        void searched(long nanos) {
            searchNanos += nanos;
        }

        void write(String path, int frame, List<MotionVector> vectors) throws IOException {
            long started = System.nanoTime();
            open();
            long moving = 0;
            for (MotionVector v : vectors) {
                out.write(path, frame, v);
                if (v.dx() != 0 || v.dy() != 0) {
                    moving++;
                }
            }
            long[] tally = counts.computeIfAbsent(path, p -> new long[2]);
            tally[0] += vectors.size();
            tally[1] += moving;
            writeNanos += System.nanoTime() - started;
        }

        MotionPart part(int part, long taskNanos) {
            List<String> paths = new ArrayList<>(counts.keySet());
            return new MotionPart(part, out == null ? null : file.toString(), paths.toArray(String[]::new),
                    paths.stream().mapToLong(p -> counts.get(p)[0]).toArray(),
                    paths.stream().mapToLong(p -> counts.get(p)[1]).toArray(), rendered, taskNanos, searchNanos,
                    writeNanos);
        }

        @Override
        public void close() throws IOException {
            if (out != null && !closed) {
                closed = true;
                long started = System.nanoTime();
                out.close();
                writeNanos += System.nanoTime() - started;
            }
        }
    }
}
