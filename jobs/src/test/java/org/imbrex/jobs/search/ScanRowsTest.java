package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.HadoopConf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan task's rows outside Spark: they stream a tile at a time, and the task's Arrow memory (a child of
 * this test's allocator) is freed when they run out, when the consumer stops, and when the scan fails.
 */
class ScanRowsTest {
    private static final int TILE = 64 << 10;
    private static final Signature ANY4 = Signature.ofHex("any4", "12 34 56 78");

    @TempDir
    Path dir;

    private RootAllocator root;
    private final AtomicInteger opened = new AtomicInteger();
    private final ScanPartition.Counters counters = new ScanPartition.Counters(new LongAccumulator(),
            new LongAccumulator(), new LongAccumulator());

    @BeforeEach
    void openRoot() {
        root = new RootAllocator();
    }

    @AfterEach
    void closeRoot() {
        root.close();
    }

    private ScanRows rows(List<Signature> signatures, List<ByteRange> ranges, String... options) {
        return rows(signatures, ranges, Long.MAX_VALUE, options);
    }

    private ScanRows rows(List<Signature> signatures, List<ByteRange> ranges, long memoryLimit, String... options) {
        List<String> args = new ArrayList<>(List.of("--signatures", "s", "--input", "i", "--output", "o"));
        args.addAll(List.of(options));
        ScanPartition partition = new ScanPartition(signatures, HadoopConf.of(new Configuration()),
                Searches.options(args.toArray(String[]::new)), counters, () -> {
                    opened.incrementAndGet();
                    return root.newChildAllocator("scan task", 0, memoryLimit);
                });
        return partition.rows(ranges.iterator());
    }

    private ByteRange randomFile(String name, int length, long seed) throws IOException {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        Path file = Files.write(dir.resolve(name), bytes);
        return ByteRange.wholeFile(SearchCorpus.qualified(file), length);
    }

    private void assertTaskMemoryFreed() {
        assertThat(opened).as("the task's allocator was opened").hasValue(1);
        assertThat(root.getChildAllocators()).as("the task's allocator is closed").isEmpty();
        assertThat(root.getAllocatedMemory()).isZero();
    }

    @Test
    void rows_everyOffsetMatches_streamATileAtATimeAndFreeTheMemoryAtTheEnd() throws IOException {
        int length = 3 << 20;
        ByteRange range = randomFile("noise.bin", length, 1);
        long tiles = length / TILE;

        long count = 0;
        long tilesAtFirstRow = -1;
        int mostPending = 0;
        try (ScanRows rows = rows(List.of(ANY4), List.of(range), "--max-sad", "1020", "--tile-size", "64k")) {
            while (rows.hasNext()) {
                mostPending = Math.max(mostPending, rows.pendingRows());
                Match row = rows.next();
                if (count == 0) {
                    tilesAtFirstRow = rows.progress().tiles();
                    assertThat(root.getChildAllocators()).as("memory is held while the range is scanned").hasSize(1);
                }
                assertThat(row.offset()).isEqualTo(count);
                count++;
            }
            assertTaskMemoryFreed();
        }

        assertThat(count).isEqualTo(length - ANY4.length() + 1);
        assertThat(tilesAtFirstRow).isEqualTo(1).isLessThan(tiles);
        assertThat(mostPending).isEqualTo(TILE);
        assertThat(counters.tiles().value()).isEqualTo(tiles);
        assertThat(counters.bytesScanned().value()).isEqualTo(length);
        assertThat(counters.matches().value()).isEqualTo(count);
    }

    @Test
    void rows_consumerStopsEarly_closeFreesTheMemoryAndDropsTheRest() throws IOException {
        ByteRange range = randomFile("noise.bin", 1 << 20, 2);
        ScanRows rows = rows(List.of(ANY4), List.of(range), "--max-sad", "1020", "--tile-size", "64k");
        for (int i = 0; i < 10; i++) {
            rows.next();
        }
        assertThat(root.getAllocatedMemory()).as("the scanner's UAV").isPositive();

        rows.close();
        rows.close();

        assertTaskMemoryFreed();
        assertThat(rows.hasNext()).isFalse();
        assertThat(rows.progress().tiles()).isZero();
    }

    @Test
    void rows_bestK_keepsTheBestOfEveryRangeAndGivesThemOnceTheScanIsDone() throws IOException {
        ByteRange a = randomFile("a.bin", 200_000, 3);
        ByteRange b = randomFile("b.bin", 150_000, 4);
        List<Signature> signatures = List.of(ANY4, Signature.ofHex("ff-run", "FF ?? FF FF"));
        BruteForceSearch oracle = new BruteForceSearch(signatures, Map.of(a.path(), Files.readAllBytes(
                dir.resolve("a.bin")), b.path(), Files.readAllBytes(dir.resolve("b.bin"))));

        List<MatchRow> kept = new ArrayList<>();
        try (ScanRows rows = rows(signatures, List.of(a, b), "--best", "3", "--tile-size", "64k")) {
            assertThat(rows.hasNext()).isTrue();
            assertTaskMemoryFreed();
            rows.forEachRemaining(row -> kept.add(MatchRow.of(row, signatures)));
        }

        assertThat(kept.stream().sorted(MatchRow.TABLE_ORDER).toList()).containsExactlyElementsOf(
                oracle.best(3, Integer.MAX_VALUE));
        assertThat(counters.matches().value()).isEqualTo(6);
        assertThat(counters.tiles().value()).isEqualTo(4 + 3);
    }

    @Test
    void rows_fileShorterThanWhenListed_failNamingItAndFreeTheMemory() throws IOException {
        ByteRange listed = randomFile("shrunk.bin", 5000, 5);
        ByteRange stale = new ByteRange(listed.path(), 0, 8000, 8000);
        ScanRows rows = rows(List.of(ANY4), List.of(stale), "--tile-size", "4k");

        assertThatThrownBy(rows::hasNext).isInstanceOf(UncheckedIOException.class)
                .hasRootCauseMessage(listed.path() + " is shorter than the 8000 bytes it had when the inputs were listed: "
                        + "did it change during the search?");
        assertTaskMemoryFreed();
    }

    @Test
    void rows_missingFile_failNamingItAndFreeTheMemory() {
        String missing = SearchCorpus.qualified(dir.resolve("gone.bin"));
        ScanRows rows = rows(List.of(ANY4), List.of(ByteRange.wholeFile(missing, 100)));

        assertThatThrownBy(rows::hasNext).isInstanceOf(UncheckedIOException.class).hasMessageContaining("gone.bin");
        assertTaskMemoryFreed();
    }

    @Test
    void rows_allocatorTooSmallForTheScanner_failAndFreeWhatWasTaken() throws IOException {
        ByteRange range = randomFile("a.bin", 1000, 6);
        ScanRows rows = rows(List.of(ANY4), List.of(range), 1024, "--tile-size", "64k");

        assertThatThrownBy(rows::hasNext).isInstanceOf(OutOfMemoryException.class);
        assertTaskMemoryFreed();
        assertThat(rows.hasNext()).isFalse();
    }

    @Test
    void rows_noRanges_allocateNothing() {
        ScanRows rows = rows(List.of(ANY4), List.of());

        assertThat(rows.hasNext()).isFalse();
        assertThat(opened).hasValue(0);
        assertThat(counters.tiles().value()).isZero();
    }

    @Test
    void rows_rangesOfSeveralFiles_keepTheirPathsAndCountEveryRange() throws IOException {
        ByteRange a = randomFile("a.bin", 10_000, 7);
        ByteRange tiny = randomFile("tiny.bin", 3, 8);
        ByteRange empty = randomFile("empty.bin", 0, 9);
        Iterator<ByteRange> ranges = List.of(new ByteRange(a.path(), 0, 6000, 10_000), tiny, empty,
                new ByteRange(a.path(), 6000, 4000, 10_000)).iterator();

        List<MatchRow> all = new ArrayList<>();
        ScanPartition partition = new ScanPartition(List.of(ANY4), HadoopConf.of(new Configuration()),
                Searches.options("--signatures", "s", "--input", "i", "--output", "o", "--max-sad", "1020",
                        "--tile-size", "4k"), counters);
        partition.call(ranges).forEachRemaining(row -> all.add(MatchRow.of(row, List.of(ANY4))));

        assertThat(all).hasSize(10_000 - 3).allMatch(row -> row.path().equals(a.path()));
        assertThat(all).extracting(MatchRow::offset).isSorted();
        assertThat(counters.bytesScanned().value()).isEqualTo(10_003);
        assertThat(counters.tiles().value()).isEqualTo(2 + 1);
    }

    @Test
    void rows_localFileWithAStaleChecksum_readTheRawBytesAsTheyAreOnDisk() throws IOException {
        // Hadoop's checksummed local file system refuses these bytes; the scan reads past its checksum layer.
        LocalFileSystem checksummed = FileSystem.getLocal(new Configuration());
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir.resolve("a.bin").toUri());
        try (OutputStream out = checksummed.create(path)) {
            out.write(new byte[4096]);
        }
        byte[] bytes = new byte[4096];
        bytes[100] = 0x12;
        bytes[101] = 0x34;
        bytes[102] = 0x56;
        bytes[103] = 0x78;
        Files.write(dir.resolve("a.bin"), bytes);
        ByteRange range = ByteRange.wholeFile(path.toString(), 4096);
        assertThatThrownBy(() -> {
            try (var in = checksummed.open(path)) {
                in.readFully(0, new byte[4096]);
            }
        }).isInstanceOf(org.apache.hadoop.fs.ChecksumException.class);

        List<Long> offsets = new ArrayList<>();
        try (ScanRows rows = rows(List.of(ANY4), List.of(range), "--tile-size", "1k")) {
            rows.forEachRemaining(row -> offsets.add(row.offset()));
        }

        assertThat(offsets).containsExactly(100L);
    }
}
