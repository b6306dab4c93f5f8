package org.imbrex.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.intrinsics.MsadOverflow;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-thread throughput of the Java msad4 search shader on one 1 MiB tile, in byte-differences per
 * second: one Dispatch compares every source byte offset of the tile with every signature byte, so it does
 * {@code TILE_BYTES × signatureBytes} byte differences.
 *
 * <pre>
 *   byteDiffs/s  = dispatches/s × 1 MiB × signatureBytes        (the "byteDiffs" counter JMH prints)
 *   G byte-diffs/s = byteDiffs/s / 1e9
 * </pre>
 * Run: {@code bench/kernels-bench.sh}, or after {@code mvn -Pbench -DskipTests package -pl bench -am}:
 * {@code java -jar bench/target/benchmarks.jar Msad4SearchBench}. With wildcards, a quarter of the signature
 * bytes are 0x00 (masked), as {@code ??} bytes are after the search job's encoding. {@link #scalarLoop} is the
 * same search as a plain byte loop, measured in the same run for the ratio.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class Msad4SearchBench {
    /** Source bytes per Dispatch: one tile of 1 MiB, 4096 thread groups of 64 threads. */
    public static final int TILE_BYTES = 1 << 20;

    @Param({"16", "64", "256"})
    public int signatureBytes;

    @Param({"false", "true"})
    public boolean wildcards;

    /** The shader's lane loops: {@code VECTOR} (16-bit lanes, the vector API) or {@code SUPERWORD}. */
    @Param({"VECTOR", "SUPERWORD"})
    public LaneLoops lanes;

    private byte[] referenceBytes;
    private byte[] sourceBytes;
    private int[] scalarSums;
    private BufferAllocator allocator;
    private RWBuffer accum;
    private ShaderResources resources;
    private Dispatch dispatch;
    private Msad4Search shader;
    private final DeviceContext device = new DeviceContext();

    @Setup(Level.Trial)
    public void setUp() {
        shader = new Msad4Search(MsadOverflow.WRAP, lanes);
        SplittableRandom random = new SplittableRandom(42);
        int refWords = signatureBytes / 4;
        int[] reference = new int[refWords];
        for (int i = 0; i < refWords; i++) {
            for (int b = 0; b < 4; b++) {
                boolean masked = wildcards && random.nextInt(4) == 0;
                reference[i] |= (masked ? 0 : 1 + random.nextInt(255)) << (8 * b);
            }
        }
        // the tile plus its halo, so every thread reads a whole window as in a real tile
        int tileWords = TILE_BYTES / 4;
        int[] source = new int[tileWords + refWords];
        for (int i = 0; i < source.length; i++) {
            source[i] = random.nextInt();
        }
        referenceBytes = bytes(reference);
        sourceBytes = bytes(source);
        scalarSums = new int[TILE_BYTES];
        allocator = new RootAllocator();
        accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, tileWords, allocator);
        resources = new ShaderResources()
                .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, reference, refWords))
                .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, source, source.length))
                .setUnorderedAccessView(0, accum)
                .setConstantBuffer(0, ConstantBuffer.ofWords(refWords));
        dispatch = Dispatch.of(tileWords / Msad4Search.LANES);
    }

    @Benchmark
    public RWBuffer search(ByteDiffWork work) {
        device.dispatch(shader, resources, dispatch);
        work.byteDiffs += (long) TILE_BYTES * signatureBytes;
        return accum;
    }

    /** The same sums as a direct SAD loop over bytes, one offset at a time. */
    @Benchmark
    public int[] scalarLoop(ByteDiffWork work) {
        byte[] ref = referenceBytes;
        byte[] src = sourceBytes;
        for (int offset = 0; offset < TILE_BYTES; offset++) {
            int sad = 0;
            for (int t = 0; t < ref.length; t++) {
                int r = ref[t] & 0xFF;
                if (r != 0) {
                    sad += Math.abs(r - (src[offset + t] & 0xFF));
                }
            }
            scalarSums[offset] = sad;
        }
        work.byteDiffs += (long) TILE_BYTES * signatureBytes;
        return scalarSums;
    }

    private static byte[] bytes(int[] words) {
        java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(4 * words.length)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        out.asIntBuffer().put(words);
        return out.array();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        accum.close();
        allocator.close();
    }
}
