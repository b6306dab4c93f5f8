package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code search} runs unchanged on a two-worker standalone cluster through spark-submit, in client and in
 * cluster deploy mode, and writes exactly the rows of a local-mode run (with other tile and split sizes).
 */
@Tag("cluster")
@ExtendWith({SuiteCluster.class, SearchCase.Fixture.class})
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SearchOnClusterIT {

    @Test
    void search_clientDeployMode_writesTheLocalRunsRows(StandaloneCluster cluster, SearchCase search) {
        Path output = SearchCase.freshOutput("client");

        ScriptRun run = cluster.submit(search.arguments(output, "--tile-size", "64k", "--split-size", "1m"));

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(MatchTable.read(output)).isEqualTo(search.reference());
    }

    @Test
    void search_clusterDeployMode_writesTheLocalRunsRows(StandaloneCluster cluster, SearchCase search) {
        Path output = SearchCase.freshOutput("cluster");

        ScriptRun run = cluster.submit(prepend(search.arguments(output, "--tile-size", "128k", "--split-size", "2m",
                "--partitions", "5"), "--deploy-mode", "cluster"));

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(run.output()).containsPattern("driver driver-\\S+ FINISHED");
        assertThat(MatchTable.read(output)).isEqualTo(search.reference());
    }

    static String[] prepend(String[] args, String... first) {
        String[] all = new String[first.length + args.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(args, 0, all, first.length, args.length);
        return all;
    }
}
