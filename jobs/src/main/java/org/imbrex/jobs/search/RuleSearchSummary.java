package org.imbrex.jobs.search;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.SkippedRule;
import org.imbrex.io.yara.rules.YaraRule;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.jobs.cli.ByteSize;
import org.imbrex.jobs.spark.TableFormat;

/**
 * What the driver prints when a search with YARA rules is done: files, bytes, rules run and skipped, how
 * many rules matched how many files, the rules that matched most files, the commonest reasons for
 * skipping, and where the tables are.
 *
 * <pre>
 * imbrex search: 40 files, 12.0 MiB, 2 rule files, 310 rules run, 4 skipped: 12 rules matched, 57 (rule, file)
 *     rows, 230 string matches in 3.1 s (3.9 MiB/s)
 *   rule                                         files
 *   rules/packers.yar:upx_packed                    21
 *   ...
 *   skipped rules by reason                      rules
 *   regular expressions are not supported            3
 * tables: out/rules, out/strings, out/skipped (parquet)
 * </pre>
 * The time is the driver's checks plus the Spark jobs, without starting the Spark session.
 *
 * @param ruleFiles  rule files (for the skipped rules)
 * @param matched    per rule that matched at least one file, "source:rule" and its files, most files first
 * @param ruleRows   rows of the rules table
 * @param stringRows rows of the strings table
 */
public record RuleSearchSummary(int files, long bytes, int ruleFiles, int rulesRun, List<SkippedRule> skipped,
        Map<String, Long> matched, long ruleRows, long stringRows, String table, TableFormat format,
        double seconds) {
    /** How many rules and reasons the summary lists. */
    static final int SHOWN = 20;
    private static final Pattern STRING_PREFIX = Pattern.compile("^string \\$\\w*: ");
    private static final Pattern POSITION = Pattern.compile(" \\(line \\d+, column \\d+\\)$");

    static RuleSearchSummary of(int files, long bytes, List<RuleFile> ruleFiles, RuleScanPlan plan,
            List<WrittenRules> written, String table, TableFormat format, double seconds) {
        List<YaraRule> rules = plan.rules();
        long[] perRule = new long[rules.size()];
        long stringRows = 0;
        for (WrittenRules part : written) {
            for (int r = 0; r < perRule.length; r++) {
                perRule[r] += part.filesPerRule()[r];
            }
            stringRows += part.stringRows();
        }
        List<Integer> order = new ArrayList<>();
        long ruleRows = 0;
        for (int r = 0; r < perRule.length; r++) {
            ruleRows += perRule[r];
            if (perRule[r] > 0) {
                order.add(r);
            }
        }
        order.sort(Comparator.comparingLong((Integer r) -> -perRule[r]).thenComparing(r -> r));
        Map<String, Long> matched = new LinkedHashMap<>();
        for (int r : order) {
            matched.put(rules.get(r).namespace() + ":" + rules.get(r).name(), perRule[r]);
        }
        List<SkippedRule> skipped = ruleFiles.stream().flatMap(f -> f.skipped().stream()).toList();
        return new RuleSearchSummary(files, bytes, ruleFiles.size(), rules.size(), skipped, matched, ruleRows,
                stringRows, table, format, seconds);
    }

    /**
     * A skip reason without what names one rule: {@code string $a: regular expressions are not supported}
     * counts as {@code regular expressions are not supported}, {@code refers to skipped rule x} as {@code refers
     * to a skipped rule}, and positions are left out.
     */
    static String kind(String reason) {
        String kind = POSITION.matcher(STRING_PREFIX.matcher(reason).replaceFirst("")).replaceFirst("");
        if (kind.startsWith("refers to skipped rule ")) {
            return "refers to a skipped rule";
        }
        if (kind.startsWith("global rule ")) {
            return "its namespace's global rule is skipped";
        }
        return kind;
    }

    /** Skipped rules per kind of reason, commonest first. */
    Map<String, Long> skippedByReason() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (SkippedRule rule : skipped) {
            counts.merge(kind(rule.reason()), 1L, Long::sum);
        }
        Map<String, Long> sorted = new LinkedHashMap<>();
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        return sorted;
    }

    /** Prints the summary for users. */
    public void print(PrintStream out) {
        out.printf(Locale.ROOT, "imbrex search: %d files, %s, %d rule file%s, %d rules run, %d skipped: %d rules "
                + "matched, %d (rule, file) rows, %d string matches in %.1f s (%s/s)%n", files,
                ByteSize.format(bytes), ruleFiles, ruleFiles == 1 ? "" : "s", rulesRun, skipped.size(),
                matched.size(), ruleRows, stringRows, seconds,
                ByteSize.format((long) (bytes / Math.max(seconds, 1e-9))));
        Map<String, Long> reasons = skippedByReason();
        // one column width for both lists: the longest name shown, at least 48
        int width = java.util.stream.Stream.concat(matched.keySet().stream().limit(SHOWN),
                reasons.keySet().stream().limit(SHOWN)).mapToInt(String::length).max().orElse(0);
        String row = "  %-" + Math.max(48, width) + "s %6";
        if (!matched.isEmpty()) {
            out.printf(Locale.ROOT, row + "s%n", "rule", "files");
            matched.entrySet().stream().limit(SHOWN)
                    .forEach(e -> out.printf(Locale.ROOT, row + "d%n", e.getKey(), e.getValue()));
            if (matched.size() > SHOWN) {
                out.printf(Locale.ROOT, "  … and %d more rules (see the rules table)%n", matched.size() - SHOWN);
            }
        }
        if (!skipped.isEmpty()) {
            out.printf(Locale.ROOT, row + "s%n", "skipped rules by reason", "rules");
            reasons.entrySet().stream().limit(SHOWN)
                    .forEach(e -> out.printf(Locale.ROOT, row + "d%n", e.getKey(), e.getValue()));
        }
        String dir = table.endsWith("/") ? table : table + "/";
        out.printf("tables: %s%s, %s%s, %s%s (%s)%n", dir, RuleTables.RULES, dir, RuleTables.STRINGS, dir,
                RuleTables.SKIPPED, format.sparkFormat());
    }
}
