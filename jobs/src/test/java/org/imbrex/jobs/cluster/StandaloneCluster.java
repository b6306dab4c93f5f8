package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.imbrex.jobs.cluster.ClusterScript.RunningScript;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;

/**
 * A Spark standalone cluster on 127.0.0.1 started with {@code bin/imbrex-cluster start}, and everything
 * the tests ask of it: submissions, its executors and drivers by PID, and a stop that checks that no
 * process and no listening port is left.
 *
 * <p>A JVM shutdown hook and the script's watchdog (which watches this JVM's PID) stop the cluster if a
 * test run ends without {@link #close()}. Example: {@code try (StandaloneCluster cluster =
 * StandaloneCluster.start("lifecycle", 1)) { cluster.submit("demo"); }}
 */
final class StandaloneCluster implements AutoCloseable {
    static final Duration START_TIMEOUT = Duration.ofMinutes(3);
    static final Duration JOB_TIMEOUT = Duration.ofMinutes(4);

    private final ClusterScript script;
    private final int workers;
    private final List<Integer> ports;
    private final List<Long> serverPids;
    private final Thread shutdownHook;
    private boolean stopped;

    private StandaloneCluster(ClusterScript script, int workers, List<Integer> ports, List<Long> serverPids) {
        this.script = script;
        this.workers = workers;
        this.ports = ports;
        this.serverPids = serverPids;
        this.shutdownHook = new Thread(() -> script.run(Duration.ofMinutes(1), "stop"), "imbrex-cluster-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Starts a master and {@code workers} workers in {@code target/cluster-it/NAME}; fails with the script's output. */
    static StandaloneCluster start(String name, int workers) {
        ClusterScript script = ClusterScript.create(BuildLayout.testDir().resolve(name));
        ScriptRun run = script.run(START_TIMEOUT, "start", Integer.toString(workers));
        if (run.exitCode() != 0) {
            throw new IllegalStateException("the cluster did not start: " + run);
        }
        Properties env = readEnvironment(script.stateDir().resolve("cluster.env"));
        List<Integer> ports = Arrays.stream(env.getProperty("PORTS").replace("\"", "").trim().split(" +"))
                .map(Integer::valueOf).toList();
        return new StandaloneCluster(script, workers, ports, readPids(script.stateDir().resolve("pids")));
    }

    ClusterScript script() {
        return script;
    }

    Path stateDir() {
        return script.stateDir();
    }

    /** The master, worker and watchdog PIDs the script recorded when it started. */
    List<Long> serverPids() {
        return serverPids;
    }

    /** Every port the master and the workers listen on. */
    List<Integer> ports() {
        return ports;
    }

    /** {@code bin/imbrex-cluster submit ARGS...}, to its end. */
    ScriptRun submit(String... args) {
        return submit(List.of(), args);
    }

    /**
     * {@code bin/imbrex-cluster submit SUBMIT_OPTIONS... JOB...}, to its end; submit options are {@code
     * --deploy-mode MODE} and {@code --conf KEY=VALUE}.
     */
    ScriptRun submit(List<String> submitOptions, String... job) {
        return script.run(JOB_TIMEOUT, submitCommand(submitOptions, job));
    }

    /** {@code bin/imbrex-cluster submit SUBMIT_OPTIONS... JOB...}, without waiting. */
    RunningScript launchSubmit(List<String> submitOptions, String... job) {
        return script.launch(submitCommand(submitOptions, job));
    }

    /**
     * The directories named {@code entry} in the workers' work dirs: an application's ({@code
     * worker-1/work/app-20260101000000-0003}, one per worker that ran executors for it) or a driver's.
     */
    List<Path> workDirs(String entry) {
        List<Path> dirs = new ArrayList<>();
        for (int worker = 1; worker <= workers; worker++) {
            Path dir = workDir(worker).resolve(entry);
            if (Files.isDirectory(dir)) {
                dirs.add(dir);
            }
        }
        return dirs;
    }

    /**
     * Names of the entries of every worker's work dir starting with {@code prefix} ({@code app-}, {@code
     * driver-}), each once: an application with executors on two workers has a directory on each.
     */
    List<String> workEntries(String prefix) {
        Set<String> names = new LinkedHashSet<>();
        for (int worker = 1; worker <= workers; worker++) {
            try (Stream<Path> entries = Files.list(workDir(worker))) {
                entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix)).forEach(names::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new ArrayList<>(names);
    }

    Path workDir(int worker) {
        return stateDir().resolve("worker-" + worker).resolve("work");
    }

    /** Runs {@code bin/imbrex-cluster stop} and checks, independently of the script, that nothing is left. */
    void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
        ScriptRun run = script.run(Duration.ofMinutes(2), "stop");
        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(serverPids).as("master, worker and watchdog PIDs after stop")
                .noneMatch(ClusterProcesses::isRunning);
        assertThat(ClusterProcesses.markedWith(stateDir())).as("processes marked with this cluster").isEmpty();
        assertThat(ClusterProcesses.runningIn(stateDir())).as("executors and drivers").isEmpty();
        assertThat(ports).as("ports still listening").noneMatch(ClusterProcesses::listening);
    }

    @Override
    public void close() {
        stop();
    }

    private static String[] submitCommand(List<String> submitOptions, String... job) {
        List<String> command = new ArrayList<>();
        command.add("submit");
        command.addAll(submitOptions);
        command.addAll(List.of(job));
        return command.toArray(String[]::new);
    }

    private static Properties readEnvironment(Path file) {
        Properties properties = new Properties();
        try (var reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    private static List<Long> readPids(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> {
                try {
                    return Long.valueOf(Files.readString(file).trim());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
