package org.imbrex.io.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ByteRangeInputFormatTest {
    private static final Comparator<ByteRange> PATH_ORDER = Comparator.comparing(ByteRange::path)
            .thenComparingLong(ByteRange::start);

    @TempDir
    java.nio.file.Path dir;

    private String uri(String relative) {
        return new org.apache.hadoop.fs.Path(dir.resolve(relative).toUri()).toString();
    }

    private void write(String relative, int length) throws IOException {
        java.nio.file.Path path = dir.resolve(relative);
        Files.createDirectories(path.getParent());
        Files.write(path, new byte[length]);
    }

    private Job job(List<String> inputs, long splitSize) throws IOException {
        Job job = Job.getInstance(new Configuration());
        ByteRangeInputFormat.setInputs(job, inputs);
        FileInputFormat.setMaxInputSplitSize(job, splitSize);
        return job;
    }

    private Job job(long splitSize, long openCost) throws IOException {
        Job job = job(List.of(dir.toString()), splitSize);
        ByteRangeInputFormat.setOpenCost(job, openCost);
        return job;
    }

    private static List<PackedSplit> splits(Job job) throws IOException {
        List<PackedSplit> splits = new ArrayList<>();
        for (InputSplit split : new ByteRangeInputFormat().getSplits(job)) {
            assertThat(split).isInstanceOf(PackedSplit.class);
            splits.add((PackedSplit) split);
        }
        return splits;
    }

    /** Every split's records through the record reader, split by split. */
    private static List<List<ByteRange>> recordsPerSplit(Job job) throws IOException, InterruptedException {
        ByteRangeInputFormat format = new ByteRangeInputFormat();
        List<List<ByteRange>> records = new ArrayList<>();
        for (InputSplit split : format.getSplits(job)) {
            TaskAttemptContextImpl context = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
            List<ByteRange> ranges = new ArrayList<>();
            try (RecordReader<ByteRange, NullWritable> reader = format.createRecordReader(split, context)) {
                reader.initialize(split, context);
                assertThat(reader.getProgress()).isZero();
                while (reader.nextKeyValue()) {
                    ranges.add(reader.getCurrentKey());
                    assertThat(reader.getCurrentValue()).isSameAs(NullWritable.get());
                }
                assertThat(reader.getProgress()).isEqualTo(1f);
            }
            assertThat(ranges).isEqualTo(((PackedSplit) split).ranges());
            records.add(ranges);
        }
        return records;
    }

    private static List<ByteRange> records(Job job) throws IOException, InterruptedException {
        return recordsPerSplit(job).stream().flatMap(List::stream).toList();
    }

    private static long weight(PackedSplit split, long openCost) {
        return split.ranges().stream().mapToLong(r -> r.length() + openCost).sum();
    }

    @Test
    void splits_ofAFile_partitionItsOffsetsWithTheFileLength() throws Exception {
        Files.write(dir.resolve("a.bin"), new byte[10_000]);

        assertThat(recordsPerSplit(job(List.of(dir.toString()), 4096))).containsExactly(
                List.of(new ByteRange(uri("a.bin"), 0, 4096, 10_000)),
                List.of(new ByteRange(uri("a.bin"), 4096, 4096, 10_000)),
                List.of(new ByteRange(uri("a.bin"), 8192, 1808, 10_000)));
    }

    @Test
    void splits_emptyFile_giveOneEmptyRange() throws Exception {
        Files.write(dir.resolve("e.bin"), new byte[0]);

        assertThat(records(job(List.of(uri("e.bin")), 4096))).containsExactly(new ByteRange(uri("e.bin"), 0, 0, 0));
    }

    @Test
    void splits_emptyFilesAmongSmallOnes_arePackedWithThemAsEmptyRanges() throws Exception {
        write("e1.bin", 0);
        write("sub/e2.bin", 0);
        write("x.bin", 700);

        assertThat(recordsPerSplit(job(64 << 10, 1024))).containsExactly(List.of(
                new ByteRange(uri("e1.bin"), 0, 0, 0),
                new ByteRange(uri("sub/e2.bin"), 0, 0, 0),
                new ByteRange(uri("x.bin"), 0, 700, 700)));
    }

    @Test
    void splits_manySmallFiles_packIntoFewSplitsNearTheTarget() throws Exception {
        long target = 64 << 10;
        long openCost = 1024;
        long totalWeight = 0;
        long heaviest = 0;
        for (int i = 0; i < 300; i++) {
            int length = 1 + (i * 7919) % 2000;
            write(String.format("d%d/f%03d.bin", i % 7, i), length);
            totalWeight += length + openCost;
            heaviest = Math.max(heaviest, length + openCost);
        }

        List<PackedSplit> splits = splits(job(target, openCost));

        long lightest = target - heaviest;
        assertThat(splits).hasSizeBetween((int) ((totalWeight + target - 1) / target),
                (int) ((totalWeight + lightest - 1) / lightest));
        assertThat(splits).hasSizeLessThan(20);
        assertThat(splits).allSatisfy(split -> assertThat(weight(split, openCost)).isLessThanOrEqualTo(target));
        assertThat(splits.subList(0, splits.size() - 1))
                .allSatisfy(split -> assertThat(weight(split, openCost)).isGreaterThan(lightest));
        assertThat(splits.stream().mapToInt(PackedSplit::getNumPaths).sum()).isEqualTo(300);
    }

    @Test
    void splits_largeFileAmongSmallOnes_keepsItsBoundariesAndPacksItsTail() throws Exception {
        write("a.bin", 100);
        write("big.bin", 10 * 4096 + 1000);
        write("z.bin", 200);
        long bigLength = 10 * 4096 + 1000;

        List<List<ByteRange>> splits = recordsPerSplit(job(4096, 100));

        List<List<ByteRange>> expected = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            expected.add(List.of(new ByteRange(uri("big.bin"), k * 4096L, 4096, bigLength)));
        }
        expected.add(List.of(new ByteRange(uri("a.bin"), 0, 100, 100),
                new ByteRange(uri("big.bin"), 40_960, 1000, bigLength),
                new ByteRange(uri("z.bin"), 0, 200, 200)));
        assertThat(splits).containsExactlyElementsOf(expected);
    }

    @Test
    void splits_openCostOfTheSplitSize_giveEveryFileASplitOfItsOwn() throws Exception {
        write("a.bin", 1);
        write("b.bin", 0);
        write("c.bin", 30);

        assertThat(recordsPerSplit(job(4096, 4096))).extracting(List::size).containsExactly(1, 1, 1);
    }

    @Test
    void splits_randomLayouts_coverEveryOffsetOfEveryFileExactlyOnce() throws Exception {
        Random random = new Random(20261201L);
        for (int layout = 0; layout < 8; layout++) {
            java.nio.file.Path root = dir.resolve("layout-" + layout);
            long splitSize = 1 + random.nextInt(20_000);
            long openCost = random.nextInt(3) == 0 ? 0 : random.nextInt(5_000);
            Map<String, Long> lengths = new TreeMap<>();
            for (int f = 0; f < 1 + random.nextInt(40); f++) {
                int length = switch (random.nextInt(4)) {
                    case 0 -> 0;
                    case 1 -> random.nextInt(300);
                    case 2 -> (int) splitSize + random.nextInt(3) - 1;
                    default -> random.nextInt(100_000);
                };
                java.nio.file.Path file = root.resolve("f" + f + (random.nextBoolean() ? "/x.bin" : ".bin"));
                Files.createDirectories(file.getParent());
                Files.write(file, new byte[length]);
                lengths.put(new org.apache.hadoop.fs.Path(file.toUri()).toString(), (long) length);
            }
            Job job = job(List.of(root.toString()), splitSize);
            ByteRangeInputFormat.setOpenCost(job, openCost);

            List<List<ByteRange>> splits = recordsPerSplit(job);

            String context = "layout " + layout + ": split size " + splitSize + ", open cost " + openCost;
            Map<String, List<ByteRange>> byFile = splits.stream().flatMap(List::stream)
                    .collect(Collectors.groupingBy(ByteRange::path, TreeMap::new, Collectors.toList()));
            assertThat(byFile.keySet()).as(context).containsExactlyElementsOf(lengths.keySet());
            byFile.forEach((path, ranges) -> {
                ranges.sort(PATH_ORDER);
                long next = 0;
                for (ByteRange range : ranges) {
                    assertThat(range.start()).as(context + ", " + range).isEqualTo(next);
                    assertThat(range.fileLength()).as(context + ", " + range).isEqualTo(lengths.get(path));
                    next = range.end();
                }
                assertThat(next).as(context + ", " + path).isEqualTo(lengths.get(path));
            });
            for (List<ByteRange> split : splits) {
                assertThat(split).as(context).isSortedAccordingTo(PATH_ORDER);
                long weight = split.stream().mapToLong(r -> r.length() + openCost).sum();
                assertThat(split.size() == 1 || weight <= splitSize).as(context + ", " + split).isTrue();
            }
        }
    }

    @Test
    void splits_sameInputsListedTwice_giveTheSameSplits() throws Exception {
        for (String name : List.of("z.bin", "m/b.bin", "a.bin", "m/a.bin", "big.bin")) {
            write(name, name.equals("big.bin") ? 9000 : 300);
        }

        List<PackedSplit> first = splits(job(4096, 256));
        List<PackedSplit> second = splits(job(4096, 256));

        assertThat(second).extracting(PackedSplit::ranges)
                .containsExactlyElementsOf(first.stream().map(PackedSplit::ranges).toList());
        assertThat(first).hasSize(3);
        assertThat(first.get(2).ranges()).extracting(ByteRange::path)
                .containsExactly(uri("a.bin"), uri("big.bin"), uri("m/a.bin"), uri("m/b.bin"), uri("z.bin"));
    }

    @Test
    void splits_ofTheDriversListing_equalTheInputFormatsSplits() throws Exception {
        Random random = new Random(12);
        for (int f = 0; f < 60; f++) {
            write("d" + f % 4 + "/f" + f + ".bin", random.nextInt(5) == 0 ? 0 : random.nextInt(20_000));
        }
        Job job = job(4096, 700);
        FileInputFormat.setMinInputSplitSize(job, 4096);

        List<PackedSplit> fromListing = ByteRangeInputFormat.splits(
                InputLister.located(job.getConfiguration(), List.of(dir.toString())), job.getConfiguration(), 4096,
                4096, 700);

        List<PackedSplit> fromJob = splits(job);
        assertThat(fromListing).extracting(PackedSplit::ranges)
                .containsExactlyElementsOf(fromJob.stream().map(PackedSplit::ranges).toList());
        List<List<String>> hosts = new ArrayList<>();
        for (PackedSplit split : fromJob) {
            hosts.add(List.of(split.getLocations()));
        }
        List<List<String>> listedHosts = new ArrayList<>();
        for (PackedSplit split : fromListing) {
            listedHosts.add(List.of(split.getLocations()));
        }
        assertThat(listedHosts).isEqualTo(hosts);
        assertThat(fromListing).hasSizeGreaterThan(10);
    }

    @Test
    void splits_localFiles_areLocatedOnTheHostHoldingTheirBytes() throws Exception {
        write("a.bin", 4000);
        write("e.bin", 0);

        List<PackedSplit> splits = splits(job(List.of(uri("a.bin"), uri("e.bin")), 4096));

        assertThat(splits).hasSize(2);
        assertThat(splits.get(0).getLocations()).containsExactly("localhost");
        assertThat(splits.get(1).getLocations()).as("an empty file is on no host").isEmpty();
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

    @Test
    void setOpenCost_negative_isRefusedNamingTheKey() throws IOException {
        Job job = job(List.of(dir.toString()), 100);

        assertThatThrownBy(() -> ByteRangeInputFormat.setOpenCost(job, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("imbrex.input.open.cost -1 is negative; an open cost is ≥ 0 bytes");
    }

    @Test
    void splits_negativeOpenCostInTheConfiguration_failNamingTheKey() throws IOException {
        write("a.bin", 10);
        Job job = job(List.of(dir.toString()), 100);
        job.getConfiguration().setLong(ByteRangeInputFormat.OPEN_COST, -5);

        assertThatThrownBy(() -> new ByteRangeInputFormat().getSplits(job))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("imbrex.input.open.cost -5 is negative");
    }

    @Test
    void getOpenCost_notSet_is64KiB() throws IOException {
        assertThat(ByteRangeInputFormat.getOpenCost(job(List.of(dir.toString()), 100))).isEqualTo(65_536);
    }
}
