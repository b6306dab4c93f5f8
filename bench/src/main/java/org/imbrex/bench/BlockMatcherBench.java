package org.imbrex.bench;

import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.io.motion.BlockMatcher;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.io.video.LumaFrame;
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
 * Frame pairs per second of {@link BlockMatcher} on one thread, pruned and exhaustive search, B = 16, over a
 * noise texture (video levels 16..235) panned by (3, 2) pixels with temporal noise of ±{@code noise} on every
 * pixel of frame n, so that no block matches with SAD 0 and none can stop early.
 *
 * <pre>
 *   java -jar bench/target/benchmarks.jar BlockMatcherBench
 * </pre>
 * The comparison point is {@code ffmpeg -threads 1 -filter_threads 1 -i clip.y4m -vf
 * mestimate=method=esa:mb_size=16:search_param=R -f null -} on the same kind of clip, which searches each
 * frame twice (previous and next frame): halve its time per frame for one direction.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 4)
@Fork(value = 1, jvmArgsAppend = {"--add-modules=jdk.incubator.vector", "-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class BlockMatcherBench {

    @Param({"1280x720", "1920x1080"})
    public String size;

    @Param({"7", "16"})
    public int range;

    @Param({"PRUNED", "EXHAUSTIVE"})
    public BlockMatcher.Search search;

    @Param({"2"})
    public int noise;

    private BufferAllocator allocator;
    private BlockMatcher matcher;
    private LumaFrame previous;
    private LumaFrame current;

    @Setup(Level.Trial)
    public void setUp() {
        int width = Integer.parseInt(size.substring(0, size.indexOf('x')));
        int height = Integer.parseInt(size.substring(size.indexOf('x') + 1));
        int margin = 8;
        int textureWidth = width + 2 * margin;
        byte[] texture = new byte[textureWidth * (height + 2 * margin)];
        Random random = new Random(42);
        for (int i = 0; i < texture.length; i++) {
            texture[i] = (byte) (16 + random.nextInt(220));
        }
        previous = window(texture, textureWidth, 0, margin, margin, width, height);
        current = window(texture, textureWidth, 1, margin - 3, margin - 2, width, height);
        byte[] luma = current.luma();
        for (int i = 0; i < luma.length; i++) {
            luma[i] = (byte) ((luma[i] & 0xFF) + random.nextInt(2 * noise + 1) - noise);
        }
        allocator = new RootAllocator();
        matcher = new BlockMatcher(MotionPlan.of(16, range), allocator, search);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        matcher.close();
        allocator.close();
    }

    @Benchmark
    public List<MotionVector> matchFramePair() {
        return matcher.match(previous, current);
    }

    private static LumaFrame window(byte[] texture, int textureWidth, int index, int x0, int y0, int width,
            int height) {
        byte[] luma = new byte[width * height];
        for (int y = 0; y < height; y++) {
            System.arraycopy(texture, (y0 + y) * textureWidth + x0, luma, y * width, width);
        }
        return new LumaFrame(index, width, height, luma);
    }
}
