package org.imbrex.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.asm.AsmShader;
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
 * The search shader's Dispatch through the SM5 interpreter ({@code Msad4Search.asm}) next to the same
 * Dispatch through the hand-written Java shader ({@code Msad4Search.java}), in one run, so their ratio is
 * the interpreter's cost. One Dispatch searches a 64 KiB tile (256 groups of 64 threads) for a signature
 * of {@code refWords} words.
 *
 * <pre>
 *   bench/asm-bench.sh                     (builds, runs, prints the ratio table)
 *   java -jar bench/target/benchmarks.jar AsmInterpreterBench -f 1 -wi 3 -i 5
 * </pre>
 * Scores are Dispatches per second; tile bytes per second = score · 65536.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class AsmInterpreterBench {
    private static final int GROUPS = 256;

    @Param({"16", "64"})
    public int refWords;

    private BufferAllocator allocator;
    private RWBuffer accum;
    private ShaderResources resources;
    private Msad4Search javaShader;
    private AsmShader asmShader;
    private final DeviceContext device = new DeviceContext();

    @Setup(Level.Trial)
    public void setUp() {
        Random random = new Random(42);
        int[] reference = random.ints(refWords).toArray();
        int[] source = random.ints(64 * GROUPS + refWords).toArray();
        allocator = new RootAllocator();
        accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 64 * GROUPS, allocator);
        resources = new ShaderResources()
                .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, reference, reference.length))
                .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, source, source.length))
                .setUnorderedAccessView(0, accum)
                .setConstantBuffer(0, ConstantBuffer.ofWords(refWords));
        javaShader = new Msad4Search();
        asmShader = AsmShader.fromResource(Msad4Search.class, "Msad4Search.asm");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        accum.close();
        allocator.close();
    }

    /** The hand-written Java shader (the fast path). */
    @Benchmark
    public int msad4SearchJavaShader() {
        device.dispatch(javaShader, resources, Dispatch.of(GROUPS));
        return accum.uint(64 * GROUPS - 1, 3);
    }

    /** The same Dispatch through the interpreter running {@code Msad4Search.asm}. */
    @Benchmark
    public int msad4SearchAsmInterpreter() {
        device.dispatch(asmShader, resources, Dispatch.of(GROUPS));
        return accum.uint(64 * GROUPS - 1, 3);
    }
}
