package org.imbrex.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.scan.ReferencePass;
import org.imbrex.io.scan.ScanStats;
import org.imbrex.io.scan.ScoreLimit;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.scan.TileScanner;
import org.imbrex.io.signature.Signature;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.Msad4Search;
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
 * A scan against its bare shader work: {@code scan} searches a 4 MiB random file in 1 MiB tiles for exact
 * matches; {@code dispatchesOnly} runs every pass of the plan over every thread group of the same tiles,
 * with the words already in memory. For a one-pass signature ({@code plain16}) the ratio scan /
 * dispatchesOnly is the scanner's overhead (reads, tile words, sums, match checks); for the others it also
 * shows what running later passes on surviving groups only saves.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar TileScannerBench}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class TileScannerBench {
    private static final int FILE_BYTES = 4 << 20;
    private static final int CORE = 1 << 20;

    /** "4D 5A …" bytes: {@code plain16} has no zero byte (1 pass), {@code zeros16} has some (2 passes). */
    @Param({"plain16", "zeros16", "long1024"})
    public String signature;

    private java.nio.file.Path file;
    private FileSystem fs;
    private BufferAllocator allocator;
    private TileScanner scanner;
    private SearchPlan plan;
    private ByteRange range;
    private int[] tileWords;
    private RWBuffer accum;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Random random = new Random(1);
        byte[] data = new byte[FILE_BYTES];
        random.nextBytes(data);
        file = Files.createTempFile("imbrex-bench", ".bin");
        Files.write(file, data);
        fs = FileSystem.getLocal(new Configuration());
        range = ByteRange.wholeFile(new org.apache.hadoop.fs.Path(file.toUri()).toString(), FILE_BYTES);
        plan = SearchPlan.compile(List.of(signature(random)));
        allocator = new RootAllocator();
        scanner = new TileScanner(plan, CORE, allocator);
        tileWords = new int[CORE / 4 + 300];
        for (int i = 0; i < tileWords.length; i++) {
            tileWords[i] = random.nextInt();
        }
        accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, CORE / 4, allocator);
    }

    private Signature signature(Random random) {
        int length = signature.equals("long1024") ? 1024 : 16;
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (1 + random.nextInt(255));
        }
        if (!signature.equals("plain16")) {
            bytes[3] = 0;
        }
        return new Signature(signature, bytes, new boolean[length]);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        scanner.close();
        accum.close();
        allocator.close();
        Files.delete(file);
    }

    @Benchmark
    public ScanStats scan() throws IOException {
        return scanner.scan(fs, range, ScoreLimit.atMost(0), (s, offset, sad) -> { });
    }

    @Benchmark
    public int dispatchesOnly() {
        Msad4Search shader = new Msad4Search();
        DeviceContext device = new DeviceContext();
        ShaderResources resources = new ShaderResources().setUnorderedAccessView(0, accum);
        for (int tile = 0; tile < FILE_BYTES / CORE; tile++) {
            for (ReferencePass pass : plan.passes()) {
                int[] words = pass.words();
                resources.setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, words.length))
                        .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, tileWords, tileWords.length))
                        .setConstantBuffer(0, ConstantBuffer.ofWords(words.length));
                device.dispatch(shader, resources, Dispatch.of(CORE / 4 / 64));
            }
        }
        return accum.uint(0, 0);
    }
}
