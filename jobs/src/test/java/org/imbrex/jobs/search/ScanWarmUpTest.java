package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.scan.TileBytes;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.StartupWarmUp;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scan a local command runs while its Spark session starts: it reads only local inputs, at most its
 * byte budget, ends soon after {@code stop()}, survives a bad input, and frees its Arrow memory (a child of
 * this test's allocator) whatever happens.
 */
class ScanWarmUpTest {
    private static final List<Signature> SIGNATURES = List.of(Signature.ofHex("a", "12 34 ?? 78"),
            Signature.ofHex("b", "00 00 00 00 FF"));
    private static final long UNLIMITED = Long.MAX_VALUE;

    @TempDir
    Path dir;

    private RootAllocator root;

    @BeforeEach
    void openRoot() {
        root = new RootAllocator();
    }

    @AfterEach
    void closeRoot() {
        root.close();
    }

    private InputFile randomFile(String name, int length, long seed) throws IOException {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        Path file = Files.write(dir.resolve(name), bytes);
        return new InputFile(SearchCorpus.qualified(file), length);
    }

    private ScanWarmUp scan(List<InputFile> files, long mostBytes, String... options) {
        List<String> args = new ArrayList<>(List.of("--signatures", "s", "--input", "i", "--output", "o",
                "--tile-size", "64K"));
        args.addAll(List.of(options));
        return new ScanWarmUp(SIGNATURES, files, Searches.options(args.toArray(String[]::new)),
                () -> root.newChildAllocator("warm-up", 0, Long.MAX_VALUE), mostBytes, null);
    }

    private void runToItsEnd(ScanWarmUp scan) throws InterruptedException {
        assertEnds(StartupWarmUp.start("test", scan));
    }

    private void assertEnds(StartupWarmUp warmUp) throws InterruptedException {
        assertThat(warmUp.await(60_000)).as("the warm-up ended").isTrue();
        assertThat(root.getChildAllocators()).as("its allocator is closed").isEmpty();
        assertThat(root.getAllocatedMemory()).isZero();
    }

    @Test
    void scansEveryLocalInputToItsEndAndSkipsOthers() throws Exception {
        List<InputFile> files = List.of(randomFile("a.bin", 200_001, 1),
                new InputFile("hdfs://127.0.0.1:1/far/away.bin", 1 << 20), randomFile("empty.bin", 0, 2),
                randomFile("c.bin", 3, 3));
        ScanWarmUp scan = scan(files, UNLIMITED, "--max-sad", "40");

        runToItsEnd(scan);
        assertThat(scan.scannedBytes()).isEqualTo(200_001 + 3);
    }

    @Test
    void scansNoMoreThanItsBudget() throws Exception {
        List<InputFile> files = List.of(randomFile("a.bin", 100_000, 4), randomFile("b.bin", 100_000, 5),
                randomFile("c.bin", 100_000, 6));
        ScanWarmUp scan = scan(files, 150_000);

        runToItsEnd(scan);
        assertThat(scan.scannedBytes()).as("a.bin, then b.bin's first 50,000 bytes").isEqualTo(150_000);
    }

    @Test
    void handsEachFileScannedWholeOn_withItsMatches_andNotAFileCutByTheBudget() throws Exception {
        byte[] bytes = new byte[150_000];
        for (int at : new int[] {100, 70_000, 149_996}) {
            bytes[at] = 0x12;
            bytes[at + 1] = 0x34;
            bytes[at + 3] = 0x78;
        }
        InputFile a = new InputFile(SearchCorpus.qualified(Files.write(dir.resolve("a.bin"), bytes)), bytes.length);
        InputFile b = new InputFile(SearchCorpus.qualified(Files.write(dir.resolve("b.bin"), bytes)), bytes.length);
        List<String> args = List.of("--signatures", "s", "--input", "i", "--output", "o", "--tile-size", "64K");
        Map<String, long[]> handed = new ConcurrentHashMap<>();
        ScanWarmUp scan = new ScanWarmUp(List.of(Signature.ofHex("a", "12 34 ?? 78")), List.of(a, b),
                Searches.options(args.toArray(String[]::new)), () -> root.newChildAllocator("warm-up", 0,
                        Long.MAX_VALUE), 200_000, (file, matches) -> handed.put(file.path(), matches));

        runToItsEnd(scan);
        assertThat(handed).containsOnlyKeys(a.path());
        assertThat(handed.get(a.path())).containsExactlyInAnyOrder(100L, 70_000L, 149_996L);
        assertThat(scan.wholeFiles()).isOne();
    }

    /** It scans the view of the bytes the job's tasks scan: lowercased, a lowercase atom is found in capitals. */
    @Test
    void scansTheJobsViewOfTheBytes() throws Exception {
        byte[] bytes = "..GetProcAddress..getprocaddress..".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        InputFile a = new InputFile(SearchCorpus.qualified(Files.write(dir.resolve("a.bin"), bytes)), bytes.length);
        List<Signature> lowercase = List.of(Signature.ofHex("p", "67 65 74 70 72 6F 63")); // "getproc"
        List<String> args = List.of("--signatures", "s", "--input", "i", "--output", "o", "--tile-size", "64K");
        for (TileBytes view : TileBytes.values()) {
            Map<String, long[]> handed = new ConcurrentHashMap<>();
            ScanWarmUp scan = new ScanWarmUp(lowercase, List.of(a), Searches.options(args.toArray(String[]::new)),
                    () -> root.newChildAllocator("warm-up", 0, Long.MAX_VALUE), UNLIMITED, view,
                    (file, matches) -> handed.put(file.path(), matches));

            runToItsEnd(scan);
            assertThat(handed.get(a.path())).as("%s", view).containsExactlyInAnyOrder(
                    view == TileBytes.ASCII_LOWER ? new long[] {2, 18} : new long[] {18});
        }
    }

    /** After its first bytes in small tiles it scans in the job's own, and finds the same matches there. */
    @Test
    void scansInTheJobsTilesAfterItsSmallTiles_findingEveryMatch() throws Exception {
        InputFile zeros = new InputFile(SearchCorpus.qualified(Files.write(dir.resolve("a.bin"),
                new byte[(int) ScanWarmUp.SMALL_TILES_BYTES])), ScanWarmUp.SMALL_TILES_BYTES);
        byte[] bytes = new byte[3 << 20];
        long[] planted = {100, (1 << 20) - 2, 2_500_000, bytes.length - 4};
        for (long at : planted) {
            bytes[(int) at] = 0x12;
            bytes[(int) at + 1] = 0x34;
            bytes[(int) at + 3] = 0x78;
        }
        InputFile b = new InputFile(SearchCorpus.qualified(Files.write(dir.resolve("b.bin"), bytes)), bytes.length);
        List<String> args = List.of("--signatures", "s", "--input", "i", "--output", "o", "--tile-size", "1M");
        Map<String, long[]> handed = new ConcurrentHashMap<>();
        ScanWarmUp scan = new ScanWarmUp(List.of(Signature.ofHex("a", "12 34 ?? 78")), List.of(zeros, b),
                Searches.options(args.toArray(String[]::new)), () -> root.newChildAllocator("warm-up", 0,
                        Long.MAX_VALUE), UNLIMITED, (file, matches) -> handed.put(file.path(), matches));

        runToItsEnd(scan);
        assertThat(scan.filesInJobTiles()).as("b.bin, after the first file's small tiles").isOne();
        assertThat(scan.scannedBytes()).isEqualTo(ScanWarmUp.SMALL_TILES_BYTES + bytes.length);
        assertThat(handed.get(b.path())).containsExactlyInAnyOrder(planted[0], planted[1], planted[2], planted[3]);
        assertThat(handed.get(zeros.path())).isEmpty();
    }

    @Test
    void endsSoonAfterStop() throws Exception {
        List<InputFile> files = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            files.add(randomFile(i + ".bin", 64 << 10, i));
        }
        ScanWarmUp scan = scan(files, UNLIMITED, "--best", "3");
        StartupWarmUp warmUp = StartupWarmUp.start("test", scan);
        warmUp.stop();

        assertEnds(warmUp);
        assertThat(scan.scannedBytes()).as("at most the tile it was scanning when stopped")
                .isLessThanOrEqualTo(64 << 10);
    }

    @Test
    void aFileShorterThanListedEndsTheWarmUpAndFreesItsMemory() throws Exception {
        InputFile real = randomFile("short.bin", 1000, 7);
        List<InputFile> files = List.of(new InputFile(real.path(), 300_000), randomFile("after.bin", 5000, 8));
        ScanWarmUp scan = scan(files, UNLIMITED);

        runToItsEnd(scan);
        assertThat(scan.scannedBytes()).as("it stops at the failure").isZero();
    }

    @Test
    void onlyACommandStartingItsOwnLocalSessionWarmsUp() {
        assertThat(StartupWarmUp.wanted("local[2]", false)).isTrue();
        assertThat(StartupWarmUp.wanted("local", false)).isTrue();
        assertThat(StartupWarmUp.wanted("local[2]", true)).as("a session runs already").isFalse();
        assertThat(StartupWarmUp.wanted("spark://127.0.0.1:7077", false)).isFalse();
        assertThat(StartupWarmUp.wanted("local-cluster[2,1,1024]", false)).as("executors of their own").isFalse();
        String before = System.setProperty(StartupWarmUp.PROPERTY, "false");
        try {
            assertThat(StartupWarmUp.wanted("local[2]", false)).as("turned off").isFalse();
        } finally {
            if (before == null) {
                System.clearProperty(StartupWarmUp.PROPERTY);
            } else {
                System.setProperty(StartupWarmUp.PROPERTY, before);
            }
        }
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "job tiles {0}, longest signature {1}: {2}")
    @org.junit.jupiter.params.provider.CsvSource({"1048576, 32, 65536", "65536, 32, 65536", "16384, 32, 16384",
            "1048576, 20000, 80000", "40000, 20000, 40000", "4294967295, 4096, 65536"})
    void tileBytes_smallTilesWithinTheJobsAndRoomForTheLongestSignature(long job, int longest, int expected) {
        assertThat(ScanWarmUp.tileBytes(job, longest)).isEqualTo(expected);
    }
}
