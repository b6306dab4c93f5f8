package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The lowercasing's vector lanes under {@code bin/imbrex}'s compiler settings: C2 may compile {@link
 * TileBytesLanes} ({@code conf/jit-directives.json} leaves to C1 whatever it does not list, and the vector API
 * under C1 runs its Java paths, 25 times slower than the sequential steps it replaces), and reaches it at the
 * shaders' lower thresholds.
 */
class TileBytesJitTest {
    private static final String THRESHOLDS =
            "-XX:CompileCommand=CompileThresholdScaling,org.imbrex.io.scan.TileBytesLanes::*,0.1";

    @Test
    void lanes_areCompiledByC2_underTheDirectives() throws IOException, InterruptedException {
        Path root = Path.of(System.getProperty("imbrex.root", "..")).toAbsolutePath().normalize();
        assertThat(Files.readString(root.resolve("bin/imbrex"))).contains("'" + THRESHOLDS + "'");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules", "jdk.incubator.vector", "-XX:+UnlockDiagnosticVMOptions",
                "-XX:CompilerDirectivesFile=" + root.resolve("conf/jit-directives.json"), THRESHOLDS,
                "-XX:+PrintCompilation", "-cp", System.getProperty("java.class.path"), Probe.class.getName());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output).contains("lowercased").containsPattern("\\s4\\s+org\\.imbrex\\.io\\.scan\\."
                + "TileBytesLanes::lowercase").doesNotContainPattern("not compilable on level 4 .*TileBytesLanes");
    }

    /** The child JVM's main: 64 MiB lowercased in 1 MiB tiles, as a scan's tiles are. */
    public static final class Probe {
        public static void main(String[] args) {
            byte[] tile = new byte[1 << 20];
            new java.util.Random(3).nextBytes(tile);
            for (int i = 0; i < 64; i++) {
                TileBytes.ASCII_LOWER.apply(tile, 0, tile.length);
            }
            System.out.println("lowercased");
        }
    }
}
