import java.util.List;
import org.imbrex.io.scan.Prefilter;
import org.imbrex.jobs.search.Kernel;
import org.imbrex.jobs.search.SearchJob;
import org.imbrex.jobs.search.SearchOptions;
import org.imbrex.jobs.search.SearchSummary;
import org.imbrex.jobs.spark.CommandSession;
import org.imbrex.jobs.spark.TableFormat;

/**
 * The same search run several times in one Spark session, as a notebook or any long-lived driver runs
 * searches: prints each run's job time (what imbrex's summary prints). The first run pays for the JIT
 * compiling imbrex, Spark and Parquet; the later ones run compiled code. Run by bench/session-bench.sh as a
 * single source file: java -cp JARS bench/java/RepeatedSearch.java SIGNATURES INPUT OUTPUT RUNS [MAX_SAD]
 */
public class RepeatedSearch {
    public static void main(String[] args) {
        String signatures = args[0];
        String input = args[1];
        String output = args[2];
        int runs = Integer.parseInt(args[3]);
        int maxSad = args.length > 4 ? Integer.parseInt(args[4]) : 0;
        try (CommandSession session = CommandSession.open("imbrex repeated search", "local[*]")) {
            for (int run = 1; run <= runs; run++) {
                SearchOptions options = new SearchOptions(List.of(signatures), List.of(input), output, TableFormat.PARQUET,
                        true, maxSad, 0, SearchOptions.DEFAULT_TILE_SIZE, SearchOptions.AUTO_SPLIT_SIZE,
                        SearchOptions.DEFAULT_OPEN_COST, 0, Kernel.JAVA, Prefilter.ANCHORS, "local[*]", 0);
                SearchSummary summary = new SearchJob(options).run(session.spark());
                long matches = summary.counts().stream().mapToLong(row -> row.getLong(1)).sum();
                System.err.printf(java.util.Locale.ROOT, "%nrepeated-search: run %d: %d files, %d bytes, %d matches in %.3f s"
                        + " (%.1f MiB/s)%n", run, summary.files(), summary.bytes(), matches, summary.seconds(),
                        summary.bytes() / 1048576.0 / summary.seconds());
            }
        }
    }
}
