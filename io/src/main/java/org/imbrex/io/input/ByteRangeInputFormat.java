package org.imbrex.io.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * A Hadoop input format whose splits are ordinary {@code FileSplit}s of the input files and whose
 * records are one {@link ByteRange} per split (the value is {@link NullWritable}).
 * <pre>
 *   file a.bin, 66 MiB, split size 32 MiB     (mapreduce.input.fileinputformat.split.maxsize)
 *   split 0: ByteRange(a.bin, 0,        32 MiB, 66 MiB)
 *   split 1: ByteRange(a.bin, 32 MiB,   34 MiB, 66 MiB)   Hadoop lets the last split grow up to 1.1×
 *   empty file e.bin: one split, ByteRange(e.bin, 0, 0, 0)
 * </pre>
 * Splits partition each file's offsets; the scanner reads a halo past a split's end itself. Splits keep
 * the block locations of their first byte, so Spark schedules them near the data.
 *
 * <p>Inputs are listed by {@link InputLister}, not by {@code FileInputFormat}: directories are always
 * recursive (the {@code input.dir.recursive} key is not needed), hidden files are included, and an input
 * that gives no file is an error naming it. Use from Spark:
 * <pre>{@code
 * Job job = Job.getInstance(hadoopConf);
 * ByteRangeInputFormat.setInputs(job, List.of("hdfs:///dumps", "s3a://bucket/x/*.img"));
 * JavaPairRDD<ByteRange, NullWritable> ranges = jsc.newAPIHadoopRDD(job.getConfiguration(),
 *         ByteRangeInputFormat.class, ByteRange.class, NullWritable.class);
 * }</pre>
 * ({@code newAPIHadoopFile(String.join(",", inputs), …)} works too, for inputs without commas.)
 */
public final class ByteRangeInputFormat extends FileInputFormat<ByteRange, NullWritable> {

    /** Sets the inputs (files, directories, globs; any Hadoop URI); commas inside a name are fine. */
    public static void setInputs(Job job, List<String> inputs) throws IOException {
        Path[] paths = new Path[inputs.size()];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = new Path(inputs.get(i));
        }
        FileInputFormat.setInputPaths(job, paths);
    }

    @Override
    protected List<FileStatus> listStatus(JobContext job) throws IOException {
        List<Path> inputs = Arrays.asList(getInputPaths(job));
        if (inputs.isEmpty()) {
            throw new IOException("no input: set the inputs with ByteRangeInputFormat.setInputs");
        }
        List<String> names = inputs.stream().map(Path::toString).toList();
        return new ArrayList<>(InputLister.statuses(job.getConfiguration(), inputs, names));
    }

    @Override
    protected boolean isSplitable(JobContext context, Path file) {
        return true;
    }

    @Override
    public RecordReader<ByteRange, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new ByteRangeRecordReader();
    }
}
