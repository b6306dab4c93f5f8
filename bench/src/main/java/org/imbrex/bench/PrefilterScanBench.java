package org.imbrex.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.scan.Prefilter;
import org.imbrex.io.scan.ScanShaders;
import org.imbrex.io.scan.ScanStats;
import org.imbrex.io.scan.ScoreLimit;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.scan.TileScanner;
import org.imbrex.io.signature.Signature;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The prefiltered scan on one thread, without Spark: a {@link TileScanner} with the anchor prefilter over
 * 64 MiB in tiles of {@code tileBytes} (1 MiB), for 16 and 100 signatures of 8–32 bytes (about one byte in ten a wildcard), exact
 * and with {@code --max-sad 8}. {@code random} is random bytes; {@code real} is this machine's
 * {@code /usr/lib} and {@code /usr/bin} files, concatenated in path order, with signatures cut from them
 * (at least 4 distinct byte values, so that none is padding). Bytes per second is 64 MiB / the score.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar PrefilterScanBench} (or {@code bench/scan-bench.sh}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class PrefilterScanBench {
    /** Bytes scanned per operation. */
    public static final int FILE_BYTES = 64 << 20;

    @Param({"random", "real"})
    public String data;

    @Param({"16", "100"})
    public int signatures;

    @Param({"0", "8"})
    public int maxSad;

    /** Tile size (the job's {@code --tile-size}, 1 MiB by default). */
    @Param({"1048576"})
    public int tileBytes;

    private Path file;
    private FileSystem fs;
    private BufferAllocator allocator;
    private TileScanner scanner;
    private ByteRange range;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Random random = new Random(20261201);
        byte[] bytes = data.equals("real") ? realBinaries() : randomBytes(random);
        file = Files.createTempFile("imbrex-prefilter-bench", ".bin");
        Files.write(file, bytes);
        fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        range = ByteRange.wholeFile(new org.apache.hadoop.fs.Path(file.toUri()).toString(), FILE_BYTES);
        List<Signature> list = new ArrayList<>();
        while (list.size() < signatures) {
            Signature signature = signature("sig-" + list.size(), bytes, random);
            if (signature != null) {
                list.add(signature);
            }
        }
        allocator = new RootAllocator();
        scanner = new TileScanner(SearchPlan.compile(list), tileBytes, allocator, ScanShaders.java(Prefilter.ANCHORS),
                Prefilter.ANCHORS);
    }

    private static byte[] randomBytes(Random random) {
        byte[] bytes = new byte[FILE_BYTES];
        random.nextBytes(bytes);
        return bytes;
    }

    /** The first 64 MiB of /usr/lib and /usr/bin's regular files of at least 4 KiB, in path order. */
    private static byte[] realBinaries() throws IOException {
        byte[] bytes = new byte[FILE_BYTES];
        int filled = 0;
        List<Path> files = new ArrayList<>();
        for (String root : new String[] {"/usr/bin", "/usr/lib"}) {
            try (Stream<Path> walk = Files.walk(Path.of(root))) {
                walk.filter(Files::isRegularFile).filter(p -> size(p) >= 4096).sorted().forEach(files::add);
            }
        }
        for (Path path : files) {
            if (filled == FILE_BYTES) {
                break;
            }
            byte[] content;
            try {
                content = Files.readAllBytes(path);
            } catch (IOException unreadable) {
                continue;
            }
            int n = Math.min(content.length, FILE_BYTES - filled);
            System.arraycopy(content, 0, bytes, filled, n);
            filled += n;
        }
        if (filled < FILE_BYTES) {
            throw new IOException("/usr/bin and /usr/lib hold only " + filled + " bytes of files; need " + FILE_BYTES);
        }
        return bytes;
    }

    private static long size(Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            return 0;
        }
    }

    /** 8–32 bytes cut from the data, one in ten a wildcard (never the first or last); null if it is padding. */
    private static Signature signature(String name, byte[] bytes, Random random) {
        int length = 8 + random.nextInt(25);
        int at = random.nextInt(bytes.length - length);
        byte[] pattern = new byte[length];
        boolean[] wildcard = new boolean[length];
        java.util.Set<Byte> distinct = new java.util.HashSet<>();
        for (int i = 0; i < length; i++) {
            pattern[i] = bytes[at + i];
            wildcard[i] = i > 0 && i < length - 1 && random.nextInt(10) == 0;
            if (!wildcard[i]) {
                distinct.add(pattern[i]);
            }
        }
        return distinct.size() < 4 ? null : new Signature(name, pattern, wildcard);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        scanner.close();
        allocator.close();
        Files.delete(file);
    }

    @Benchmark
    public ScanStats scan() throws IOException {
        return scanner.scan(fs, range, ScoreLimit.atMost(maxSad), (s, offset, sad) -> { });
    }
}
