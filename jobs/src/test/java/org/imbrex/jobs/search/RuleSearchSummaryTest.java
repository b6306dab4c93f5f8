package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.imbrex.io.yara.rules.SkippedRule;
import org.imbrex.jobs.spark.TableFormat;
import org.junit.jupiter.api.Test;

class RuleSearchSummaryTest {

    @Test
    void print_rulesAndReasonsLongerThanTheColumn_keepTheCountsInOneColumn() {
        Map<String, Long> matched = new LinkedHashMap<>();
        matched.put("file:///work/imbrex-demo/rules.yar:demo_archive_firmware", 4L);
        matched.put("short.yar:a", 12L);
        List<SkippedRule> skipped = List.of(
                new SkippedRule("r.yar", "x", 3, "string $r: regular expressions are not supported (line 3, column 9)"),
                new SkippedRule("r.yar", "y", 9, "refers to skipped rule x"));
        RuleSearchSummary summary = new RuleSearchSummary(6, 6 << 20, 1, 5, skipped, matched, 16, 28, "file:/out",
                TableFormat.PARQUET, 0.4);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        summary.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        List<String> rows = lines.subList(1, 7);
        assertThat(rows.get(0)).startsWith("  rule ").endsWith("files");
        assertThat(rows.get(3)).startsWith("  skipped rules by reason ").endsWith("rules");
        assertThat(rows).extracting(String::length).containsOnly(rows.get(0).length());
        assertThat(rows.get(1)).endsWith(" 4").startsWith("  file:///work/imbrex-demo/rules.yar:demo_archive_firmware");
        assertThat(rows.get(4)).contains("regular expressions are not supported").endsWith(" 1");
        assertThat(rows.get(5)).contains("refers to a skipped rule").endsWith(" 1");
    }
}
