package org.imbrex.io.input;

import java.util.List;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Gives the records of a {@link PackedSplit}: its {@link ByteRange}s, in order. Nothing is opened or asked
 * of the file system here: each range carries its file's length from the listing, and the scanner reads
 * the bytes tile by tile (and reports a file that has shrunk since it was listed). Example: a split {@code
 * [a.bin [128M, 150M) of 150M, b.bin [0, 3K) of 3K]} gives {@code ByteRange(a.bin, 134217728, 23068672,
 * 157286400)}, then {@code ByteRange(b.bin, 0, 3072, 3072)}.
 */
final class ByteRangeRecordReader extends RecordReader<ByteRange, NullWritable> {
    private List<ByteRange> ranges = List.of();
    private int next;
    private ByteRange current;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) {
        ranges = ((PackedSplit) split).ranges();
        next = 0;
        current = null;
    }

    @Override
    public boolean nextKeyValue() {
        if (next == ranges.size()) {
            current = null;
            return false;
        }
        current = ranges.get(next++);
        return true;
    }

    @Override
    public ByteRange getCurrentKey() {
        return current;
    }

    @Override
    public NullWritable getCurrentValue() {
        return NullWritable.get();
    }

    @Override
    public float getProgress() {
        return ranges.isEmpty() ? 1f : (float) next / ranges.size();
    }

    @Override
    public void close() {
        // nothing is open: the scanner opens the files
    }
}
