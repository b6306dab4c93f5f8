package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;
import org.imbrex.jobs.cluster.JobCase.Partitioning;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every job runs unchanged on a two-worker standalone cluster through spark-submit, in client and in
 * cluster deploy mode, and writes exactly the rows of its local-mode run (cut into other tiles, splits and
 * tasks).
 */
@Tag("cluster")
@ExtendWith(SuiteCluster.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DeployModesIT {

    @ParameterizedTest(name = "{0}")
    @EnumSource(ClusterJob.class)
    void job_clientDeployMode_writesTheLocalRunsRows(ClusterJob which, StandaloneCluster cluster) {
        JobCase job = which.prepared();
        Path output = Outputs.fresh(job.command() + "-client");

        ScriptRun run = cluster.submit(List.of("--deploy-mode", "client"),
                job.arguments(output, Partitioning.CLIENT_MODE));

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(job.read(output).rows()).containsExactlyElementsOf(job.reference().rows());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ClusterJob.class)
    void job_clusterDeployMode_writesTheLocalRunsRows(ClusterJob which, StandaloneCluster cluster) {
        JobCase job = which.prepared();
        Path output = Outputs.fresh(job.command() + "-cluster");

        ScriptRun run = cluster.submit(List.of("--deploy-mode", "cluster"),
                job.arguments(output, Partitioning.CLUSTER_MODE));

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.output()).containsPattern("driver driver-\\S+ FINISHED");
        assertThat(job.read(output).rows()).containsExactlyElementsOf(job.reference().rows());
    }
}
