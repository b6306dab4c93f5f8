package org.imbrex.jobs.search;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.Partition;
import org.apache.spark.rdd.PartitionCoalescer;
import org.apache.spark.rdd.PartitionGroup;
import org.apache.spark.rdd.RDD;
import scala.Option;

/**
 * Groups adjacent table parts into write tasks of about a target size, once the scan has shuffled its
 * matches and their sizes are known, as Spark's adaptive execution coalesces shuffle partitions. A task
 * reads its parts in order, and parts hold adjacent signature ranks ({@link SignaturePartitioner}), so each
 * task's file is still in table order.
 *
 * <pre>
 *   shuffled bytes per part   0: 40M  1: 0  2: 3M  3: 90M  4: 1M  5: 0      target 64M
 *   write tasks               [0 1 2]      [3]      [4 5]
 * </pre>
 * A part bigger than the target is a task alone; there is always at least one task. Example: {@code
 * sorted.rdd().coalesce(parts.tasks(), false, Option.apply(parts), null)}.
 */
final class AdjacentParts implements PartitionCoalescer, Serializable {
    private static final long serialVersionUID = 1L;

    private final int[][] groups;

    private AdjacentParts(int[][] groups) {
        this.groups = groups;
    }

    /** Groups parts of {@code bytes[p]} shuffled bytes into runs of at most {@code target} bytes each. */
    static AdjacentParts of(long[] bytes, long target) {
        List<int[]> groups = new ArrayList<>();
        int first = 0;
        long size = 0;
        for (int p = 0; p < bytes.length; p++) {
            if (p > first && size + bytes[p] > target) {
                groups.add(range(first, p));
                first = p;
                size = 0;
            }
            size += bytes[p];
        }
        groups.add(range(first, Math.max(bytes.length, first + 1)));
        return new AdjacentParts(groups.toArray(int[][]::new));
    }

    /**
     * The target size of a write task, after Spark's rule for coalescing shuffle partitions: the bytes
     * shared by {@code cores} tasks, at most the advisory size, at least {@code smallest}. E.g. 10 MiB over
     * 2 cores: 5 MiB.
     */
    static long target(long[] bytes, int cores, long advisory, long smallest) {
        long total = 0;
        for (long b : bytes) {
            total += b;
        }
        return Math.max(Math.min((total + cores - 1) / cores, advisory), smallest);
    }

    private static int[] range(int from, int to) {
        int[] parts = new int[to - from];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = from + i;
        }
        return parts;
    }

    /** How many write tasks there are. */
    int tasks() {
        return groups.length;
    }

    /** The parts task {@code task} writes, in order. */
    int[] parts(int task) {
        return groups[task].clone();
    }

    @Override
    public PartitionGroup[] coalesce(int maxPartitions, RDD<?> parent) {
        Partition[] parts = parent.partitions();
        PartitionGroup[] result = new PartitionGroup[groups.length];
        for (int g = 0; g < groups.length; g++) {
            result[g] = new PartitionGroup(Option.empty());
            for (int part : groups[g]) {
                if (part < parts.length) {
                    result[g].partitions().addOne(parts[part]);
                }
            }
        }
        return result;
    }
}
