package org.imbrex.io.input;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.lib.input.CombineFileSplit;

/**
 * One task's share of the inputs: several {@link ByteRange}s, of one file or of many, each with its file's
 * length so the reader never asks the file system for it, and the hosts that hold most of its bytes.
 * <pre>
 *   PackedSplit[ a.bin [128M, 150M) of 150M | b.bin [0, 3K) of 3K | c.bin [0, 0) of 0 ]   hosts dn2, dn1
 *   written as   CombineFileSplit (total length, lengths, paths, starts)   then one file length per range
 * </pre>
 * It is a {@link CombineFileSplit}, so Spark counts the bytes its task reads in the task's input metrics;
 * like every Hadoop split, it carries its locations only on the driver, where tasks are placed. Example:
 * {@code new PackedSplit(List.of(ByteRange.wholeFile("file:/d/b.bin", 3072)), new String[] {"localhost"})
 * .getLength()} is 3072.
 */
public final class PackedSplit extends CombineFileSplit {
    private long[] fileLengths;

    /** For Hadoop's {@code Writable} machinery only: fill it with {@link #readFields(DataInput)}. */
    public PackedSplit() {
        this.fileLengths = new long[0];
    }

    /**
     * @param ranges    the ranges, in the order the reader gives them
     * @param locations hosts, best first; empty when unknown
     */
    public PackedSplit(List<ByteRange> ranges, String[] locations) {
        super(paths(ranges), ranges.stream().mapToLong(ByteRange::start).toArray(),
                ranges.stream().mapToLong(ByteRange::length).toArray(), locations.clone());
        this.fileLengths = ranges.stream().mapToLong(ByteRange::fileLength).toArray();
    }

    private static Path[] paths(List<ByteRange> ranges) {
        Path[] paths = new Path[ranges.size()];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = ranges.get(i).toPath();
        }
        return paths;
    }

    /** The ranges, in order. */
    public List<ByteRange> ranges() {
        List<ByteRange> ranges = new ArrayList<>(getNumPaths());
        for (int i = 0; i < getNumPaths(); i++) {
            ranges.add(new ByteRange(getPath(i).toString(), getOffset(i), getLength(i), fileLengths[i]));
        }
        return ranges;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        super.write(out);
        for (long fileLength : fileLengths) {
            WritableUtils.writeVLong(out, fileLength);
        }
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        super.readFields(in);
        fileLengths = new long[getNumPaths()];
        for (int i = 0; i < fileLengths.length; i++) {
            fileLengths[i] = WritableUtils.readVLong(in);
        }
    }

    @Override
    public String toString() {
        return "PackedSplit" + ranges();
    }
}
