package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.ByteRangeInputFormat;
import org.imbrex.io.input.InputLister;
import org.imbrex.io.input.PackedSplit;
import org.imbrex.jobs.testing.LocalHdfs;
import org.imbrex.jobs.testing.SuiteHdfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search job's splits of files on HDFS, cut as the job cuts them ({@link ByteRangeInputFormat#splits}
 * over the driver's listing, with {@code --split-size} as both bounds), held against the files' HDFS block
 * locations (blocks of 1 MiB):
 * <pre>
 *   a.bin 3 MiB + 12345   blocks [0,1M) [1M,2M) [2M,3M) [3M,3M+12345)
 *   --split-size 512k     [0,512k) [512k,1M) | [1M,1.5M) [1.5M,2M) | [2M,2.5M) [2.5M,3M+12345)   the last: slop
 *   --split-size 2m       [0,2M) | [2M,3M+12345)                                                   whole blocks
 * </pre>
 * A split size dividing the block size cuts at every block boundary, and each range then lies inside one
 * block, but for a file's last range, which may run up to 0.1 × the split size into the next block (so
 * that no range is a sliver, as Hadoop's own splits do); a multiple of the block size cuts only at block
 * boundaries. Every split names the DataNode that holds
 * its blocks, and Hadoop's {@code getSplits} gives the same splits.
 */
@ExtendWith(SuiteHdfs.class)
class HdfsSplitsIT {
    private static final long BLOCK = LocalHdfs.BLOCK_SIZE;
    private static final String DIR = "/HdfsSplitsIT/data";

    @TempDir
    static Path local;
    private static String input;

    @BeforeAll
    static void putFiles(LocalHdfs hdfs) throws IOException {
        Random random = new Random(3);
        Path data = Files.createDirectories(local.resolve("data"));
        write(data.resolve("a.bin"), 3 * BLOCK + 12_345, random);
        write(data.resolve("b.bin"), 2 * BLOCK, random);
        write(data.resolve("c.bin"), 700 << 10, random);
        write(data.resolve("d.bin"), 0, random);
        input = hdfs.put(data, DIR);
        assertThat(hdfs.blocks(DIR + "/a.bin")).hasSize(4);
    }

    @Test
    void splits_splitSizeDividingTheBlock_cutAtEveryBlockBoundaryAndStayInsideOneBlock(LocalHdfs hdfs)
            throws IOException {
        long splitSize = BLOCK / 2;

        List<PackedSplit> splits = jobSplits(splitSize);

        for (String file : List.of("a.bin", "b.bin", "c.bin")) {
            List<ByteRange> ranges = rangesOf(splits, hdfs.uri(DIR + "/" + file));
            BlockLocation[] blocks = hdfs.blocks(DIR + "/" + file);
            long lastStart = ranges.get(ranges.size() - 1).start();
            assertThat(ranges).as("cuts of %s", file).extracting(ByteRange::start)
                    .allMatch(start -> start % splitSize == 0)
                    .containsAll(blockStarts(blocks).stream().filter(start -> start <= lastStart).toList());
            for (ByteRange range : ranges) {
                BlockLocation block = blockAt(blocks, range.start());
                long blockEnd = block.getOffset() + block.getLength();
                if (range.end() == range.fileLength()) {
                    assertThat(range.end()).as("last range %s", range)
                            .isLessThanOrEqualTo(blockEnd + (long) (0.1 * splitSize));
                } else {
                    assertThat(range.end()).as("range %s inside block %s", range, block).isLessThanOrEqualTo(blockEnd);
                }
            }
        }
        assertThat(rangesOf(splits, hdfs.uri(DIR + "/a.bin"))).extracting(ByteRange::start, ByteRange::end)
                .containsExactly(bounds(0, BLOCK / 2), bounds(BLOCK / 2, BLOCK), bounds(BLOCK, 3 * BLOCK / 2),
                        bounds(3 * BLOCK / 2, 2 * BLOCK), bounds(2 * BLOCK, 5 * BLOCK / 2),
                        bounds(5 * BLOCK / 2, 3 * BLOCK + 12_345));
        assertThat(splits).allSatisfy(split -> assertThat(split.getLocations())
                .containsExactly(LocalHdfs.DATANODE_HOST));
    }

