package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.TableFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One task's evaluation of its files, as {@link ScanAndEvaluate} and {@link EvaluateRules} drive it. */
class FileEvaluationTest {
    private static final String RULES = "rule r { strings: $a = \"abcd\" condition: $a }";

    @TempDir
    Path dir;

    private final LongAccumulator files = new LongAccumulator();
    private final LongAccumulator ruleMatches = new LongAccumulator();

    private FileEvaluation evaluation() throws IOException {
        RuleScanPlan plan = RuleScanPlan.forScan(RuleSources.parse(List.of(new RuleSources.RuleText("rules.yar",
                RULES))), 0);
        EvaluateRules.Spec spec = new EvaluateRules.Spec(dir.resolve("staging").toUri().toString(), "job",
                TableFormat.CSV, HadoopConf.of(new Configuration()), 0);
        return new FileEvaluation(plan, spec, 0, files, ruleMatches);
    }

    private String file(String name, String content) throws IOException {
        Path file = Files.write(dir.resolve(name), content.getBytes(StandardCharsets.ISO_8859_1));
        return SearchCorpus.qualified(file);
    }

    @Test
    void evaluate_checksTheAtomsFoundAndCountsTheRulesThatMatch() throws IOException {
        String hit = file("hit.bin", "xyzabcdxyz");
        String miss = file("miss.bin", "xyabcXdxyz");
        try (FileEvaluation evaluation = evaluation()) {
            evaluation.evaluate(hit, 10, List.of(new long[] {FileAtoms.hit(0, 3)}));
            evaluation.evaluate(miss, 10, List.of(new long[] {FileAtoms.hit(0, 2)}));
            WrittenRules written = evaluation.finish();

            assertThat(written.files()).isEqualTo(2);
            assertThat(written.filesPerRule()).containsExactly(1);
            assertThat(written.stringRows()).isOne();
        }
        assertThat(files.value()).isEqualTo(2);
        assertThat(ruleMatches.value()).isOne();
    }

    /** A file that lost bytes after the inputs were listed is named, with the length it was listed with. */
    @Test
    void evaluate_aFileShorterThanListed_failsNamingIt() throws IOException {
        String shrunk = file("shrunk.bin", "xyzabcd");
        try (FileEvaluation evaluation = evaluation()) {
            assertThatThrownBy(() -> evaluation.evaluate(shrunk, 100, List.of(new long[] {FileAtoms.hit(0, 3)})))
                    .isInstanceOf(UncheckedIOException.class).hasMessageContaining(shrunk
                            + " is shorter than the 100 bytes it had when the inputs were listed");
        }
    }
}
