package org.imbrex.io.yara.condition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link StringGate}: the strings a condition cannot hold without. Strings of {@link ConditionParserTest#SCOPE}:
 * 0 $a, 1 $b, 2 $c1, 3 $c2, 4 $.
 */
class StringGateTest {

    /** A file where no string matches; whatever else a condition reads is there and true. */
    private static final FileFacts NOTHING_FOUND = new FileFacts() {
        @Override
        public long fileSize() {
            return 100;
        }

        @Override
        public List<StringMatch> matches(int string) {
            return List.of();
        }

        @Override
        public long readInteger(long offset, int bytes, boolean bigEndian, boolean signed) {
            return 0x5A4D;
        }

        @Override
        public ModuleValue moduleValue(String path, long[] indexes) {
            return new ModuleValue.Integer(0);
        }

        @Override
        public boolean ruleMatched(String rule) {
            return true;
        }
    };

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "$a; 0",
        "$b at 0; 1",
        "$a in (0..filesize); 0",
        "#b; 1",
        "#a > 0; 0",
        "#a > 2; 0",
        "#a >= 1; 0",
        "#a == 3; 0",
        "#a in (0..10) > 0; 0",
        "any of them; 0 1 2 3 4",
        "all of ($c*); 2 3",
        "2 of ($a, $b); 0 1",
        "1 of ($a, $b) in (0..50); 0 1",
        "uint16(0) == 0x5A4D and any of ($a, $b); 0 1",
        "$a and $b; 0",
        "filesize < 10 and $b; 1",
        "$a or $b; 0 1",
        "$a or ($b and filesize > 3); 0 1",
    })
    void of_conditionNeedingAString_isThatSet_andIsFalseWhenNoneMatch(String condition, String expected) {
        Condition parsed = ConditionParserTest.parse(condition);
        int[] set = Arrays.stream(expected.split(" ")).mapToInt(Integer::parseInt).toArray();

        assertThat(StringGate.of(parsed)).as(condition).hasValueSatisfying(gate -> assertThat(gate).containsExactly(set));
        assertThat(ConditionEvaluator.matches(parsed, NOTHING_FOUND)).as(condition).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "not $a",
        "none of them",
        "0 of them",
        "#a == 0",
        "#a >= 0",
        "#a < 2",
        "filesize < 1000",
        "uint16(0) == 0x5A4D",
        "$a or filesize > 3",
        "50% of them",
        "for any of them : ( # == 0 )",
        "first",
        "true",
        "defined $a",
    })
    void of_conditionThatMayHoldWithoutAString_hasNoSet(String condition) {
        assertThat(StringGate.of(ConditionParserTest.parse(condition))).as(condition).isEmpty();
    }
}
