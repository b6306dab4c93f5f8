package org.imbrex.io.yara.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.imbrex.io.yara.condition.ConditionEvaluator.UNDEFINED;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ConditionEvaluator} on one small file, each expectation checked with {@code /usr/bin/yara} 4.2.3
 * (a rule matches when the value is defined and not 0; {@code U} below is undefined).
 * <pre>
 *   offset   0         1         2
 *            012345678901234567890
 *   file     xxabcxxabcyyAB....end      .... = 01 02 03 04
 *   $a abc     ^    ^                   matches (2,3) (7,3)
 *   $b AB                ^              match  (12,2)
 *   $c zzz                              no match
 * </pre>
 */
class ConditionEvaluatorTest {
    private static final ConditionScope SCOPE = new ConditionScope("r.yar", 1, 1, List.of("$a", "$b", "$c"),
            List.of("yes", "no"), Set.of("pe"));
    private static final byte[] FILE = "xxabcxxabcyyAB\u0001\u0002\u0003\u0004end".getBytes(StandardCharsets.ISO_8859_1);

    private static long value(String condition) {
        ParsedCondition parsed = ConditionParser.parse(condition, SCOPE);
        assertThat(parsed).as(condition).isInstanceOf(ParsedCondition.Supported.class);
        InMemoryFacts facts = new InMemoryFacts(FILE, List.of("abc", "AB", "zzz"), Set.of("yes"));
        facts.with("pe.sections[0].name", new ModuleValue.Text(".text".getBytes(StandardCharsets.US_ASCII)));
        return ConditionEvaluator.value(((ParsedCondition.Supported) parsed).condition(), facts);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "filesize;                      21",
            "#a;                            2",
            "@a[2];                         7",
            "@a;                            2",
            "!b;                            2",
            "@a[3];                         U",
            "@a[0];                         U",
            "@c;                            U",
            "uint32(14);                    67305985",
            "uint32be(14);                  16909060",
            "int8(0x10);                    3",
            "uint16(20);                    U",
            "uint32(filesize);              U",
            "int8(-1);                      U",
            "uint8(@c);                     U",
            "pe.is_pe;                      0",
            "pe.entry_point;                U",
            "pe.sections[@c].name == \"x\"; U",
            "7 \\ (filesize - 21);          U",
            "7 % (filesize - 21);           U",
            "-7 \\ 2;                       -3",
            "-7 % 2;                        -1",
            "1 << (filesize - 22);          U",
            "1 << 64;                       0",
            "-8 >> (filesize + 43);         0",
            "-8 >> 1;                       -4",
            "9223372036854775807 + filesize - 20; -9223372036854775808",
            "@c + 1;                        U",
            "-@c;                           U",
            "~@c;                           U",
            "@c == 1;                       U",
            "@c != 1;                       U",
            "not @c == 1;                   U",
            "defined (@c == 1);             0",
            "defined @a;                    1",
            "@c == 1 or true;               1",
            "@c == 1 and true;              0",
            "not (@c == 1 and true);        1",
            "5 or false;                    5",
            "0 or 5;                        1",
            "\"abc\";                       1",
            "\"\";                          0",
            "\"\\x80\" < \"a\";             1",
            "\"ab\" > \"a\";                1",
            "yes and not no;                1",
            "$a at 7;                       1",
            "$a at 3;                       0",
            "$a at @c;                      0",
            "$a in (3..7);                  1",
            "$a in (3..6);                  0",
            "$a in (0..@c);                 U",
            "#a in (0..6);                  1",
            "#a in (0..@c);                 U"})
    void value_ofExpression_isYaras(String condition, String expected) {
        assertThat(value(condition)).as(condition)
                .isEqualTo(expected.equals("U") ? UNDEFINED : Long.parseLong(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "any of them;                   1",
            "all of them;                   0",
            "none of ($c);                  1",
            "0 of ($a, $c);                 0",
            "-1 of ($c);                    1",
            "@c of ($a, $b);                1",
            "@c of ($a, $c);                0",
            "2 of ($a, $a);                 1",
            "50% of ($a, $c);               1",
            "51% of ($a, $c);               0",
            "66% of them;                   1",
            "67% of them;                   0",
            "@c% of ($a);                   U",
            "2 of ($a, $b) in (0..7);       0",
            "2 of ($a, $b) in (0..12);      1",
            "all of them in (0..@c);        U",
            "any of (yes, no);              1",
            "all of (yes, no);              0",
            "50% of (yes, no);              1"})
    void value_ofSets_isYaras(String condition, String expected) {
        assertThat(value(condition)).as(condition)
                .isEqualTo(expected.equals("U") ? UNDEFINED : Long.parseLong(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "for any i in (1..0) : (true);          0",
            "for all i in (1..0) : (true);          0",
            "for none i in (1..0) : (true);         0",
            "for all i in (1..@c) : (true);         0",
            "for all i in (@c..1) : (true);         0",
            "not for any i in (1..@c) : (true);     1",
            "for none i in (1..3) : (i == 1);       1",
            "for none i in (1..3) : (i == 5);       1",
            "for 5 i in (1..3) : (i);               1",
            "for 7 i in (1..3) : (i);               0",
            "for all i in (1..3) : (i - 1);         1",
            "for 1 i in (0..1) : (1 - 3 * i);       1",
            "for 10 i in (1..2) : (i * 5 or false); 1",
            "for 10 i in (1..2) : (i * 5 and true); 0",
            "for @c i in (1..2) : (i == 1);         0",
            "for @c i in (1..2) : (true);           1",
            "for all i in (1, 2, @c) : (i < 3);     0",
            "for 2 i in (1, 2, @c) : (i < 3);       1",
            "for all i in (1..2) : (@c == i);       0",
            "for all i in (1..#a) : (@a[i] > 1);    1",
            "for any of ($a) : (@ == 2);            1",
            "for any of ($a) : (# == 2 and @[2] == 7 and ! == 3); 1",
            "for all of ($a, $b) : ($);             1",
            "for all of them : ($);                 0",
            "for none of ($a, $b) : ($);            1",
            "for 3 of ($a, $b) : (#);               1",
            "for 4 of ($a, $b) : (#);               0",
            "for any of ($a, $b) : (for all i in (1..#) : (@[i] > 1)); 1"})
    void value_ofLoops_isYaras(String condition, String expected) {
        assertThat(value(condition)).as(condition).isEqualTo(Long.parseLong(expected));
    }

    @Test
    void value_ofModuleText_comparesTheFactsBytes() {
        // Not a YARA recording: the facts plant a section name that the file's pe module would not have.
        assertThat(value("pe.sections[0].name == \".text\"")).isEqualTo(1);
        assertThat(value("pe.sections[0].name")).isEqualTo(1);
        assertThat(value("pe.sections[1].name == \".text\"")).isEqualTo(UNDEFINED);
    }

    @Test
    void matches_undefinedOrZero_isNoMatch() {
        InMemoryFacts facts = new InMemoryFacts(FILE, List.of("abc", "AB", "zzz"), Set.of());
        Condition undefined = ConditionParserTest.parse("@a[9] == 1");
        assertThat(ConditionEvaluator.matches(undefined, facts)).isFalse();
        assertThat(ConditionEvaluator.matches(ConditionParserTest.parse("filesize"), facts)).isTrue();
    }

    @Test
    void readInteger_signedAndEndianness_asYaraReads() {
        byte[] data = {(byte) 0xFF, (byte) 0x80, 0x01, 0x02};
        assertThat(FileFacts.readInteger(data, 0, 1, false, true)).isEqualTo(-1);
        assertThat(FileFacts.readInteger(data, 0, 2, false, false)).isEqualTo(0x80FF);
        assertThat(FileFacts.readInteger(data, 0, 2, true, true)).isEqualTo((short) 0xFF80);
        assertThat(FileFacts.readInteger(data, 0, 4, true, false)).isEqualTo(0xFF800102L);
        assertThat(FileFacts.readInteger(data, 1, 4, false, false)).isEqualTo(UNDEFINED);
    }
}
