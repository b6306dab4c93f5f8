package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs imbrex in local mode from the application jar, in a JVM of its own, as {@code bin/imbrex} does:
 * the reference runs of the cluster suite. A JVM of its own, because a Spark driver cannot share the test
 * JVM with the local session {@link ResultTable} reads tables with.
 *
 * <p>Example: {@code LocalImbrex.run("search-reference", "search", "--master", "local[2]", ...);} logs to
 * {@code target/cluster-it/search-reference.log} and fails the test unless imbrex exits 0.
 */
final class LocalImbrex {
    static final Duration TIMEOUT = Duration.ofMinutes(4);

    private LocalImbrex() {
    }

    static void run(String name, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(BuildLayout.jvmFlags());
        command.addAll(List.of("-Xmx2g", "-cp", BuildLayout.localClasspath(), "org.imbrex.jobs.ImbrexMain"));
        command.addAll(List.of(args));
        Path log = BuildLayout.testDir().resolve(name + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        Process process = start(builder);
        try {
            assertThat(process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS))
                    .as("local run %s ended within %s; see %s", name, TIMEOUT, log).isTrue();
            assertThat(process.exitValue()).as("local run %s exit code; output:\n%s", name, read(log)).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } finally {
            process.destroyForcibly();
        }
    }

    private static Process start(ProcessBuilder builder) {
        try {
            Files.createDirectories(BuildLayout.testDir());
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
