package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;
import org.imbrex.io.video.Y4mFrameIndex;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * One read of the motion source, planned on the driver as {@code imbrex motion} plans its job: the inputs
 * are indexed (frames, luma offsets) and checked, and each {@link MotionTask} (a run of a file's frames)
 * becomes an input partition preferring the hosts of the block that holds most of its frames.
 *
 * <pre>
 *   driver:    index every Y4M file → MotionTask.plan (runs of frames) → TaskPartition[]
 *   executor:  TaskPartition → frames n−1, n → BlockMatcher (msad4 shaders) → rows of frame n
 * </pre>
 * Example: {@code new MotionScan(options, MotionTable.SCHEMA).planInputPartitions()}.
 */
final class MotionScan implements Scan, Batch {
    private final MotionOptions options;
    private final StructType columns;
    private InputPartition[] partitions;

    MotionScan(MotionOptions options, StructType columns) {
        this.options = options;
        this.columns = columns;
    }

    /** One task of the motion job, with the hosts that hold most of its frames. */
    record TaskPartition(MotionTask task, String[] hosts) implements InputPartition, Serializable {
        @Override
        public String[] preferredLocations() {
            return hosts.clone();
        }
    }

    @Override
    public StructType readSchema() {
        return columns;
    }

    @Override
    public String description() {
        return "imbrex motion (block " + options.block() + ", range " + options.range() + ")";
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        if (partitions == null) {
            SparkContext sc = SparkSession.active().sparkContext();
            Configuration conf = sc.hadoopConfiguration();
            List<Y4mFrameIndex> videos = MotionInputs.index(conf, options).videos();
            partitions = MotionTask.plan(videos, options.runs(MotionTask.searchedFrames(videos),
                    sc.defaultParallelism())).stream()
                    .map(task -> new TaskPartition(task, hosts(task, conf))).toArray(InputPartition[]::new);
        }
        return partitions.clone();
    }

    /** The hosts of the block holding the most bytes of the task's frames (none where the file system has none). */
    private static String[] hosts(MotionTask task, Configuration conf) {
        long[] offsets = task.lumaOffsets();
        long start = offsets[0];
        long length = offsets[offsets.length - 1] + (long) task.width() * task.height() - start;
        try {
            Path path = new Path(task.path());
            BlockLocation best = null;
            long most = -1;
            for (BlockLocation block : path.getFileSystem(conf).getFileBlockLocations(path, start, length)) {
                long overlap = Math.min(block.getOffset() + block.getLength(), start + length)
                        - Math.max(block.getOffset(), start);
                if (overlap > most) {
                    most = overlap;
                    best = block;
                }
            }
            return best == null ? new String[0] : best.getHosts();
        } catch (IOException e) {
            throw new UncheckedIOException(task.path() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        SparkContext sc = SparkSession.active().sparkContext();
        return new MotionPartitionReader.Factory(options.plan(), HadoopConf.shared(JavaSparkContext.fromSparkContext(sc)), columns);
    }
}
