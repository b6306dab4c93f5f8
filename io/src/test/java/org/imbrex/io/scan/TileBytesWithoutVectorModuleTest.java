package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.junit.jupiter.api.Test;

/**
 * A JVM started without {@code --add-modules jdk.incubator.vector} (a spark-submit without imbrex's flags)
 * lowercases a tile in eight-byte steps and never loads {@link TileBytesLanes}.
 */
class TileBytesWithoutVectorModuleTest {

    @Test
    void jvmWithoutTheModule_lowercasesWithoutVectorLanes() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-Xmx64m", "-Xlog:class+load=info", "-cp",
                System.getProperty("java.class.path"), Probe.class.getName())).redirectErrorStream(true).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("probe JVM finished").isTrue();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("SUPERWORD").contains("..getprocaddress..[@`{..")
                .contains("org.imbrex.io.scan.TileBytes ").doesNotContain("org.imbrex.io.scan.TileBytesLanes")
                .doesNotContain("jdk.incubator.vector");
    }

    /** The child JVM's main: the lane form and a lowercased tile (the JVM logs the classes it loads). */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.println(LaneLoops.active());
            byte[] bytes = "..GetProcAddress..[@`{..".repeat(20).getBytes(StandardCharsets.ISO_8859_1);
            TileBytes.ASCII_LOWER.apply(bytes, 0, bytes.length);
            System.out.println(new String(bytes, 0, 24, StandardCharsets.ISO_8859_1));
        }
    }
}
