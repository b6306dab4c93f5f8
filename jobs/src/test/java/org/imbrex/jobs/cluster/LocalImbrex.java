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
        runWithHeap(name, "2g", args);
    }

    /** {@link #run} in a JVM of {@code heap} ({@code -Xmx}); returns what it printed. */
    static String runWithHeap(String name, String heap, String... args) {
        Process process = launch(name, heap, args);
        Path log = log(name);
        try {
            assertThat(process.waitFor(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS))
                    .as("local run %s ended within %s; see %s", name, TIMEOUT, log).isTrue();
            assertThat(process.exitValue()).as("local run %s exit code; output:\n%s", name, read(log)).isZero();
            return read(log);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } finally {
            process.destroyForcibly();
        }
    }

    /**
     * Starts the run as {@link #runWithHeap} does, without waiting for it: the caller ends the process
     * ({@code destroyForcibly} kills the JVM with SIGKILL). Its output goes to {@link #log(String)}.
     */
    static Process launch(String name, String heap, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(BuildLayout.jvmFlags());
        command.addAll(List.of("-Xmx" + heap, "-XX:+ExitOnOutOfMemoryError", "-cp", BuildLayout.localClasspath(),
                "org.imbrex.jobs.ImbrexMain"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log(name).toFile());
        builder.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        return start(builder);
    }

    /** Where run {@code name} writes what it prints: {@code target/cluster-it/NAME.log}. */
    static Path log(String name) {
        return BuildLayout.testDir().resolve(name + ".log");
    }

    private static Process start(ProcessBuilder builder) {
        try {
            Files.createDirectories(BuildLayout.testDir());
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
