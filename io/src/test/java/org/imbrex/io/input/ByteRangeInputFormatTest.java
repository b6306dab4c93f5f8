package org.imbrex.io.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ByteRangeInputFormatTest {

    @TempDir
    java.nio.file.Path dir;

    private String uri(String relative) {
        return new org.apache.hadoop.fs.Path(dir.resolve(relative).toUri()).toString();
    }

    private Job job(List<String> inputs, long splitSize) throws IOException {
        Job job = Job.getInstance(new Configuration());
        ByteRangeInputFormat.setInputs(job, inputs);
        FileInputFormat.setMaxInputSplitSize(job, splitSize);
        return job;
    }

    private static List<ByteRange> records(Job job) throws IOException, InterruptedException {
        ByteRangeInputFormat format = new ByteRangeInputFormat();
        List<ByteRange> ranges = new ArrayList<>();
        for (InputSplit split : format.getSplits(job)) {
            assertThat(split.getClass()).isEqualTo(FileSplit.class);
            TaskAttemptContextImpl context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
            try (RecordReader<ByteRange, NullWritable> reader = format.createRecordReader(split, context)) {
                reader.initialize(split, context);
                assertThat(reader.nextKeyValue()).isTrue();
                ranges.add(reader.getCurrentKey());
                assertThat(reader.getCurrentValue()).isSameAs(NullWritable.get());
                assertThat(reader.nextKeyValue()).isFalse();
            }
        }
        return ranges;
    }

    @Test
    void splits_ofAFile_partitionItsOffsetsWithTheFileLength() throws Exception {
        Files.write(dir.resolve("a.bin"), new byte[10_000]);

        assertThat(records(job(List.of(dir.toString()), 4096))).containsExactly(
                new ByteRange(uri("a.bin"), 0, 4096, 10_000),
                new ByteRange(uri("a.bin"), 4096, 4096, 10_000),
                new ByteRange(uri("a.bin"), 8192, 1808, 10_000));
    }

    @Test
    void splits_emptyFile_giveOneEmptyRange() throws Exception {
        Files.write(dir.resolve("e.bin"), new byte[0]);

        assertThat(records(job(List.of(uri("e.bin")), 4096))).containsExactly(new ByteRange(uri("e.bin"), 0, 0, 0));
    }

    @Test
    void splits_nestedDirectoriesAndGlobs_coverTheFilesInputListerLists() throws Exception {
        Files.createDirectories(dir.resolve("d/e/f"));
        Files.write(dir.resolve("d/x.bin"), new byte[7]);
        Files.write(dir.resolve("d/e/f/.y.bin"), new byte[300]);
        Files.write(dir.resolve("d/e/z.bin"), new byte[0]);
        Files.write(dir.resolve("w,1.bin"), new byte[2]);
        List<String> inputs = List.of(dir.resolve("d").toString(), dir + "/w*", uri("d/x.bin"));

        List<ByteRange> ranges = records(job(inputs, 100));
        List<InputFile> listed = InputLister.list(new Configuration(), inputs);

        assertThat(ranges.stream().map(ByteRange::path).distinct().toList())
                .containsExactlyElementsOf(listed.stream().map(InputFile::path).toList());
        for (InputFile file : listed) {
            assertThat(ranges.stream().filter(r -> r.path().equals(file.path())).mapToLong(ByteRange::length).sum())
                    .isEqualTo(file.length());
        }
        assertThat(listed).extracting(InputFile::path).contains(uri("w,1.bin"), uri("d/e/f/.y.bin"));
    }

    @Test
    void splits_missingInput_failNamingIt() throws IOException {
        Job job = job(List.of(dir.resolve("missing").toString()), 100);

        assertThatThrownBy(() -> new ByteRangeInputFormat().getSplits(job))
                .isInstanceOf(InputException.class)
                .hasMessage("input '" + uri("missing") + "' does not exist");
    }
}
