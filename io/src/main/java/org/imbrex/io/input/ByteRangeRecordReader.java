package org.imbrex.io.input;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Gives the one record of a {@link FileSplit}: its {@link ByteRange}, with the file's length looked up so
 * the scanner knows where windows must end. The bytes are not read here: the scanner reads them tile by
 * tile. Example: split {@code a.bin:0+33554432} of a 40 MB file gives {@code ByteRange(a.bin, 0, 33554432,
 * 40000000)}.
 */
final class ByteRangeRecordReader extends RecordReader<ByteRange, NullWritable> {
    private ByteRange range;
    private boolean delivered;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
        FileSplit file = (FileSplit) split;
        Path path = file.getPath();
        long fileLength = path.getFileSystem(context.getConfiguration()).getFileStatus(path).getLen();
        if (file.getStart() + file.getLength() > fileLength) {
            throw new IOException(path + " is " + fileLength + " bytes now, shorter than its split " + file
                    + ": did it change during the search?");
        }
        range = new ByteRange(path.toString(), file.getStart(), file.getLength(), fileLength);
    }

    @Override
    public boolean nextKeyValue() {
        if (delivered || range == null) {
            return false;
        }
        delivered = true;
        return true;
    }

    @Override
    public ByteRange getCurrentKey() {
        return range;
    }

    @Override
    public NullWritable getCurrentValue() {
        return NullWritable.get();
    }

    @Override
    public float getProgress() {
        return delivered ? 1f : 0f;
    }

    @Override
    public void close() {
        // nothing is open: the scanner opens the file
    }
}
