package org.imbrex.io.yara.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * {@link RuleOracle} against the answers {@code yara} 4.2.3 gave for every {@link RuleCorpus} case, as
 * {@link RuleCorpusRecorder} recorded them: every file of every case must give the same rules, in the
 * same order. A rule imbrex skips is left out of YARA's answer (and every rule of a namespace whose
 * global rule is skipped); every other rule must still agree. So that skipping cannot hide a difference,
 * every skip must have one of the reasons the corpus provokes, and fewer than a quarter of the rules may
 * be skipped.
 */
class RuleOracleYaraDifferentialTest {
    /** The skips the corpus provokes: a regex or xor string, and the rules that depend on such a rule. */
    private static final Pattern EXPECTED_SKIP = Pattern.compile(
            "string \\$\\w*: (regular expressions|xor)|refers to skipped rule |global rule \\w+ is skipped");

    @Test
    void oracle_everyRecordedCase_matchesYara() throws IOException {
        Map<String, String> recorded = recorded();
        assertThat(recorded).hasSize(RuleCorpus.CASES * RuleCorpus.FILES_PER_CASE);
        List<String> differences = new ArrayList<>();
        int reported = 0;
        int skippedTotal = 0;
        int rulesTotal = 0;
        for (long seed = 0; seed < RuleCorpus.CASES; seed++) {
            RuleCorpus.Case c = RuleCorpus.generate(seed);
            List<RuleFile> files = new ArrayList<>();
            Set<String> skipped = new HashSet<>();
            for (int i = 0; i < c.ruleFiles().size(); i++) {
                RuleFile file = RuleFileReader.read(c.namespaces().get(i), "case" + seed + "-" + i + ".yar",
                        c.ruleFiles().get(i));
                file.skipped().forEach(rule -> skipped.add(rule.namespace() + ":" + rule.rule()));
                file.skipped().stream().filter(rule -> !EXPECTED_SKIP.matcher(rule.reason()).lookingAt())
                        .forEach(rule -> differences.add("case " + c.seed() + ": " + rule.rule()
                                + " skipped for an unexpected reason: " + rule.reason()));
                skippedTotal += file.skipped().size();
                rulesTotal += file.rules().size();
                files.add(file);
            }
            for (int f = 0; f < c.files().size(); f++) {
                List<RuleMatch> matches = RuleOracle.matches(files, c.files().get(f));
                reported += matches.size();
                String imbrex = matches.stream().map(RuleMatch::qualifiedName).collect(Collectors.joining(" "));
                String yara = Arrays.stream(recorded.get(seed + "\t" + f).split(" "))
                        .filter(rule -> !rule.isEmpty() && !skipped.contains(rule)).collect(Collectors.joining(" "));
                if (!imbrex.equals(yara)) {
                    differences.add("case " + seed + " file " + f + ": yara [" + yara + "], imbrex [" + imbrex
                            + "]\n" + String.join("\n", c.ruleFiles()));
                }
            }
        }
        assertThat(reported).as("matches over all cases").isGreaterThan(1000);
        assertThat(skippedTotal).as("skipped rules over all cases").isGreaterThan(20)
                .isLessThan(rulesTotal / 4);
        assertThat(differences).as(differences.stream().limit(3).collect(Collectors.joining("\n"))).isEmpty();
    }

    @Test
    void corpus_sameSeed_sameCase() {
        RuleCorpus.Case a = RuleCorpus.generate(42);
        RuleCorpus.Case b = RuleCorpus.generate(42);
        assertThat(a.ruleFiles()).isEqualTo(b.ruleFiles());
        assertThat(a.files()).zipSatisfy(b.files(), (x, y) -> assertThat(x).isEqualTo(y));
    }

    private static Map<String, String> recorded() throws IOException {
        Map<String, String> recorded = new HashMap<>();
        try (InputStream in = RuleOracleYaraDifferentialTest.class.getResourceAsStream(
                "/yara/rules/yara-4.2.3-rules.tsv")) {
            assertThat(in).as("recorded yara output").isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t", -1);
                recorded.put(parts[0] + "\t" + parts[1], parts[2]);
            }
        }
        return recorded;
    }
}
