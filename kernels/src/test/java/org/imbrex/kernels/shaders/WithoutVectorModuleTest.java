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
import org.imbrex.kernels.dispatch.LaneLoops;
import org.junit.jupiter.api.Test;

/**
 * A JVM started without {@code --add-modules jdk.incubator.vector} (a spark-submit without imbrex's flags;
 * Arrow still needs its {@code java.nio} opening)
 * runs the superword loops and gets the same sums: the vector form's class is never loaded there.
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
                .contains("sums equal the oracle").doesNotContain("incubator modules");
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
        }
    }
}
