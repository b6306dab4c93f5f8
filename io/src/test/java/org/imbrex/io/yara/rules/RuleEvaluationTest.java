package org.imbrex.io.yara.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
    private static final class Engine implements RuleEvaluation.StringMatches {
        private final boolean found;
        private final List<String> asked = new ArrayList<>();

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

    @Test
    void matches_globalRuleThatCannotHold_hidesItsNamespace() {
        String rules = "global rule g { strings: $x = \"abc\" condition: $x } rule d { condition: filesize == 6 }";

        assertThat(names(rules, new Engine(false))).isEmpty();
        assertThat(names(rules, new Engine(true))).containsExactly("n:g", "n:d");
    }
}
