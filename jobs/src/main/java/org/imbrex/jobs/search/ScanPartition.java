package org.imbrex.jobs.search;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.util.LongAccumulator;
import org.apache.spark.util.TaskCompletionListener;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.scan.TileBytes;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.SharedValue;

/**
 * One scan task: runs the msad4 search shader over every tile of the task's byte ranges and streams the
 * accepted offsets out as {@link Match}es ({@link ScanRows}), a tile's worth at a time. With {@code --best K}
 * only the task's K best per signature leave it, once its ranges are done.
 *
 * <p>Arrow memory lives in one allocator per task, freed when the rows run out, when a scan fails, or,
 * through a task completion listener, when the task ends before its rows were all taken. The signatures
 * travel in the task, or in a broadcast the job's tasks share ({@link SharedValue}: thousands of atoms of
 * YARA rules), and are compiled into a {@link SearchPlan} there. Example: {@code
 * ranges.mapPartitions(new ScanPartition(signatures, hadoop, options, counters))}.
 */
final class ScanPartition implements FlatMapFunction<Iterator<ByteRange>, Match> {
    private static final long serialVersionUID = 1L;

    /** The accumulators a scan adds to, as the Spark UI names them "imbrex search: …". */
    record Counters(LongAccumulator bytesScanned, LongAccumulator tiles, LongAccumulator matches)
            implements Serializable {
    }

    /** Where a task's Arrow memory comes from: a {@link RootAllocator} of its own, unless a test says otherwise. */
    @FunctionalInterface
    interface Allocators extends Serializable {
        BufferAllocator open();
    }

    private final SharedValue<ArrayList<Signature>> signatures;
    private final HadoopConf hadoop;
    private final SearchOptions options;
    private final Counters counters;
    private final Allocators allocators;
    private final TileBytes view;

    ScanPartition(List<Signature> signatures, HadoopConf hadoop, SearchOptions options, Counters counters) {
        this(signatures, hadoop, options, counters, RootAllocator::new);
    }

    ScanPartition(List<Signature> signatures, HadoopConf hadoop, SearchOptions options, Counters counters,
            Allocators allocators) {
        this(signatures, hadoop, options, counters, allocators, TileBytes.AS_READ);
    }

    /** A scan of {@code view} of the files' bytes ({@link TileBytes#ASCII_LOWER} for case-blind signatures). */
    ScanPartition(List<Signature> signatures, HadoopConf hadoop, SearchOptions options, Counters counters,
            TileBytes view) {
        this(SharedValue.of(new ArrayList<>(signatures)), hadoop, options, counters, view);
    }

    /** A scan of {@code view} for signatures the job's tasks share ({@link SharedValue#broadcast}). */
    ScanPartition(SharedValue<ArrayList<Signature>> signatures, HadoopConf hadoop, SearchOptions options,
            Counters counters, TileBytes view) {
        this(signatures, hadoop, options, counters, RootAllocator::new, view);
    }

    private ScanPartition(List<Signature> signatures, HadoopConf hadoop, SearchOptions options, Counters counters,
            Allocators allocators, TileBytes view) {
        this(SharedValue.of(new ArrayList<>(signatures)), hadoop, options, counters, allocators, view);
    }

    private ScanPartition(SharedValue<ArrayList<Signature>> signatures, HadoopConf hadoop, SearchOptions options,
            Counters counters, Allocators allocators, TileBytes view) {
        this.signatures = signatures;
        this.hadoop = hadoop;
        this.options = options;
        this.counters = counters;
        this.allocators = allocators;
        this.view = view;
    }

    @Override
    public Iterator<Match> call(Iterator<ByteRange> ranges) {
        ScanRows rows = rows(ranges);
        TaskContext task = TaskContext.get();
        if (task != null) {
            TaskCompletionListener release = context -> rows.close();
            task.addTaskCompletionListener(release);
        }
        return rows;
    }

    /** The rows of {@code ranges}, not yet scanned; nothing is allocated until the first range is asked for. */
    ScanRows rows(Iterator<ByteRange> ranges) {
        return new ScanRows(ranges, SearchPlan.compile(signatures.get()), hadoop.toConfiguration(), options, counters,
                allocators, view);
    }
}
