package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.imbrex.kernels.dispatch.Dispatch;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.testing.BlockMatchCase;
import org.imbrex.kernels.testing.BlockMatchOracle;
import org.imbrex.kernels.testing.SeaCase;
import org.imbrex.kernels.testing.SeaOracle;
import org.junit.jupiter.api.Test;

/**
 * A JVM started without {@code --add-modules jdk.incubator.vector} (a spark-submit without imbrex's flags;
 * Arrow still needs its {@code java.nio} opening)
 * runs the superword loops and gets the same sums: the vector form's classes are never loaded there, in the
 * search's shader nor in the motion search's bound, select and gather shaders.
 */
class WithoutVectorModuleTest {

    @Test
    void jvmWithoutTheModule_searchesWithSuperwordLoops() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-Xmx256m", "--add-opens=java.base/java.nio=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                Probe.class.getName())).redirectErrorStream(true).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("probe JVM finished").isTrue();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("SUPERWORD superword loops (32-bit lanes; jdk.incubator.vector absent)")
                .contains("sums equal the oracle").contains("bounds, lanes and gathered SADs equal the oracle")
                .doesNotContain("incubator modules");
    }

    /** The child JVM's main: the default shader's form, and its sums against the oracle. */
    public static final class Probe {
        public static void main(String[] args) {
            LaneLoops lanes = LaneLoops.active();
            System.out.println(lanes + " " + lanes.describe());
            Random random = new Random(5);
            int[] reference = new int[40];
            int[] source = new int[300];
            Arrays.setAll(reference, i -> random.nextInt());
            Arrays.setAll(source, i -> random.nextInt());
            int[] out = Msad4SearchRun.run(new Msad4Search(), 40, reference, source, 320, Dispatch.of(5));
            int[] expected = Msad4SearchTest.directSad(40, reference, source, 320, 320);
            System.out.println(Arrays.equals(out, expected) ? "sums equal the oracle" : "sums differ");
            System.out.println(seaShadersMatchTheOracle(random) ? "bounds, lanes and gathered SADs equal the oracle"
                    : "bounds, lanes or gathered SADs differ");
        }

        /** The motion search's bound, select and gather shaders, in the forms whose fast paths use vector lanes. */
        private static boolean seaShadersMatchTheOracle(Random random) {
            BlockMatchCase frames = new BlockMatchCase(64, 48, 16, 7, 16, 0, 3, BlockMatchCase.pixels(random, 64 * 48),
                    BlockMatchCase.pixels(random, 64 * 48));
            SeaCase bound = new SeaCase(frames, 2, 2, SeaBound.MODE_COMPUTE, null, null);
            int elements = frames.blocksX() * frames.blockRows() * frames.candidates() + BlockMatchCase.LANES;
            int[] expectedBounds = new int[4 * elements];
            SeaOracle.bound(bound, expectedBounds);
            int blocks = frames.blocksX() * frames.blockRows();
            int[] lanes = new int[blocks * frames.candidates()];
            int[] counts = new int[blocks];
            for (int b = 0; b < blocks; b++) {
                lanes[b * frames.candidates()] = frames.zeroVectorLane();
                counts[b] = 1; // the zero vector's lane, in bounds for every block of this frame
            }
            try (RootAllocator allocator = new RootAllocator()) {
                int[] bounds = bound.runBound(new SeaBound(), elements, 0, allocator);
                int[] gathered = new SeaCase(frames, 0, 0, 0, null, null).runGather(new Msad4BlockGather(), lanes,
                        counts, frames.uavElements(), 0, allocator);
                SeaCase select = new SeaCase(frames, 0, 0, SeaSelect.MODE_FIRST, null, bounds);
                int[] firstLanes = new int[blocks * frames.candidates() + 1]; // runSelect's UAVs: one slot more
                int[] firstCounts = new int[blocks + 1];
                SeaOracle.select(select, firstLanes, firstCounts);
                int[][] selected = select.runSelect(new SeaSelect(), 0, allocator);
                return Arrays.equals(bounds, expectedBounds)
                        && Arrays.equals(gathered, BlockMatchOracle.gathered(frames, lanes, counts, 0))
                        && Arrays.equals(selected[0], firstLanes) && Arrays.equals(selected[1], firstCounts);
            }
        }
    }
}
