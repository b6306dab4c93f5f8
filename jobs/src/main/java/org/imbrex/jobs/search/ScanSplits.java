package org.imbrex.jobs.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.spark.api.java.JavaSparkContext;
import org.imbrex.io.input.ByteRangeInputFormat;
import org.imbrex.io.input.PackedSplit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The splits a search scans, cut on the driver from the listing it checked the inputs with, and the scan tasks
 * over them: the search job's, the rule search's and the DataSource's.
 * <pre>
 *   listed files → ByteRangeInputFormat.splits (--split-size or auto, --open-cost) → packed splits with hosts
 *                → RangeTasks.of: a task per split, or the ranges dealt over --partitions N
 * </pre>
 * Example: {@code new RangeTasks<>(sc.sc(), ScanSplits.tasks(sc, listed, options), task, tag)}.
 */
final class ScanSplits {
    /** The search job's log: the split size chosen is part of what a search reports. */
    private static final Logger LOG = LoggerFactory.getLogger(SearchJob.class);

    private ScanSplits() {
    }

    /**
     * The scan tasks over the inputs the driver listed ({@link RangeTasks#of}): one per packed split (running
     * where its blocks are), or the ranges dealt over {@code --partitions N}. The splits are cut from the
     * driver's listing by {@link ByteRangeInputFormat#splits}: a Hadoop RDD would list the inputs a second
     * time, and broadcast the whole Hadoop configuration first.
     */
    static List<RangeTasks.Ranges> tasks(JavaSparkContext sc, List<LocatedFileStatus> listed,
            SearchOptions options) {
        return RangeTasks.of(packed(listed, sc.hadoopConfiguration(), options, sc.defaultParallelism()),
                options.partitions());
    }

    /** {@link #tasks} with splits of {@code splitSize} bytes, chosen for a larger listing than {@code listed}. */
    static List<RangeTasks.Ranges> tasks(JavaSparkContext sc, List<LocatedFileStatus> listed, SearchOptions options,
            long splitSize) {
        return RangeTasks.of(packed(listed, sc.hadoopConfiguration(), options, splitSize, sc.defaultParallelism()),
                options.partitions());
    }

    /**
     * The split size of a scan of {@code listed} on {@code cores}: {@code --split-size}, or {@link
     * SearchOptions#splitSizeFor} the inputs' weight, each file weighing its length plus the open cost, as the
     * packing (and Spark's file sources) weigh them.
     */
    static long splitSize(List<LocatedFileStatus> listed, SearchOptions options, int cores) {
        long weight = listed.stream().mapToLong(file -> file.getLen() + options.openCost()).sum();
        return options.splitSizeFor(weight, cores);
    }

    /** The hosts holding most of a split's blocks (none for local files). */
    static String[] hosts(PackedSplit split) {
        try {
            return split.getLocations();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The scan's splits of the listed inputs ({@link ByteRangeInputFormat#splits}: ranges of about {@code
     * --split-size}, or of {@link SearchOptions#splitSizeFor} the inputs' weight and {@code cores}; small files
     * packed, block locations kept), without the splits of empty files, which are no task (as Spark's Hadoop
     * RDDs do with {@code spark.hadoopRDD.ignoreEmptySplits}).
     */
    static List<PackedSplit> packed(List<LocatedFileStatus> listed, Configuration conf, SearchOptions options,
            int cores) {
        return packed(listed, conf, options, splitSize(listed, options, cores), cores);
    }

    private static List<PackedSplit> packed(List<LocatedFileStatus> listed, Configuration conf,
            SearchOptions options, long splitSize, int cores) {
        try {
            List<PackedSplit> splits = new ArrayList<>();
            for (PackedSplit split : ByteRangeInputFormat.splits(listed, conf, splitSize, splitSize,
                    options.openCost())) {
                if (split.getLength() > 0) {
                    splits.add(split);
                }
            }
            String chosen = options.splitSize() == SearchOptions.AUTO_SPLIT_SIZE
                    ? " (--split-size auto, " + cores + " cores)" : "";
            LOG.info("search: {} scan tasks of up to {} bytes each{}", splits.size(), splitSize, chosen);
            return splits;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
