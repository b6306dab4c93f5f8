package org.imbrex.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.Msad4BlockMatch;
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
 * Single-thread throughput of the Java msad4 block-matching shader: one Dispatch scores every candidate of
 * every 16×16 block of a 1280×720 frame of noise against the previous frame (one stripe of 45 block rows).
 * Work is counted as the C column of {@code bench/kernels-bench.sh} counts it, the useful differences only:
 *
 * <pre>
 *   byteDiffs per Dispatch = blocks × (2R + 1)² × B²          (3600 blocks, R = 7: 207 M)
 * </pre>
 * The shader scores more: {@code 4 · X_GROUPS} x-candidates per dy (20 for R = 7) where the window has 15,
 * and every band of every candidate, in or out of the window.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g",
        "--add-opens=java.base/java.nio=ALL-UNNAMED"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class Msad4BlockMatchBench {
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 720;

    @Param({"16"})
    public int block;

    @Param({"7"})
    public int range;

    /** The shader's lane loops: {@code VECTOR} (16-bit lanes, the vector API) or {@code SUPERWORD}. */
    @Param({"VECTOR", "SUPERWORD"})
    public LaneLoops lanes;

    private BufferAllocator allocator;
    private RWBuffer candSad;
    private ShaderResources resources;
    private Dispatch dispatch;
    private long diffsPerDispatch;
    private Msad4BlockMatch shader;
    private final DeviceContext device = new DeviceContext();

    @Setup(Level.Trial)
    public void setUp() {
        shader = new Msad4BlockMatch(lanes);
        MotionPlan plan = MotionPlan.of(block, range);
        SplittableRandom random = new SplittableRandom(7);
        int pitch = WIDTH / 4;
        int[] cur = new int[pitch * HEIGHT];
        int[] prev = new int[pitch * HEIGHT];
        for (int i = 0; i < cur.length; i++) {
            cur[i] = random.nextInt();
            prev[i] = random.nextInt();
        }
        int blocksX = WIDTH / block;
        int blockRows = HEIGHT / block;
        int elements = blocksX * blockRows * plan.candidates() * plan.bands();
        allocator = new RootAllocator();
        candSad = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, elements, allocator);
        resources = new ShaderResources()
                .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, cur, cur.length))
                .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, prev, prev.length))
                .setUnorderedAccessView(0, candSad)
                .setConstantBuffer(0, ConstantBuffer.ofWords(WIDTH, HEIGHT, block, range, pitch, plan.bandRows(),
                        plan.bands(), plan.xGroups(), 0, 0, 0, plan.candidates()));
        int groupsX = (plan.candidates() + Msad4BlockMatch.LANES - 1) / Msad4BlockMatch.LANES;
        dispatch = Dispatch.of(groupsX, blocksX, blockRows);
        diffsPerDispatch = (long) blocksX * blockRows * (2 * range + 1) * (2 * range + 1) * block * block;
    }

    @Benchmark
    public RWBuffer blockMatch(ByteDiffWork work) {
        device.dispatch(shader, resources, dispatch);
        work.byteDiffs += diffsPerDispatch;
        return candSad;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        candSad.close();
        allocator.close();
    }
}
