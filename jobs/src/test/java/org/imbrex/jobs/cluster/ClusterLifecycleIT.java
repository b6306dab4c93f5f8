package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code bin/imbrex-cluster} itself: start refuses to run twice and gives up with a clear message when
 * the servers do not come up in time; stop, and the watchdog when the owner dies, leave no JVM and no
 * listening port; a failed cluster-mode driver makes submit exit non-zero although spark-submit exits 0;
 * the JVM flags it gives every Spark JVM are Spark's, as the build has them.
 */
@Tag("cluster")
@ExtendWith(SuiteCluster.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ClusterLifecycleIT {

    @Test
    void start_whileRunning_refusesAndKeepsTheCluster(StandaloneCluster cluster) {
        ScriptRun second = cluster.script().run(Duration.ofMinutes(1), "start", "2");

        assertThat(second.exitCode()).as("%s", second).isEqualTo(1);
        assertThat(second.output()).contains("already running");
        assertThat(cluster.serverPids()).allMatch(ClusterProcesses::isRunning);
        ScriptRun status = cluster.script().run(Duration.ofMinutes(1), "status");
        assertThat(status.exitCode()).as("%s", status).isZero();
        assertThat(status.output()).contains("2 of 2 alive");
    }

    @Test
    void submit_clusterModeDriverFails_exitsNonZeroWithTheDriverState(StandaloneCluster cluster) {
        ScriptRun run = cluster.submit("--deploy-mode", "cluster", "no-such-command");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.output()).containsPattern("driver driver-\\S+ FAILED")
                .contains("Unmatched argument at index 0: 'no-such-command'");
    }

    @Test
    void submit_clientModeJobFails_exitsWithTheJobsCode(StandaloneCluster cluster) {
        ScriptRun run = cluster.submit("no-such-command");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(2);
    }

    @Test
    void start_serversSlowerThanTheTimeout_failsClearlyAndLeavesNothing() {
        ClusterScript script = ClusterScript.create(BuildLayout.testDir().resolve("timeout"))
                .with("IMBREX_CLUSTER_TIMEOUT", "1");

        ScriptRun run = script.run(StandaloneCluster.START_TIMEOUT, "start", "2");

        assertThat(run.exitCode()).as("%s", run).isEqualTo(1);
        assertThat(run.output()).contains("timed out after 1s:", "set IMBREX_CLUSTER_TIMEOUT to wait longer");
        assertNothingLeft(script, List.of());
    }

    @Test
    void jvmFlags_always_areTheBuildsSparkModuleOptions() {
        ScriptRun run = ClusterScript.create(BuildLayout.testDir().resolve("flags")).run(Duration.ofMinutes(1),
                "jvm-flags");

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.output().trim().split(" ")).containsExactlyElementsOf(BuildLayout.jvmFlags());
    }

    @Test
    void stop_runningCluster_leavesNoProcessAndNoPort() {
        StandaloneCluster cluster = StandaloneCluster.start("stop", 1);
        List<Long> servers = cluster.serverPids();
        assertThat(servers).hasSize(3).allMatch(ClusterProcesses::isRunning);

        cluster.stop();

        assertNothingLeft(cluster.script(), cluster.ports());
    }

    @Test
    void watchdog_ownerKilled_stopsTheCluster() throws IOException, InterruptedException {
        Process owner = new ProcessBuilder("sleep", "600").start();
        ClusterScript script = ClusterScript.create(BuildLayout.testDir().resolve("watchdog"))
                .with("IMBREX_CLUSTER_OWNER_PID", Long.toString(owner.pid()));
        try {
            ScriptRun start = script.run(StandaloneCluster.START_TIMEOUT, "start", "1");
            assertThat(start.exitCode()).as("%s", start).isZero();
            // start returns once it has forked the watchdog, which carries the marker only once it has
            // exec'd: on a busy machine, a moment later.
            Await.until(Duration.ofSeconds(30), "the master, the worker and the watchdog carry the marker",
                    () -> ClusterProcesses.markedWith(script.stateDir()).size() == 3);

            owner.destroyForcibly().waitFor();

            // The watchdog's stop has ended once it says so: its processes can be gone from /proc's
            // command lines while the kernel still closes their sockets.
            Path log = script.stateDir().resolve("logs/watchdog.log");
            Await.until(Duration.ofSeconds(90), "the watchdog's stop ended",
                    () -> read(log).contains("imbrex-cluster: stopped;") || read(log).contains("left behind"));
            assertThat(read(log)).contains("stopped; no process and no listening port left");
            assertNothingLeft(script, List.of());
        } finally {
            owner.destroyForcibly();
            script.run(Duration.ofMinutes(1), "stop");
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void assertNothingLeft(ClusterScript script, List<Integer> ports) {
        assertThat(ClusterProcesses.markedWith(script.stateDir())).as("servers left").isEmpty();
        assertThat(ClusterProcesses.runningIn(script.stateDir())).as("executors or drivers left").isEmpty();
        assertThat(script.ports()).as("configured ports").noneMatch(ClusterProcesses::listening);
        assertThat(ports).as("ports the cluster used").noneMatch(ClusterProcesses::listening);
    }
}
