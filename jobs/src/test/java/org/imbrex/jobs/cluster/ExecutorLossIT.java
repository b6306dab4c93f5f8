package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.imbrex.jobs.cluster.ClusterScript.RunningScript;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;
import org.imbrex.jobs.cluster.DriverRestApi.Executor;
import org.imbrex.jobs.cluster.DriverRestApi.Stage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Losing an executor in the middle of a multi-tile search loses and duplicates nothing: the executor JVM is
 * killed (SIGKILL, found by PID under its worker) while it runs a task and most of the stage is still to
 * come; Spark runs the lost tasks again, the master starts a new executor, and the table has exactly the
 * rows of an undisturbed run.
 */
@Tag("cluster")
@ExtendWith({SuiteCluster.class, SearchCase.Fixture.class})
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ExecutorLossIT {
    /** Small splits and tiles: many tasks, each long enough to be caught running. */
    private static final String[] MANY_TASKS = {"--tile-size", "64k", "--split-size", "256k"};

    @Test
    void search_executorKilledWhileRunningATask_writesTheUndisturbedRows(StandaloneCluster cluster, SearchCase search) {
        Path output = SearchCase.freshOutput("executor-loss");
        Path events = output.resolveSibling("events");
        int uiPort = ClusterScript.freePort();
        DriverRestApi driver = new DriverRestApi(uiPort);
        String[] submit = SearchOnClusterIT.prepend(search.arguments(output, MANY_TASKS),
                "--conf", "spark.ui.port=" + uiPort, "--conf", "spark.eventLog.enabled=true",
                "--conf", "spark.eventLog.compress=false", "--conf", "spark.eventLog.rolling.enabled=false",
                "--conf", "spark.eventLog.dir=" + events.toUri());
        events.toFile().mkdirs();

        try (RunningScript job = cluster.launchSubmit(submit)) {
            AtomicReference<String> application = new AtomicReference<>();
            AtomicReference<Executor> victim = new AtomicReference<>();
            Await.until(Duration.ofMinutes(2), "an executor runs a task of a stage with most tasks to come", () -> {
                assertThat(job.isAlive()).as("the job is still running; output:\n%s", job.output()).isTrue();
                Optional<String> app = driver.applicationId();
                app.ifPresent(application::set);
                return app.flatMap(id -> busyExecutorEarlyInAStage(driver, id)).map(e -> {
                    victim.set(e);
                    return true;
                }).orElse(false);
            });
            List<Long> pids = ClusterProcesses.runningIn(executorDir(cluster, application.get(), victim.get().id()));
            assertThat(pids).as("the JVM of executor %s", victim.get().id()).hasSize(1);

            ClusterProcesses.kill(pids.get(0));
            ScriptRun run = job.await(StandaloneCluster.JOB_TIMEOUT);

            assertThat(run.exitCode()).as("%s", run).isZero();
            EventLog log = EventLog.read(events, application.get());
            assertThat(log.executorRemoved(victim.get().id())).as("executor %s removed", victim.get().id()).isTrue();
            assertThat(log.tasksLostWithExecutor(victim.get().id())).as("tasks lost and run again").isPositive();
            assertThat(cluster.workDirs(application.get()).stream().mapToLong(ExecutorLossIT::entries).sum())
                    .as("executors launched: two, and one in place of the killed one").isGreaterThanOrEqualTo(3);
            assertThat(MatchTable.read(output)).isEqualTo(search.reference());
        }
    }

    /** An executor running a task of a stage that has at most a third of its (many) tasks done. */
    private static Optional<Executor> busyExecutorEarlyInAStage(DriverRestApi driver, String application) {
        boolean early = driver.activeStages(application).stream().anyMatch(ExecutorLossIT::early);
        return early ? driver.executors(application).stream().filter(e -> e.activeTasks() > 0).findFirst()
                : Optional.empty();
    }

    private static boolean early(Stage stage) {
        return stage.numTasks() >= 8 && stage.numActiveTasks() > 0 && stage.numCompleteTasks() * 3 <= stage.numTasks();
    }

    private static long entries(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path executorDir(StandaloneCluster cluster, String application, String executorId) {
        return cluster.workDirs(application).stream().map(dir -> dir.resolve(executorId))
                .filter(dir -> dir.toFile().isDirectory()).findFirst()
                .orElseThrow(() -> new AssertionError("no work dir of executor " + executorId + " of " + application));
    }
}