    @Test
    void splits_splitSizeAMultipleOfTheBlock_cutOnlyAtBlockBoundaries(LocalHdfs hdfs) throws IOException {
        long splitSize = 2 * BLOCK;

        List<PackedSplit> splits = jobSplits(splitSize);

        for (String file : List.of("a.bin", "b.bin")) {
            List<ByteRange> ranges = rangesOf(splits, hdfs.uri(DIR + "/" + file));
            List<Long> blockStarts = blockStarts(hdfs.blocks(DIR + "/" + file));
            assertThat(ranges).as("cuts of %s", file).extracting(ByteRange::start).isSubsetOf(blockStarts);
            assertThat(ranges).as("ends of %s", file).extracting(ByteRange::end)
                    .allMatch(end -> end == ranges.get(0).fileLength() || blockStarts.contains(end));
        }
        assertThat(rangesOf(splits, hdfs.uri(DIR + "/a.bin"))).extracting(ByteRange::start, ByteRange::end)
                .containsExactly(bounds(0, 2 * BLOCK), bounds(2 * BLOCK, 3 * BLOCK + 12_345));
        assertThat(splits).allSatisfy(split -> assertThat(split.getLocations())
                .containsExactly(LocalHdfs.DATANODE_HOST));
    }

    @Test
    void getSplits_hadoopInputFormat_givesTheJobsSplits() throws IOException, InterruptedException {
        long splitSize = BLOCK / 2;
        Job job = Job.getInstance(new Configuration());
        ByteRangeInputFormat.setInputs(job, List.of(input));
        FileInputFormat.setMinInputSplitSize(job, splitSize);
        FileInputFormat.setMaxInputSplitSize(job, splitSize);
        ByteRangeInputFormat.setOpenCost(job, Searches.options(searchArgs(splitSize)).openCost());

        List<InputSplit> hadoop = new ByteRangeInputFormat().getSplits(job);

        List<PackedSplit> ours = jobSplits(splitSize);
        assertThat(hadoop).hasSameSizeAs(ours);
        for (int i = 0; i < ours.size(); i++) {
            PackedSplit split = (PackedSplit) hadoop.get(i);
            assertThat(split.ranges()).isEqualTo(ours.get(i).ranges());
            assertThat(split.getLocations()).isEqualTo(ours.get(i).getLocations());
        }
    }

    private static void write(Path file, long length, Random random) throws IOException {
        byte[] bytes = new byte[Math.toIntExact(length)];
        random.nextBytes(bytes);
        Files.write(file, bytes);
    }

    /** The splits {@code imbrex search --input hdfs://.../data --split-size S} runs on. */
    private static List<PackedSplit> jobSplits(long splitSize) throws IOException {
        SearchOptions options = Searches.options(searchArgs(splitSize));
        Configuration conf = new Configuration();
        return ByteRangeInputFormat.splits(InputLister.located(conf, options.inputs()), conf, options.splitSize(),
                options.splitSize(), options.openCost());
    }

    private static String[] searchArgs(long splitSize) {
        return new String[] {"--signatures", "unused.txt", "--input", input, "--output", "unused",
                "--split-size", Long.toString(splitSize)};
    }

    private static List<ByteRange> rangesOf(List<PackedSplit> splits, String path) {
        List<ByteRange> ranges = new ArrayList<>();
        for (PackedSplit split : splits) {
            split.ranges().stream().filter(range -> range.path().equals(path)).forEach(ranges::add);
        }
        ranges.sort(Comparator.comparingLong(ByteRange::start));
        assertThat(ranges).as("ranges of %s", path).isNotEmpty();
        return ranges;
    }

    private static List<Long> blockStarts(BlockLocation[] blocks) {
        List<Long> starts = new ArrayList<>();
        for (BlockLocation block : blocks) {
            starts.add(block.getOffset());
        }
        return starts;
    }

    private static BlockLocation blockAt(BlockLocation[] blocks, long offset) {
        for (BlockLocation block : blocks) {
            if (block.getOffset() <= offset && offset < block.getOffset() + block.getLength()) {
                return block;
            }
        }
        throw new AssertionError("no block holds offset " + offset);
    }

    private static org.assertj.core.groups.Tuple bounds(long start, long end) {
        return org.assertj.core.groups.Tuple.tuple(start, end);
    }
}
