package org.imbrex.jobs.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs {@code bin/imbrex-cluster}, the tool users run, against one state directory, with free ports
 * chosen for the master and the workers and the test JVM as the cluster's owner (if this JVM dies, the
 * script's watchdog stops the cluster).
 *
 * <p>Example: {@code ClusterScript script = ClusterScript.create(Path.of("target/cluster-it/suite"));
 * script.run(Duration.ofMinutes(3), "start", "2");}
 */
final class ClusterScript {
    private final Path stateDir;
    private final Map<String, String> environment;
    // Numbers the output files of every run: target/cluster-it/NAME-N-COMMAND.log.
    private static final AtomicInteger RUNS = new AtomicInteger();

    private ClusterScript(Path stateDir, Map<String, String> environment) {
        this.stateDir = stateDir;
        this.environment = environment;
    }

    /** A script bound to {@code stateDir}, with free loopback ports and the build's jar and SPARK_HOME. */
    static ClusterScript create(Path stateDir) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("IMBREX_CLUSTER_DIR", stateDir.toAbsolutePath().toString());
        env.put("IMBREX_SPARK_HOME", BuildLayout.sparkHome().toString());
        env.put("IMBREX_JAR", BuildLayout.applicationJar().toString());
        env.put("IMBREX_MASTER_PORT", Integer.toString(freePort()));
        env.put("IMBREX_MASTER_WEBUI_PORT", Integer.toString(freePort()));
        env.put("IMBREX_WORKER_PORT", Integer.toString(freePort()));
        env.put("IMBREX_WORKER_WEBUI_PORT", Integer.toString(freePort()));
        env.put("IMBREX_CLUSTER_OWNER_PID", Long.toString(ProcessHandle.current().pid()));
        return new ClusterScript(stateDir.toAbsolutePath(), env);
    }

    /** The same cluster directory and ports, with one more environment variable. */
    ClusterScript with(String name, String value) {
        Map<String, String> env = new LinkedHashMap<>(environment);
        env.put(name, value);
        return new ClusterScript(stateDir, env);
    }

    Path stateDir() {
        return stateDir;
    }

    /** The ports given to the script: the master's two and the first of the workers'. */
    List<Integer> ports() {
        return environment.entrySet().stream().filter(e -> e.getKey().endsWith("_PORT"))
                .map(e -> Integer.valueOf(e.getValue())).toList();
    }

    /** Runs the script to its end (killing it after {@code timeout}) and returns its exit code and output. */
    ScriptRun run(Duration timeout, String... args) {
        try (RunningScript running = launch(args)) {
            return running.await(timeout);
        }
    }

    /** Starts the script without waiting; closing the result ends it and every process it started. */
    RunningScript launch(String... args) {
        List<String> command = new ArrayList<>();
        command.add(BuildLayout.root().resolve("bin/imbrex-cluster").toString());
        command.addAll(List.of(args));
        try {
            Files.createDirectories(stateDir);
            Path log = stateDir.resolveSibling(stateDir.getFileName() + "-" + RUNS.incrementAndGet() + "-" + args[0] + ".log");
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(new File("/dev/null"));
            builder.environment().putAll(environment);
            return new RunningScript(String.join(" ", args), builder.start(), log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What a finished script run printed (stdout and stderr interleaved) and its exit code. */
    record ScriptRun(String args, int exitCode, String output) {
        @Override
        public String toString() {
            return "bin/imbrex-cluster " + args + " → exit " + exitCode + "\n" + output;
        }
    }

    /** A script still running; {@link #close()} ends it with SIGTERM, then its descendants with SIGKILL. */
    static final class RunningScript implements AutoCloseable {
        private final String args;
        private final Process process;
        private final Path log;

        private RunningScript(String args, Process process, Path log) {
            this.args = args;
            this.process = process;
            this.log = log;
        }

        boolean isAlive() {
            return process.isAlive();
        }

        /** Waits for the end; a script still running after {@code timeout} is ended and reported as such. */
        ScriptRun await(Duration timeout) {
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    close();
                    throw new AssertionError("bin/imbrex-cluster " + args + " still running after " + timeout
                            + "; output:\n" + output());
                }
                return new ScriptRun(args, process.exitValue(), output());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new AssertionError("interrupted", e);
            }
        }

        String output() {
            try {
                return Files.readString(log, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(no output: " + e + ")";
            }
        }

        @Override
        public void close() {
            List<ProcessHandle> descendants = process.descendants().toList();
            process.destroy();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process.destroyForcibly();
            descendants.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
