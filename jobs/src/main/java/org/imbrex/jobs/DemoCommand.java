package org.imbrex.jobs;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.imbrex.jobs.demo.DemoClip;
import org.imbrex.jobs.demo.DemoCorpus;
import org.imbrex.jobs.demo.DemoMotion;
import org.imbrex.jobs.demo.DemoRules;
import org.imbrex.jobs.demo.DemoSearch;
import org.imbrex.jobs.spark.CommandSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code imbrex demo}: generates sample data and runs imbrex's jobs on it, printing what they found.
 *
 * <pre>
 *   bin/imbrex demo    → imbrex-demo/corpus, imbrex-demo/search-matches (Parquet),
 *                        imbrex-demo/rules.yar, imbrex-demo/rules-search/{rules,strings,skipped} (Parquet),
 *                        imbrex-demo/clips/demo-motion.y4m, imbrex-demo/motion-vectors (Parquet),
 *                        imbrex-demo/motion-frames/*.png
 * </pre>
 * Example: {@code bin/imbrex demo --dir /tmp/demo --master local[2]}.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Generate sample data (a few MB of synthetic firmware images with planted signatures, exact "
                + "and near, YARA rules for them, and a short video with known motion), search the images for the "
                + "signatures and the rules and estimate the video's motion, printing what was found and checking "
                + "it against what was planted and what the reference rule engine gives.",
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
        DemoClip clip = DemoClip.generate(root);
        try (CommandSession session = CommandSession.open("imbrex demo", master)) {
            boolean searchOk = new DemoSearch(root, plantings).run(session.spark());
            System.out.println();
            System.out.println("imbrex demo: YARA rules " + root.resolve("rules.yar"));
            boolean rulesOk = new DemoRules(root).run(session.spark());
            System.out.println();
            System.out.println("imbrex demo: motion in " + clip.file());
            boolean motionOk = new DemoMotion(root, clip).run(session.spark());
            return searchOk && rulesOk && motionOk ? 0 : 1;
        }
    }
}
