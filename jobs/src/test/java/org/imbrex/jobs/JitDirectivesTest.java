package org.imbrex.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code conf/jit-directives.json}, which {@code bin/imbrex} passes to HotSpot: a JVM reads all four directives
 * without a syntax error (HotSpot only prints one and carries on, so nothing else would notice), and keeps C2
 * from compiling a hot method outside the listed packages; and the shaders' compile thresholds beside them.
 */
class JitDirectivesTest {

    /** A method hot enough for C2 (tens of thousands of calls), in a package the directives leave to C1. */
    public static final class HotLoop {
        static int step(int x) {
            return x * 31 + (x >>> 3);
        }

        public static void main(String[] args) {
            int x = 1;
            for (int i = 0; i < 3_000_000; i++) {
                x = step(x);
            }
            System.out.println(x == 42 ? "" : "done");
        }
    }

    @Test
    void directives_parseAndLeaveOtherCodeToC1() throws IOException, InterruptedException {
        Path root = Path.of(System.getProperty("imbrex.root", "..")).toAbsolutePath().normalize();
        Path directives = root.resolve("conf/jit-directives.json");
        assertThat(Files.readString(root.resolve("bin/imbrex"))).contains("conf/jit-directives.json");

        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UnlockDiagnosticVMOptions", "-XX:CompilerDirectivesFile=" + directives,
                "-XX:+PrintCompilation", "-cp", System.getProperty("java.class.path"), HotLoop.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).isZero();
        assertThat(output).contains("4 compiler directives added").doesNotContain("Syntax error");
        assertThat(output).containsPattern("made not compilable on level 4 +" + HotLoop.class.getName()
                .replace("$", "\\$") + "::step .*excluded");
    }

    /** The shaders' lower compile thresholds in {@code bin/imbrex}: a JVM takes the command without a complaint. */
    @Test
    void shaderThresholds_areACompileCommandTheJvmTakes() throws IOException, InterruptedException {
        Path root = Path.of(System.getProperty("imbrex.root", "..")).toAbsolutePath().normalize();
        String command = "-XX:CompileCommand=CompileThresholdScaling,org.imbrex.kernels.shaders.*::*,0.1";
        assertThat(Files.readString(root.resolve("bin/imbrex"))).contains("'" + command + "'");

        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                command, "-version").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).isZero();
        assertThat(output).contains("CompileThresholdScaling").contains("org/imbrex/kernels/shaders/*.*")
                .doesNotContainIgnoringCase("error");
    }
}
