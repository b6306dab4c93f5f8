package org.imbrex.jobs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.imbrex.jobs.demo.DemoCorpus;
import org.imbrex.jobs.demo.DemoSearch;
import org.imbrex.jobs.spark.CommandSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code imbrex demo}: generates sample data and runs imbrex's jobs on it, printing what they found.
 *
 * <pre>
 *   bin/imbrex demo                  → imbrex-demo/corpus, imbrex-demo/search-matches (Parquet), …
 * </pre>
 * Example: {@code bin/imbrex demo --dir /tmp/demo --master local[2]}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generate sample data (a few MB of synthetic firmware images with planted signatures, "
                + "exact and near) and search it, printing the best matches.",
            "Outputs are replaced on every run."})
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--dir", defaultValue = "imbrex-demo", paramLabel = "DIR",
            description = "Where the sample data and tables go (default: ${DEFAULT-VALUE}).")
    private Path dir;

    @Option(names = "--master", defaultValue = "local[*]", paramLabel = "URL",
            description = "Spark master (default: ${DEFAULT-VALUE}).")
    private String master;

    @Override
    public Integer call() throws IOException {
        Path root = dir.toAbsolutePath();
        System.out.println("imbrex demo: generating sample data in " + root);
        List<DemoCorpus.Planting> plantings = DemoCorpus.generate(root);
        try (CommandSession session = CommandSession.open("imbrex demo", master)) {
            boolean searchOk = new DemoSearch(root, plantings).run(session.spark());
            return searchOk ? 0 : 1;
        }
    }
}
