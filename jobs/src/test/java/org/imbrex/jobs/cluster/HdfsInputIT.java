package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.imbrex.jobs.cluster.ClusterScript.ScriptRun;
import org.imbrex.jobs.cluster.JobCase.Partitioning;
import org.imbrex.jobs.search.MatchTable;
import org.imbrex.jobs.testing.LocalHdfs;
import org.imbrex.jobs.testing.SuiteHdfs;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The suite's search on the two-worker standalone cluster with its signatures, its input and its table on
 * HDFS: the driver (client deploy mode) and the executors, JVMs of their own, reach the NameNode and the
 * DataNode on 127.0.0.1, read the 16 MiB input as 16 blocks of 1 MiB (one split each), and write exactly
 * the rows of the local-mode reference run over the same bytes on the local disk (paths aside).
 */
@Tag("cluster")
@ExtendWith({SuiteCluster.class, SuiteHdfs.class})
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HdfsInputIT {

    @Test
    void search_clientDeployModeOnHdfs_writesTheLocalRunsRows(StandaloneCluster cluster, LocalHdfs hdfs) {
        SearchCase search = (SearchCase) ClusterJob.SEARCH.prepared();
        String signatures = hdfs.put(search.input().signatures(), "/HdfsInputIT/input/signatures.txt");
        String data = hdfs.put(search.input().data(), "/HdfsInputIT/input/data.bin");
        String output = hdfs.uri("/HdfsInputIT/matches");

        ScriptRun run = cluster.submit(List.of("--deploy-mode", "client"),
                search.arguments(signatures, data, output, Partitioning.CLIENT_MODE));

        assertThat(run.exitCode()).as("%s", run).isZero();
        assertThat(hdfs.blocks("/HdfsInputIT/input/data.bin"))
                .hasSize((int) (SearchCase.DATA_SIZE / LocalHdfs.BLOCK_SIZE));
        String local = new org.apache.hadoop.fs.Path(search.input().data().toUri()).toString();
        assertThat(ResultTable.read(output, MatchTable.SCHEMA).rows()).allMatch(row -> row.get(1).equals(data))
                .map(row -> withPath(row, local)).containsExactlyElementsOf(search.reference().rows());
    }

    private static List<Object> withPath(List<Object> row, String path) {
        List<Object> renamed = new ArrayList<>(row);
        renamed.set(1, path);
        return renamed;
    }
}
