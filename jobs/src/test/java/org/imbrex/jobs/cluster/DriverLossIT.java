package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.imbrex.jobs.cluster.ClusterScript.RunningScript;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;
import org.imbrex.jobs.cluster.JobCase.Partitioning;
import org.imbrex.jobs.spark.OutputDirectory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A cluster-mode driver killed while the table is being written (the write set up in its staging
 * directory, some part files there, more to come) leaves no table that reads as complete: {@code
 * --output} stays absent, and what was written sits in a hidden staging directory marked incomplete,
 * without {@code _SUCCESS}. Rerunning with {@code --overwrite} (cut another way) writes exactly the
 * undisturbed rows.
 *
 * <p>The write of this run is made long, so that the kill lands in it on any machine: adaptive execution
 * off (motion's write job then also runs the sort's stages, after its set-up; search writes each of its
 * parts as a file of its own) and 64 write tasks.
 */
@Tag("cluster")
@ExtendWith(SuiteCluster.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DriverLossIT {
    private static final List<String> LONG_WRITE = List.of("--deploy-mode", "cluster",
            "--conf", "spark.sql.adaptive.enabled=false", "--conf", "spark.sql.shuffle.partitions=64",
            "--conf", "spark.imbrex.search.table-parts=64");

    @ParameterizedTest(name = "{0}")
    @EnumSource(ClusterJob.class)
    void job_clusterDriverKilledMidWrite_leavesNoCompleteLookingTable(ClusterJob which, StandaloneCluster cluster) {
        JobCase job = which.prepared();
        Path output = Outputs.fresh(job.command() + "-driver-loss");
        List<String> driversBefore = cluster.workEntries("driver-");
        List<String> appsBefore = cluster.workEntries("app-");

        try (RunningScript run = cluster.launchSubmit(LONG_WRITE, job.arguments(output, Partitioning.DRIVER_LOSS))) {
            Await.until(Duration.ofMinutes(2), "the job wrote part files into its staging directory", () -> {
                assertThat(run.isAlive()).as("the job is still running; output:\n%s", run.output()).isTrue();
                return Outputs.siblings(output).stream().anyMatch(DriverLossIT::holdsPartFiles);
            });
            String driver = newEntry(cluster.workEntries("driver-"), driversBefore);
            List<Long> pids = cluster.workDirs(driver).stream()
                    .flatMap(dir -> ClusterProcesses.runningIn(dir).stream()).toList();
            assertThat(pids).as("the JVM of %s", driver).hasSize(1);

            ClusterProcesses.kill(pids.get(0));
            ScriptRun killed = run.await(StandaloneCluster.JOB_TIMEOUT);

            assertThat(killed.exitCode()).as("%s", killed).isEqualTo(1);
            assertThat(killed.output()).containsPattern("driver " + driver + " (FAILED|KILLED|ERROR)");
        }
        String application = newEntry(cluster.workEntries("app-"), appsBefore);
        Await.until(Duration.ofMinutes(1), "the executors of " + application + " ended", () -> cluster
                .workDirs(application).stream().allMatch(dir -> ClusterProcesses.runningIn(dir).isEmpty()));

        assertThat(output).doesNotExist();
        assertThat(Outputs.siblings(output)).hasSize(1).allSatisfy(leftover -> {
            assertThat(leftover.getFileName().toString()).startsWith(".").contains(OutputDirectory.INCOMPLETE_MARK);
            assertThat(Outputs.filesBelow(leftover)).as("files left in %s", leftover)
                    .anyMatch(DriverLossIT::isPartFile)
                    .noneMatch(file -> file.getFileName().toString().equals("_SUCCESS"));
        });

        ScriptRun rerun = cluster.submit(job.arguments(output, Partitioning.RERUN, "--overwrite"));

        assertThat(rerun.exitCode()).as("%s", rerun).isZero();
        assertThat(job.read(output).rows()).containsExactlyElementsOf(job.reference().rows());
    }

    /** A staging directory with a part file somewhere below it (written by a task, committed or not yet). */
    private static boolean holdsPartFiles(Path dir) {
        try {
            return Files.isDirectory(dir.resolve("_temporary"))
                    && Outputs.filesBelow(dir).stream().anyMatch(DriverLossIT::isPartFile);
        } catch (UncheckedIOException e) {
            return false; // a task commit renamed a directory while it was walked: look again
        }
    }

    private static boolean isPartFile(Path file) {
        return file.getFileName().toString().startsWith("part-");
    }

    private static String newEntry(List<String> now, List<String> before) {
        List<String> added = new ArrayList<>(now);
        added.removeAll(before);
        assertThat(added).as("new work dir entries").hasSize(1);
        return added.get(0);
    }
}
