package org.imbrex.io.yara.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.stream.IntStream;
import org.imbrex.io.yara.strings.StringMatch;
import org.junit.jupiter.api.Test;

/**
 * {@link RuleEvaluation} with an engine that knows when no string can match ({@code mayMatch}): a rule whose
 * condition needs one of its strings is then false without their matches being looked up; rules that hold
 * without them are evaluated as before, and a global rule that cannot hold still hides its namespace.
 */
class RuleEvaluationTest {
    private static final byte[] DATA = "MZ-abc".getBytes(StandardCharsets.US_ASCII);

    /** Every string matches at 3 ({@code found}) or none does; {@code mayMatch} says which; records look-ups. */
    private static class Engine implements RuleEvaluation.StringMatches {
        private final boolean found;
        final List<String> asked = new ArrayList<>();

        Engine(boolean found) {
            this.found = found;
        }

        @Override
        public List<StringMatch> of(int index, YaraRule rule, int string) {
            asked.add(rule.name());
            return found ? List.of(new StringMatch(3, 3)) : List.of();
        }

        @Override
        public boolean mayMatch(int index, int string) {
            return found;
        }
    }

    private static List<String> names(String rules, Engine engine) {
        RuleFile file = RuleFileReader.read("n", "f.yar", rules);
        return RuleEvaluation.of(List.of(file)).matches(DATA, engine).stream()
                .map(m -> m.match().qualifiedName()).toList();
    }

    @Test
    void matches_rulesNeedingStringsThatCannotMatch_areFalseWithoutALookUp() {
        String rules = "rule a { strings: $x = \"abc\" condition: $x }"
                + " rule b { strings: $x = \"abc\" $y = \"MZ\" condition: $x or #y > 0 }"
                + " rule c { strings: $x = \"abc\" condition: not $x }"
                + " rule d { condition: filesize == 6 }";
        Engine none = new Engine(false);
        Engine all = new Engine(true);

        // a and b need a string; c holds without one (no gate), d has none
        assertThat(names(rules, none)).containsExactly("n:c", "n:d");
        assertThat(none.asked).containsExactly("c");
        assertThat(names(rules, all)).containsExactly("n:a", "n:b", "n:d");
        assertThat(all.asked).contains("a", "b", "c");
    }

    /**
     * Every string matches, but only the rules of {@code candidates} may match ({@code candidates()}); records the
     * rules {@code mayMatch} is asked about.
     */
    private static final class CandidateEngine extends Engine {
        private final BitSet candidates;
        private final List<Integer> mayMatchAsked = new ArrayList<>();

        CandidateEngine(int... candidates) {
            super(true);
            this.candidates = new BitSet();
            IntStream.of(candidates).forEach(this.candidates::set);
        }

        @Override
        public boolean mayMatch(int index, int string) {
            mayMatchAsked.add(index);
            return candidates.get(index);
        }

        @Override
        public BitSet candidates() {
            return candidates;
        }
    }

    @Test
    void matches_gatedRulesOutsideTheCandidates_areNotLookedAt_andRulesWithoutAGateAre() {
        String rules = "rule a { strings: $x = \"abc\" condition: $x }"
                + " rule b { strings: $x = \"abc\" condition: $x }"
                + " rule c { strings: $x = \"abc\" condition: not $x }"
                + " rule d { strings: $x = \"abc\" condition: $x and filesize == 6 }";
        CandidateEngine onlyB = new CandidateEngine(1);

        // a and d are gated and no candidates; c has no gate, so it is evaluated (its string looked up)
        assertThat(names(rules, onlyB)).containsExactly("n:b");
        assertThat(onlyB.asked).containsExactly("b", "c");
        assertThat(onlyB.mayMatchAsked).containsOnly(1);
        CandidateEngine aAndD = new CandidateEngine(0, 3);
        assertThat(names(rules, aAndD)).containsExactly("n:a", "n:d");
        assertThat(aAndD.asked).containsExactly("a", "c", "d");
        assertThat(aAndD.mayMatchAsked).containsOnly(0, 3);
    }

    @Test
    void matches_aGatedGlobalRuleOutsideTheCandidates_hidesItsNamespaceOnly() {
        RuleFile first = RuleFileReader.read("n", "f.yar", "rule d { condition: filesize == 6 }"
                + " global rule g { strings: $x = \"abc\" condition: $x }");
        RuleFile second = RuleFileReader.read("m", "g.yar", "rule e { strings: $x = \"abc\" condition: $x }");
        RuleEvaluation evaluation = RuleEvaluation.of(List.of(first, second));

        // n:d comes before the global rule, and is hidden all the same, as YARA hides it; nothing of n is asked
        CandidateEngine onlyE = new CandidateEngine(2);
        assertThat(evaluation.matches(DATA, onlyE)).extracting(m -> m.match().qualifiedName())
                .containsExactly("m:e");
        assertThat(onlyE.mayMatchAsked).containsOnly(2);
        assertThat(onlyE.asked).containsExactly("e");
        assertThat(evaluation.matches(DATA, new CandidateEngine(1, 2))).extracting(m -> m.match().qualifiedName())
                .containsExactly("n:d", "n:g", "m:e");
    }

    /** Records the offsets a placed string is asked at; every string matches wherever it is asked. */
    private static final class PlacedEngine extends Engine {
        private final List<Long> askedAt = new ArrayList<>();

        PlacedEngine() {
            super(true);
        }

        @Override
        public StringMatch matchAt(int index, YaraRule rule, int string, long offset) {
            askedAt.add(offset);
            return new StringMatch((int) offset, 1);
        }
    }

    @Test
    void matches_rulesOfStringsAtTheEntryPoint_areFalseWithoutALookUpInAFileWithoutAPeHeader() {
        String rules = "import \"pe\" rule p { strings: $a = { 55 } condition: $a at pe.entry_point }"
                + " rule q { strings: $a = { 55 } $b = { 56 } condition: $a at pe.entry_point or $b at pe.entry_point }"
                + " rule d { condition: filesize > 0 }";
        RuleEvaluation evaluation = RuleEvaluation.of(List.of(RuleFileReader.read("n", "f.yar", rules)));

        PlacedEngine notPe = new PlacedEngine();
        assertThat(evaluation.matches(DATA, notPe)).extracting(m -> m.match().qualifiedName()).containsExactly("n:d");
        assertThat(notPe.askedAt).isEmpty();
        PlacedEngine pe = new PlacedEngine();
        assertThat(evaluation.matches(RuleCorpus.minimalPe(7), pe)).extracting(m -> m.match().qualifiedName())
                .containsExactly("n:p", "n:q", "n:d");
        assertThat(pe.askedAt).contains(0x207L);
        // a global rule among them hides its namespace in a file without a PE header
        RuleEvaluation global = RuleEvaluation.of(List.of(RuleFileReader.read("n", "f.yar", rules.replace(
                "rule q", "global rule q"))));
        assertThat(global.matches(DATA, new PlacedEngine())).isEmpty();
        assertThat(global.matches(RuleCorpus.minimalPe(7), new PlacedEngine())).hasSize(3);
    }

    @Test
    void matches_globalRuleThatCannotHold_hidesItsNamespace() {
        String rules = "global rule g { strings: $x = \"abc\" condition: $x } rule d { condition: filesize == 6 }";

        assertThat(names(rules, new Engine(false))).isEmpty();
        assertThat(names(rules, new Engine(true))).containsExactly("n:g", "n:d");
    }
}
