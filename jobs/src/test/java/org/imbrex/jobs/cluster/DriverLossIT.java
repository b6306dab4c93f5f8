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
import java.util.stream.Stream;
import org.imbrex.jobs.cluster.ClusterScript.RunningScript;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;
import org.imbrex.jobs.spark.OutputDirectory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A cluster-mode driver killed while the table is being written (its staging directory set up, the sort
 * and write stages running) leaves no table that reads as complete: {@code --output} stays absent, and
 * what was written sits in a hidden staging directory marked incomplete, without {@code _SUCCESS}.
 * Rerunning with {@code --overwrite} (and another partitioning) writes exactly the undisturbed rows.
 */
@Tag("cluster")
@ExtendWith({SuiteCluster.class, SearchCase.Fixture.class})
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DriverLossIT {

    @Test
    void search_clusterDriverKilledMidWrite_leavesNoCompleteLookingTable(StandaloneCluster cluster, SearchCase search) {
        Path output = SearchCase.freshOutput("driver-loss");
        List<String> driversBefore = cluster.workEntries("driver-");
        List<String> appsBefore = cluster.workEntries("app-");

        try (RunningScript job = cluster.launchSubmit(SearchOnClusterIT.prepend(
                search.arguments(output, "--tile-size", "64k", "--split-size", "512k"), "--deploy-mode", "cluster"))) {
            Await.until(Duration.ofMinutes(2), "the job set up its write in a staging directory", () -> {
                assertThat(job.isAlive()).as("the job is still running; output:\n%s", job.output()).isTrue();
                return siblings(output).stream().anyMatch(p -> Files.isDirectory(p.resolve("_temporary")));
            });
            String driver = newEntry(cluster.workEntries("driver-"), driversBefore);
            List<Long> pids = cluster.workDirs(driver).stream()
                    .flatMap(dir -> ClusterProcesses.runningIn(dir).stream()).toList();
            assertThat(pids).as("the JVM of %s", driver).hasSize(1);

            ClusterProcesses.kill(pids.get(0));
            ScriptRun run = job.await(StandaloneCluster.JOB_TIMEOUT);

            assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
            assertThat(run.output()).containsPattern("driver " + driver + " (FAILED|KILLED|ERROR)");
        }
        String application = newEntry(cluster.workEntries("app-"), appsBefore);
        Await.until(Duration.ofMinutes(1), "the executors of " + application + " ended", () -> cluster
                .workDirs(application).stream().allMatch(dir -> ClusterProcesses.runningIn(dir).isEmpty()));

        assertThat(output).doesNotExist();
        assertThat(siblings(output)).isNotEmpty().allSatisfy(leftover -> {
            assertThat(leftover.getFileName().toString()).startsWith(".").contains(OutputDirectory.INCOMPLETE_MARK);
            assertThat(leftover.resolve("_SUCCESS")).doesNotExist();
        });

        ScriptRun rerun = cluster.submit(search.arguments(output, "--overwrite", "--tile-size", "256k",
                "--split-size", "3m", "--partitions", "3"));

        assertThat(rerun.exitCode()).as("%s", rerun).isZero();
        assertThat(MatchTable.read(output)).isEqualTo(search.reference());
    }

    private static List<Path> siblings(Path output) {
        try (Stream<Path> entries = Files.list(output.getParent())) {
            return new ArrayList<>(entries.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String newEntry(List<String> now, List<String> before) {
        List<String> added = new ArrayList<>(now);
        added.removeAll(before);
        assertThat(added).as("new work dir entries").hasSize(1);
        return added.get(0);
    }
}
