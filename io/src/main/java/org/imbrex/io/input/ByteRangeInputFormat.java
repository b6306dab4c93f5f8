package org.imbrex.io.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * A Hadoop input format whose splits are {@link PackedSplit}s: the input files cut where {@code
 * FileInputFormat} cuts them, then packed into splits of about the split size, so that thousands of small
 * files make a few tasks, not thousands. Its records are one {@link ByteRange} per range of a split (the
 * value is {@link NullWritable}).
 * <pre>
 *   split size S = 64 MiB (FileInputFormat's: max(minsize, min(maxsize, block size))), open cost O = 64 KiB
 *   files      a.bin 150 MiB                         b.bin 3 KiB   c.bin 0   d.bin 50 MiB
 *   1. cut     a [0, 64M) | a [64M, 128M) | a [128M, 150M)   b [0, 3K)   c [0, 0)   d [0, 50M)
 *              at multiples of S; the last range of a file takes up to 1.1 × S          (FileCutter)
 *   2. pack    a range weighs its length + O; one weighing ≥ S is a split alone; the others fill
 *              splits in (path, start) order until the next would pass S                 (SplitPacker)
 *   splits     0: a [0, 64M)    1: a [64M, 128M)    2: a [128M, 150M), b [0, 3K), c [0, 0)    3: d [0, 50M)
 *   records    split 2 gives ByteRange(a, 128M, 22M, 150M), ByteRange(b, 0, 3K, 3K), ByteRange(c, 0, 0, 0)
 * </pre>
 * The ranges partition each file's offsets; the scanner reads a halo past a range's end itself, so a cut
 * can fall anywhere, and falls on block boundaries for locality. A split's locations are the hosts that
 * hold most of its bytes. A range carries its file's length from the listing: the reader asks the file
 * system nothing. The packing target is the split size of the inputs' largest block (the search job sets
 * min and max to {@code --split-size}); the open cost is {@link #OPEN_COST} ({@link #setOpenCost}).
 *
 * <p>Inputs are listed by {@link InputLister}, not by {@code FileInputFormat}: directories are always
 * recursive (the {@code input.dir.recursive} key is not needed), hidden files are included, and an input
 * that gives no file is an error naming it. Use from Spark:
 * <pre>{@code
 * Job job = Job.getInstance(hadoopConf);
 * ByteRangeInputFormat.setInputs(job, List.of("hdfs:///dumps", "s3a://bucket/x/*.img"));
 * ByteRangeInputFormat.setOpenCost(job, 64 << 10);
 * JavaPairRDD<ByteRange, NullWritable> ranges = jsc.newAPIHadoopRDD(job.getConfiguration(),
 *         ByteRangeInputFormat.class, ByteRange.class, NullWritable.class);
 * }</pre>
 * ({@code newAPIHadoopFile(String.join(",", inputs), …)} works too, for inputs without commas.)
 */
public final class ByteRangeInputFormat extends FileInputFormat<ByteRange, NullWritable> {
    /** The configuration key of the open cost: bytes each range weighs on top of its length when packing. */
    public static final String OPEN_COST = "imbrex.input.open.cost";
    /** 64 KiB: 20,000 files of 1–8 KiB make about 21 splits of 64 MiB, not 20,000. */
    public static final long DEFAULT_OPEN_COST = 64L << 10;

    /** Sets the inputs (files, directories, globs; any Hadoop URI); commas inside a name are fine. */
    public static void setInputs(Job job, List<String> inputs) throws IOException {
        Path[] paths = new Path[inputs.size()];
        for (int i = 0; i < paths.length; i++) {
            paths[i] = new Path(inputs.get(i));
        }
        FileInputFormat.setInputPaths(job, paths);
    }

    /** Sets the open cost in bytes, ≥ 0; {@link #DEFAULT_OPEN_COST} when not set. */
    public static void setOpenCost(Job job, long bytes) {
        checkOpenCost(bytes);
        job.getConfiguration().setLong(OPEN_COST, bytes);
    }

    /** The open cost of a job. */
    public static long getOpenCost(JobContext job) {
        return checkOpenCost(job.getConfiguration().getLong(OPEN_COST, DEFAULT_OPEN_COST));
    }

    private static long checkOpenCost(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException(OPEN_COST + " " + bytes + " is negative; an open cost is ≥ 0 bytes");
        }
        return bytes;
    }

    /** The ranges of the listed files, cut and packed as the class comment shows. */
    @Override
    public List<InputSplit> getSplits(JobContext job) throws IOException {
        long minSize = Math.max(getFormatMinSplitSize(), getMinSplitSize(job));
        return new ArrayList<>(splits(listStatus(job), job.getConfiguration(), minSize, getMaxSplitSize(job),
                getOpenCost(job)));
    }

    /**
     * The splits of files already listed (by {@link InputLister#located}), as {@link #getSplits} makes them:
     * for a driver that has the listing and wants the splits without a Hadoop job or a second listing.
     * Example: {@code splits(InputLister.located(conf, inputs), conf, 64 << 20, 64 << 20, DEFAULT_OPEN_COST)}.
     */
    public static List<PackedSplit> splits(List<? extends FileStatus> files, Configuration conf, long minSize,
            long maxSize, long openCost) throws IOException {
        checkOpenCost(openCost);
        List<LocatedRange> ranges = new ArrayList<>();
        long largestBlock = 0;
        for (FileStatus file : files) {
            long splitSize = Math.max(minSize, Math.min(maxSize, file.getBlockSize()));
            ranges.addAll(FileCutter.cut(file, blocks(conf, file), splitSize));
            largestBlock = Math.max(largestBlock, file.getBlockSize());
        }
        return SplitPacker.pack(ranges, Math.max(minSize, Math.min(maxSize, largestBlock)), openCost);
    }

    /**
     * One split holding each of {@code files} whole, from its first byte to its last, in the given order, on
     * the hosts holding most of their bytes: a run of files that one task reads whole (a rule search's).
     * Example: {@code wholeFiles(List.of(a, b), conf).ranges()} is {@code [a 0-len(a), b 0-len(b)]}.
     */
    public static PackedSplit wholeFiles(List<? extends FileStatus> files, Configuration conf) throws IOException {
        List<LocatedRange> ranges = new ArrayList<>();
        for (FileStatus file : files) {
            ranges.addAll(FileCutter.cut(file, blocks(conf, file), Long.MAX_VALUE));
        }
        return SplitPacker.split(ranges);
    }

    private static BlockLocation[] blocks(Configuration conf, FileStatus file) throws IOException {
        if (file instanceof LocatedFileStatus located) {
            return located.getBlockLocations();
        }
        return file.getPath().getFileSystem(conf).getFileBlockLocations(file, 0, file.getLen());
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
    public RecordReader<ByteRange, NullWritable> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new ByteRangeRecordReader();
    }
}
