package org.imbrex.io.scan;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.ByteRangeInputFormat;

/** Runs a search the way the job does, without Spark: splits from the input format, one scan per split. */
final class Scans {
    private Scans() {
    }

    /** The byte ranges of {@code inputs} for a split size (Hadoop's split.maxsize). */
    static List<ByteRange> ranges(Configuration conf, List<String> inputs, long splitSize) throws IOException {
        Job job = Job.getInstance(conf);
        ByteRangeInputFormat.setInputs(job, inputs);
        FileInputFormat.setMaxInputSplitSize(job, splitSize);
        ByteRangeInputFormat format = new ByteRangeInputFormat();
        List<ByteRange> ranges = new ArrayList<>();
        try {
            for (InputSplit split : format.getSplits(job)) {
                TaskAttemptContextImpl context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
                try (RecordReader<ByteRange, NullWritable> reader = format.createRecordReader(split, context)) {
                    reader.initialize(split, context);
                    while (reader.nextKeyValue()) {
                        ranges.add(reader.getCurrentKey());
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return ranges;
    }

    /** Every match of {@code ranges}, sorted, scanned with a fresh scanner; checks Arrow memory is freed. */
    static List<Match> scan(Configuration conf, List<ByteRange> ranges, SearchPlan plan, int core,
            ScoreLimit limit) throws IOException {
        return scan(conf, ranges, plan, core, limit, Prefilter.ANCHORS);
    }

    /** The same, with or without the prefilter. */
    static List<Match> scan(Configuration conf, List<ByteRange> ranges, SearchPlan plan, int core,
            ScoreLimit limit, Prefilter prefilter) throws IOException {
        return scan(conf, ranges, plan, core, limit, prefilter, TileBytes.AS_READ);
    }

    /** The same, over {@code view} of the bytes. */
    static List<Match> scan(Configuration conf, List<ByteRange> ranges, SearchPlan plan, int core,
            ScoreLimit limit, Prefilter prefilter, TileBytes view) throws IOException {
        List<Match> matches = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            try (TileScanner scanner = new TileScanner(plan, core, allocator, ScanShaders.java(), prefilter, view)) {
                FileSystem fs = FileSystem.getLocal(conf);
                for (ByteRange range : ranges) {
                    scanner.scan(fs, range, limit, (s, offset, sad) -> matches.add(new Match(s, offset, sad)));
                }
            }
            if (allocator.getAllocatedMemory() != 0) {
                throw new AssertionError(allocator.getAllocatedMemory() + " bytes of Arrow memory outstanding");
            }
        }
        Collections.sort(matches);
        return matches;
    }

    /** Splits {@code file} with {@code splitSize} and scans every split. */
    static List<Match> search(String file, SearchPlan plan, int core, long splitSize, ScoreLimit limit)
            throws IOException {
        return search(file, plan, core, splitSize, limit, Prefilter.ANCHORS);
    }

    /** The same, with or without the prefilter. */
    static List<Match> search(String file, SearchPlan plan, int core, long splitSize, ScoreLimit limit,
            Prefilter prefilter) throws IOException {
        Configuration conf = new Configuration();
        return scan(conf, ranges(conf, List.of(file), splitSize), plan, core, limit, prefilter);
    }
}
