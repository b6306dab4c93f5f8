package org.imbrex.jobs.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.RuleFileReader;
import org.imbrex.io.yara.rules.RuleMatch;
import org.imbrex.io.yara.rules.RuleOracle;
import org.imbrex.io.scan.Prefilter;
import org.imbrex.jobs.search.Kernel;
import org.imbrex.jobs.search.RuleSearchJob;
import org.imbrex.jobs.search.RuleSearchSummary;
import org.imbrex.jobs.search.RuleTables;
import org.imbrex.jobs.search.SearchOptions;
import org.imbrex.jobs.spark.TableFormat;

/**
 * The YARA part of the demo: runs {@code DIR/rules.yar} over the demo corpus ({@link RuleSearchJob}), prints
 * the summary, and checks the {@code rules} table against the plain reference evaluation ({@link
 * RuleOracle}) of every file. The {@code rules} and {@code skipped} tables get CSV copies ({@link CsvExport})
 * for the notebook.
 * <pre>
 *   imbrex-demo/rules-search/rules      (source, rule, tags, path)      + rules-csv
 *   imbrex-demo/rules-search/strings    (source, signature, path, offset, length, sad)
 *   imbrex-demo/rules-search/skipped    (source, rule, line, reason)    + skipped-csv
 * </pre>
 * Example output line: {@code demo check: the 14 (rule, file) rows are the reference engine's}.
 */
public final class DemoRules {
    private final Path root;

    public DemoRules(Path root) {
        this.root = root;
    }

    /** Runs the rules; returns true when the rules table holds exactly what the reference evaluation gives. */
    public boolean run(SparkSession spark) {
        Path rules = root.resolve("rules.yar");
        String output = root.resolve("rules-search").toUri().toString();
        SearchOptions options = new SearchOptions(List.of(rules.toUri().toString()),
                List.of(root.resolve("corpus").toUri().toString()), output, TableFormat.PARQUET, true, 0, 0,
                SearchOptions.DEFAULT_TILE_SIZE, SearchOptions.AUTO_SPLIT_SIZE, SearchOptions.DEFAULT_OPEN_COST, 0,
                Kernel.JAVA, Prefilter.ANCHORS, null, 20);
        RuleSearchSummary summary = new RuleSearchJob(options).run(spark);
        summary.print(System.out);
        String table = output.replaceAll("/+$", "");
        CsvExport.beside(spark, table + "/" + RuleTables.RULES, "path", "source", "rule");
        CsvExport.beside(spark, table + "/" + RuleTables.SKIPPED, "source", "line");
        System.out.println("csv copies: " + table + "/" + RuleTables.RULES + CsvExport.SUFFIX + ", " + table + "/"
                + RuleTables.SKIPPED + CsvExport.SUFFIX);

        Set<String> found = new TreeSet<>();
        for (Row row : spark.read().parquet(table + "/" + RuleTables.RULES).collectAsList()) {
            found.add(row.getString(1) + " " + fileName(row.getString(3)));
        }
        Set<String> expected = expected(rules);
        if (found.equals(expected)) {
            System.out.printf("demo check: the %d (rule, file) rows are the reference engine's%n", found.size());
            return true;
        }
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(found);
        Set<String> extra = new TreeSet<>(found);
        extra.removeAll(expected);
        System.out.printf("demo check: the rules table differs from the reference engine: missing %s, extra %s%n",
                missing, extra);
        return false;
    }

    /** "rule file" for every rule the reference evaluation matches on every corpus file. */
    private Set<String> expected(Path rules) {
        try {
            List<RuleFile> files = List.of(RuleFileReader.read(rules.toUri().toString(), rules.toString(),
                    Files.readString(rules)));
            Set<String> expected = new TreeSet<>();
            List<Path> corpus;
            try (Stream<Path> listed = Files.list(root.resolve("corpus"))) {
                corpus = new ArrayList<>(listed.filter(Files::isRegularFile).toList());
            }
            for (Path file : corpus) {
                for (RuleMatch match : RuleOracle.matches(files, Files.readAllBytes(file))) {
                    expected.add(match.rule() + " " + file.getFileName());
                }
            }
            return expected;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the demo rules or corpus: " + e.getMessage(), e);
        }
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
