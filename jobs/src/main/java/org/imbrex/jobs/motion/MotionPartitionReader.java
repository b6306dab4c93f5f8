package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.imbrex.io.motion.BlockMatcher;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * The rows of one task of the motion source: its frames read one at a time (two in memory), each frame
 * pair matched by a {@link BlockMatcher}, its vectors given as rows of the columns the query reads, in
 * table order (frame, block_y, block_x).
 *
 * <pre>
 *   task (a.y4m, frames 1..4):  read 0, 1 → vectors of 1 → rows → read 2 → vectors of 2 → ...
 * </pre>
 * The matcher's Arrow memory and the input stream are freed when the rows end or the reader is closed.
 * Example: {@code factory.createReader(partition)}.
 */
final class MotionPartitionReader implements PartitionReader<InternalRow> {
    private static final List<String> NAMES = List.of(MotionTable.PATH, MotionTable.FRAME, MotionTable.BLOCK_X,
            MotionTable.BLOCK_Y, MotionTable.DX, MotionTable.DY, MotionTable.SAD);

    /** Serializable: sent to the executors with the plan, the Hadoop settings and the columns. */
    record Factory(MotionPlan plan, HadoopConf hadoop, StructType columns) implements PartitionReaderFactory {
        @Override
        public PartitionReader<InternalRow> createReader(InputPartition partition) {
            return new MotionPartitionReader(((MotionScan.TaskPartition) partition).task(), plan, hadoop, columns);
        }
    }

    private final MotionTask task;
    private final MotionPlan plan;
    private final HadoopConf hadoop;
    private final int[] columns;
    private final UTF8String path;
    private BufferAllocator allocator;
    private BlockMatcher matcher;
    private FSDataInputStream in;
    private LumaFrame previous;
    private int frame;
    private int currentFrame;
    private Iterator<MotionVector> vectors = List.<MotionVector>of().iterator();
    private InternalRow current;

    MotionPartitionReader(MotionTask task, MotionPlan plan, HadoopConf hadoop, StructType schema) {
        this.task = task;
        this.plan = plan;
        this.hadoop = hadoop;
        this.path = UTF8String.fromString(task.path());
        StructField[] fields = schema.fields();
        this.columns = new int[fields.length];
        for (int i = 0; i < fields.length; i++) {
            columns[i] = NAMES.indexOf(fields[i].name());
            if (columns[i] < 0) {
                throw new IllegalArgumentException("imbrex: the motion table has no column " + fields[i].name());
            }
        }
    }

    @Override
    public boolean next() throws IOException {
        while (!vectors.hasNext()) {
            if (frame >= task.frames()) {
                current = null;
                release();
                return false;
            }
            matchNextFrame();
        }
        MotionVector v = vectors.next();
        Object[] values = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            values[i] = switch (columns[i]) {
                case 0 -> path;
                case 1 -> currentFrame;
                case 2 -> v.blockX();
                case 3 -> v.blockY();
                case 4 -> v.dx();
                case 5 -> v.dy();
                default -> v.sad();
            };
        }
        current = new GenericInternalRow(values);
        return true;
    }

    /** Opens what the task needs on its first frame, then matches the next frame against the one before. */
    private void matchNextFrame() throws IOException {
        if (in == null) {
            // In this order, so that release() frees whatever was taken if a step fails.
            allocator = new RootAllocator();
            matcher = new BlockMatcher(plan, allocator);
            Path file = new Path(task.path());
            in = file.getFileSystem(hadoop.toConfiguration()).open(file);
            previous = task.read(in, 0);
        }
        frame++;
        LumaFrame next = task.read(in, frame);
        vectors = matcher.match(previous, next).iterator();
        currentFrame = next.index();
        previous = next;
    }

    @Override
    public InternalRow get() {
        return current;
    }

    @Override
    public void close() {
        release();
    }

    private void release() {
        try {
            if (in != null) {
                in.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            in = null;
            if (matcher != null) {
                matcher.close();
                matcher = null;
            }
            if (allocator != null) {
                allocator.close();
                allocator = null;
            }
        }
    }
}
