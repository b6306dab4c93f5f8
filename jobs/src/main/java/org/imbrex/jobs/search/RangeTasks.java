package org.imbrex.jobs.search;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.Dependency;
import org.apache.spark.Partition;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.rdd.RDD;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.PackedSplit;
import scala.collection.immutable.Nil$;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;

/**
 * A job's scan tasks as an RDD without parents: one partition per packed split (its byte ranges, run where
 * most of its bytes are), or the ranges dealt round-robin over {@code --partitions N}, or a rule search's runs
 * of whole files ({@link WholeFileRuns}), each partition computed by one {@link Task} over its ranges.
 * <pre>
 *   splits     [a 0-64M] [a 64M-150M, b, c] [d]          --partitions 2:  [a 0-64M, b, d] [a 64M-150M, c]
 *   partition  0          1                  2                             0                1
 *   task       Task.run(partition, its ranges) → rows (matches, a written part file, ...)
 * </pre>
 * Spark's own way, a collection RDD and a chain of {@code mapPartitions}, records each step's scope as JSON
 * and cleans and test-serializes each function on the driver before the first task; a scan task's function
 * carries every signature, so that took tens of milliseconds per step of a search. The task here is
 * serialized once, with the job's tasks. Example: {@code new RangeTasks<>(sc, splits, 0, new
 * ScanAndWritePart(scan, write), tag).collect()}.
 */
final class RangeTasks<T> extends RDD<T> {
    private static final long serialVersionUID = 1L;

    /** What a task makes of its partition's ranges. */
    @FunctionalInterface
    interface Task<T> extends Serializable {
        Iterator<T> run(int partition, Iterator<ByteRange> ranges) throws Exception;
    }

    /** One task's ranges; the hosts only matter to the driver's scheduling. */
    static final class Ranges implements Partition {
        private static final long serialVersionUID = 1L;
        private final int index;
        private final ArrayList<ByteRange> ranges;
        private final transient String[] hosts;

        Ranges(int index, List<ByteRange> ranges, String[] hosts) {
            this.index = index;
            this.ranges = new ArrayList<>(ranges);
            this.hosts = hosts.clone();
        }

        @Override
        public int index() {
            return index;
        }

        List<ByteRange> ranges() {
            return ranges;
        }

        /** Where the task would rather run, best first (on the driver; none after a task's deserialization). */
        String[] hosts() {
            return hosts == null ? new String[0] : hosts.clone();
        }

        @Override
        public int hashCode() {
            return index;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Ranges that && that.index == index && that.ranges.equals(ranges);
        }
    }

    /** On the driver only: the tasks' ranges travel in their own partitions. */
    private final transient Ranges[] partitions;
    private final Task<T> task;

    @SuppressWarnings("unchecked")
    RangeTasks(SparkContext sc, List<Ranges> partitions, Task<T> task, ClassTag<T> tag) {
        super(sc, (Seq<Dependency<?>>) (Seq<?>) Nil$.MODULE$, tag);
        this.partitions = partitions.toArray(Ranges[]::new);
        this.task = task;
    }

    /**
     * The partitions of {@code splits}: one per split, with its hosts; or, for {@code spreadOver} ≥ 1, their
     * ranges dealt round-robin in order over that many partitions, without hosts (empty ones dropped).
     */
    static List<Ranges> of(List<PackedSplit> splits, int spreadOver) {
        List<Ranges> partitions = new ArrayList<>();
        if (spreadOver < 1) {
            for (PackedSplit split : splits) {
                partitions.add(new Ranges(partitions.size(), split.ranges(), ScanSplits.hosts(split)));
            }
            return partitions;
        }
        for (List<ByteRange> ranges : dealt(splits, spreadOver)) {
            partitions.add(new Ranges(partitions.size(), ranges, new String[0]));
        }
        return partitions;
    }

    /** The ranges of every split, in order, dealt round-robin over {@code n} lists; empty lists dropped. */
    static List<List<ByteRange>> dealt(List<PackedSplit> splits, int n) {
        List<List<ByteRange>> dealt = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            dealt.add(new ArrayList<>());
        }
        int next = 0;
        for (PackedSplit split : splits) {
            for (ByteRange range : split.ranges()) {
                dealt.get(next++ % n).add(range);
            }
        }
        dealt.removeIf(List::isEmpty);
        return dealt;
    }

    @Override
    public scala.collection.Iterator<T> compute(Partition split, TaskContext context) {
        try {
            return CollectionConverters.asScala(task.run(split.index(), ((Ranges) split).ranges().iterator()));
        } catch (Exception e) {
            throw RangeTasks.<RuntimeException>unchecked(e); // as Spark's Java API lets a function's exception out
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Exception> E unchecked(Exception e) throws E {
        throw (E) e;
    }

    @Override
    public Partition[] getPartitions() {
        return Arrays.copyOf(partitions, partitions.length, Partition[].class);
    }

    @Override
    public Seq<String> getPreferredLocations(Partition split) {
        return CollectionConverters.asScala(Arrays.asList(((Ranges) split).hosts())).toList();
    }
}
