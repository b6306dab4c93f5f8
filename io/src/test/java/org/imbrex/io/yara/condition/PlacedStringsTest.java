package org.imbrex.io.yara.condition;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link PlacedStrings}: which strings a condition asks about only as {@code $a at E}, and at which offsets. */
class PlacedStringsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "$a at pe.entry_point                                 | 0",
        "$a at 0 or not $b at filesize - 4                    | 0 1",
        "$a at 0 and #a > 1                                   | ",
        "$a at @b[1]                                          | 0",
        "$a at 0 and $b                                       | 0",
        "$a at 0 or $a in (0..10)                             | ",
        "any of them and $a at 0                              | ",
        "for any of ($a, $b) : ($ at 0)                       | ",
        "for any i in (0..3) : ($a at i)                      | 0",
        "$a at 0 and !a[1] == 3                               | ",
        "($a at 1 or $b at 2) and $c1 at uint32(0x3C)          | 0 1 2",
        "2 of ($b, $c1) or $a at 0                             | 0",
    })
    void placedStrings_areThoseUsedOnlyAtAnOffset(String condition, String expected) {
        List<Integer> placed = PlacedStrings.of(parse(condition)).stream().boxed().toList();
        List<Integer> wanted = expected == null ? List.of()
                : java.util.Arrays.stream(expected.trim().split(" ")).map(Integer::valueOf).toList();
        assertThat(placed).as(condition).isEqualTo(wanted);
    }

    @Test
    void offsets_areTheEsOfEachPlacedString_eachOnce() {
        var offsets = PlacedStrings.offsets(parse("$a at pe.entry_point or $a at 0 or $a at pe.entry_point "
                + "or $b at filesize - 4 or $c1 at 3 or #c1 == 2"));
        assertThat(offsets.keySet()).containsExactly(0, 1);
        assertThat(offsets.get(0)).hasSize(2);
        assertThat(offsets.get(1)).singleElement().isInstanceOf(Condition.Arithmetic.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "$a at pe.entry_point                  | true",
        "$a at filesize - uint32(0x3C) + 4     | true",
        "$a at @b[1]                           | false",
        "for any i in (0..3) : ($a at i)       | false",
    })
    void anOffsetIsFileConstant_whenItNamesNoStringRuleOrVariable(String condition, boolean constant) {
        var offsets = PlacedStrings.offsets(parse(condition));
        assertThat(offsets.get(0)).singleElement().satisfies(e -> assertThat(PlacedStrings.fileConstant(e))
                .as(condition).isEqualTo(constant));
    }

    /** Over {@link ConditionParserTest#SCOPE}'s strings: $a (0), $b (1), $c1 (2), $c2 (3). */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "$a at 5                                     | {0=5}",
        "$a at 2 + 3 and $a at 5                     | {0=5}",
        "$a at 5 or $a at 0                          | {}",
        "$a at filesize - 8                          | {}",
        "$a at 5 and #a > 0                          | {}",
        "$a at 0 and for any of ($b) : ($)           | {}",
        "$a at 8 and for any of ($b) : ($ at 8)      | {0=8}",
        "$a at 0 and for any of ($b) : ($ at 8)      | {}",
        "$a at 1 and $b at 2                         | {0=1, 1=2}",
    })
    void fixedOffsets_areYarasOneOffsetStrings(String condition, String expected) {
        assertThat(PlacedStrings.fixedOffsets(parse(condition), 2)).as(condition).hasToString(expected);
    }

    private static Condition parse(String condition) {
        return ConditionParserTest.parse(condition);
    }
}
