package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.imbrex.jobs.search.MatchTable;

/**
 * The {@code search} the cluster suite runs: {@link SearchInput}'s planted data (16 MiB, enough tiles and
 * splits to keep two executors busy for several seconds) searched with {@code --max-sad 6}. Its local
 * reference run must find exactly the planted matches, so the reference is right before runs are compared
 * with it.
 *
 * <pre>
 *   partitioning      --tile-size  --split-size  --partitions   scan tasks
 *   LOCAL_REFERENCE   256k         4m                           4
 *   CLIENT_MODE       64k          1m                           16
 *   CLUSTER_MODE      128k         2m            5              5
 *   MANY_TASKS        64k          256k                         64
 *   DRIVER_LOSS       64k          512k                         32
 *   RERUN             256k         3m            3              3
 * </pre>
 * Example: {@code JobCase search = SearchCase.prepare();}
 */
record SearchCase(SearchInput input, ResultTable reference) implements JobCase {
    static final int DATA_SIZE = 16 << 20;

    /** Writes the input and runs the local reference search. */
    static SearchCase prepare() {
        SearchInput input = SearchInput.write(BuildLayout.testDir().resolve("search-input"), DATA_SIZE, 20261201);
        SearchCase unfinished = new SearchCase(input, null);
        Path output = Outputs.fresh("search-local-reference");
        LocalImbrex.run("search-local-reference", unfinished.arguments(output, Partitioning.LOCAL_REFERENCE));
        ResultTable reference = unfinished.read(output);
        assertThat(reference.rows()).as("the local run finds exactly the planted matches")
                .map(row -> new SearchInput.Planted((String) row.get(0), (Long) row.get(2), (Integer) row.get(4)))
                .containsExactlyInAnyOrderElementsOf(input.planted());
        return new SearchCase(input, reference);
    }

    @Override
    public String command() {
        return "search";
    }

    @Override
    public String workPhase() {
        return "imbrex search: scan";
    }

    @Override
    public String workCounter() {
        return "imbrex search: bytes scanned";
    }

    @Override
    public String[] arguments(Path output, Partitioning partitioning, String... extra) {
        return arguments(input.signatures().toString(), input.data().toString(), output.toString(), partitioning,
                extra);
    }

    /**
     * {@link #arguments(Path, Partitioning, String...)} with the signature file, the data and the output at
     * other locations, e.g. copies of the input on HDFS: {@code arguments("hdfs://127.0.0.1:9000/in/signatures.txt",
     * "hdfs://127.0.0.1:9000/in/data.bin", "hdfs://127.0.0.1:9000/out/matches", Partitioning.CLIENT_MODE)}.
     */
    String[] arguments(String signatures, String data, String output, Partitioning partitioning, String... extra) {
        List<String> args = new ArrayList<>(List.of(command(), "--signatures", signatures, "--input", data,
                "--output", output, "--max-sad", Integer.toString(SearchInput.MAX_SAD)));
        args.addAll(switch (partitioning) {
            case LOCAL_REFERENCE -> List.of("--master", "local[2]", "--tile-size", "256k", "--split-size", "4m");
            case CLIENT_MODE -> List.of("--tile-size", "64k", "--split-size", "1m");
            case CLUSTER_MODE -> List.of("--tile-size", "128k", "--split-size", "2m", "--partitions", "5");
            case MANY_TASKS -> List.of("--tile-size", "64k", "--split-size", "256k");
            case DRIVER_LOSS -> List.of("--tile-size", "64k", "--split-size", "512k");
            case RERUN -> List.of("--tile-size", "256k", "--split-size", "3m", "--partitions", "3");
        });
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    @Override
    public ResultTable read(Path table) {
        return ResultTable.read(table, MatchTable.SCHEMA);
    }
}
