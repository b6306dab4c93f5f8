package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.imbrex.jobs.cluster.ClusterScript.RunningScript;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;
import org.imbrex.jobs.cluster.DriverRestApi.Executor;
import org.imbrex.jobs.cluster.DriverRestApi.Stage;
import org.imbrex.jobs.cluster.JobCase.Partitioning;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Losing an executor in the middle of a job loses and duplicates nothing: an executor JVM (found by PID
 * under its worker) is killed with SIGKILL while it runs a task of the stage that does the job's work
 * and most of that stage is still to come; Spark runs the lost tasks again, the master starts a new
 * executor, and the table has exactly the rows of an undisturbed run.
 *
 * <p>The work stage is found while the job runs: the first stage under the job description of its work
 * phase ({@link JobCase#workPhase}: search's scan; motion's search, whose tasks also write the table). The event log confirms it afterwards: the stage whose tasks were lost counted
 * the job's {@link JobCase#workCounter} ({@code imbrex search: bytes scanned}, {@code imbrex motion: frames}).
 *
 * <p>The kill must hit a running task, or the test proves nothing. A task can end between the driver's
 * answer and the kill, so the executor is first paused (SIGSTOP): a paused JVM ends no task, and once the
 * driver still counts a task as running on it a moment later, the kill is certain to lose that task.
 */
@Tag("cluster")
@ExtendWith(SuiteCluster.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ExecutorLossIT {
    /** Long enough for a task end already on its way to the driver to be counted there. */
    private static final Duration SETTLE = Duration.ofSeconds(1);

    /** An executor of an application, paused while the driver counts a task of the work stage on it. */
    private record Victim(String application, int stage, String executor, long pid) {
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ClusterJob.class)
    void job_executorKilledWhileRunningATask_writesTheUndisturbedRows(ClusterJob which, StandaloneCluster cluster) {
        JobCase job = which.prepared();
        Path output = Outputs.fresh(job.command() + "-executor-loss");
        Path events = output.resolveSibling("events");
        events.toFile().mkdirs();
        int uiPort = ClusterScript.freePort();
        List<String> submitOptions = List.of("--conf", "spark.ui.port=" + uiPort,
                "--conf", "spark.eventLog.enabled=true", "--conf", "spark.eventLog.compress=false",
                "--conf", "spark.eventLog.rolling.enabled=false", "--conf", "spark.eventLog.dir=" + events.toUri());

        try (RunningScript run = cluster.launchSubmit(submitOptions, job.arguments(output, Partitioning.MANY_TASKS))) {
            Victim victim = pauseAnExecutorRunningATask(cluster, new DriverRestApi(uiPort), run, job.workPhase());

            ClusterProcesses.kill(victim.pid());
            ScriptRun finished = run.await(StandaloneCluster.JOB_TIMEOUT);

            assertThat(finished.exitCode()).as("%s", finished).isZero();
            EventLog log = EventLog.read(events, victim.application());
            assertThat(log.executorRemoved(victim.executor())).as("executor %s removed", victim.executor()).isTrue();
            assertThat(log.tasksLostWithExecutor(victim.executor(), victim.stage()))
                    .as("tasks of stage %d lost and run again", victim.stage()).isPositive();
            assertThat(log.accumulatorValue(victim.stage(), job.workCounter()))
                    .as("%s counted in stage %d", job.workCounter(), victim.stage()).isPositive();
            assertThat(cluster.workDirs(victim.application()).stream().mapToLong(dir -> Outputs.entries(dir).size())
                    .sum()).as("executors launched: two, and one in place of the killed one").isGreaterThanOrEqualTo(3);
            assertThat(job.read(output).rows()).containsExactlyElementsOf(job.reference().rows());
        }
    }

    private static Victim pauseAnExecutorRunningATask(StandaloneCluster cluster, DriverRestApi driver,
            RunningScript run, String workPhase) {
        AtomicReference<Victim> victim = new AtomicReference<>();
        Await.until(Duration.ofMinutes(2), "an executor paused while running a task, most of its stage to come", () -> {
            assertThat(run.isAlive()).as("the job is still running; output:\n%s", run.output()).isTrue();
            Optional<String> application = driver.applicationId();
            Optional<Stage> stage = application.flatMap(id -> earlyWorkStage(driver, id, workPhase));
            Optional<Executor> busy = stage.flatMap(s -> driver.executors(application.get()).stream()
                    .filter(e -> e.activeTasks() > 0).findFirst());
            if (busy.isEmpty()) {
                return false;
            }
            Victim candidate = new Victim(application.get(), stage.get().stageId(), busy.get().id(),
                    executorPid(cluster, application.get(), busy.get().id()));
            ClusterProcesses.pause(candidate.pid());
            sleep(SETTLE);
            if (driver.executors(candidate.application()).stream()
                    .anyMatch(e -> e.id().equals(candidate.executor()) && e.activeTasks() > 0)) {
                victim.set(candidate);
                return true;
            }
            ClusterProcesses.resume(candidate.pid());
            return false;
        });
        return victim.get();
    }

    /**
     * The work stage, the first stage of the work phase, if it is the only stage running and has at most a
     * third of its (many) tasks done: a busy executor then runs a task of it.
     */
    private static Optional<Stage> earlyWorkStage(DriverRestApi driver, String application, String workPhase) {
        List<Stage> stages = driver.stages(application);
        Optional<Stage> work = stages.stream().filter(s -> s.description().startsWith(workPhase))
                .min(Comparator.comparingInt(Stage::stageId));
        List<Stage> active = stages.stream().filter(Stage::active).toList();
        return work.filter(s -> active.equals(List.of(s)) && early(s));
    }

    private static boolean early(Stage stage) {
        return stage.numTasks() >= 8 && stage.numActiveTasks() > 0 && stage.numCompleteTasks() * 3 <= stage.numTasks();
    }

    /** The PID of the executor's JVM, which runs in {@code WORKER/work/APPLICATION/EXECUTOR}. */
    private static long executorPid(StandaloneCluster cluster, String application, String executor) {
        Path dir = cluster.workDirs(application).stream().map(d -> d.resolve(executor)).filter(Files::isDirectory)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no work dir of executor " + executor + " of " + application));
        List<Long> pids = ClusterProcesses.runningIn(dir);
        assertThat(pids).as("the JVM of executor %s in %s", executor, dir).hasSize(1);
        return pids.get(0);
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
