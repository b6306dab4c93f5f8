package org.imbrex.jobs.search;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.imbrex.io.yara.rules.RuleCorpus;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.RuleFileReader;
import org.imbrex.jobs.spark.TableFormat;
import org.imbrex.jobs.testing.LocalSpark;

/**
 * Cases of the io module's {@link RuleCorpus} (random rule files and files made for them) written to disk
 * for whole searches: {@code rules/caseS-I.yar} and {@code data/caseS/fJ}, and the three tables of a search
 * read back as strings.
 *
 * <p>Example: {@code RuleCases cases = RuleCases.write(dir, List.of(0L, 3L)); cases.ruleFiles()} lists the
 * rule files in the order {@code --signatures} gets them.
 */
final class RuleCases {
    private final Path root;
    private final Map<String, RuleFile> ruleFiles = new LinkedHashMap<>();
    /** Per rule file: the case's namespace as the recorded YARA answers name it (n0, n1). */
    private final Map<String, String> namespaces = new LinkedHashMap<>();
    /** Per data file (file: URI): seed and index in its case. */
    private final Map<String, long[]> files = new LinkedHashMap<>();
    private final Map<String, byte[]> contents = new LinkedHashMap<>();

    private RuleCases(Path root) {
        this.root = root;
    }

    static RuleCases write(Path root, List<Long> seeds) throws IOException {
        RuleCases cases = new RuleCases(root);
        Files.createDirectories(root.resolve("rules"));
        for (long seed : seeds) {
            RuleCorpus.Case c = RuleCorpus.generate(seed);
            for (int i = 0; i < c.ruleFiles().size(); i++) {
                Path file = root.resolve("rules").resolve("case" + seed + "-" + i + ".yar");
                Files.writeString(file, c.ruleFiles().get(i), java.nio.charset.StandardCharsets.ISO_8859_1);
                cases.ruleFiles.put(file.toString(), RuleFileReader.read(file.toString(), file.toString(),
                        c.ruleFiles().get(i)));
                cases.namespaces.put(file.toString(), c.namespaces().get(i));
            }
            Path dir = Files.createDirectories(root.resolve("data").resolve("case" + seed));
            for (int f = 0; f < c.files().size(); f++) {
                Path file = Files.write(dir.resolve("f" + f), c.files().get(f));
                cases.files.put("file:" + file, new long[] {seed, f});
                cases.contents.put("file:" + file, c.files().get(f));
            }
        }
        return cases;
    }

    Path data() {
        return root.resolve("data");
    }

    /** The rule files, comma-separated, as {@code --signatures} takes them. */
    String signatures() {
        return String.join(",", ruleFiles.keySet());
    }

    Map<String, RuleFile> ruleFiles() {
        return ruleFiles;
    }

    String namespace(String ruleFile) {
        return namespaces.get(ruleFile);
    }

    /** Data files (file: URIs) → (seed, index in the case). */
    Map<String, long[]> files() {
        return files;
    }

    byte[] content(String path) {
        return contents.get(path);
    }

    /** A table of a search's output, each row as its values joined by tabs, in table order. */
    static List<String> table(String output, String table, TableFormat format) {
        var schema = switch (table) {
            case RuleTables.RULES -> RuleTables.RULES_SCHEMA;
            case RuleTables.STRINGS -> RuleTables.STRINGS_SCHEMA;
            default -> RuleTables.SKIPPED_SCHEMA;
        };
        List<String> rows = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        try (var listing = Files.list(Path.of(output.replaceFirst("^file:", "")).resolve(table))) {
            listing.filter(p -> p.getFileName().toString().startsWith("part-")).sorted()
                    .forEach(p -> parts.add(p.toString()));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        for (String part : parts) {
            for (Row row : LocalSpark.session().read().format(format.sparkFormat()).schema(schema)
                    .option("header", "true").load(part).collectAsList()) {
                List<String> values = new ArrayList<>();
                for (int i = 0; i < row.length(); i++) {
                    values.add(row.isNullAt(i) ? "" : String.valueOf(row.get(i))); // CSV reads "" as null
                }
                rows.add(String.join("\t", values));
            }
        }
        return rows;
    }
}
