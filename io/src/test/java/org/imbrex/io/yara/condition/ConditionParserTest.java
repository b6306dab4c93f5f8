package org.imbrex.io.yara.condition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import org.imbrex.io.signature.SignatureFormatException;
import org.imbrex.io.yara.condition.Condition.And;
import org.imbrex.io.yara.condition.Condition.Arithmetic;
import org.imbrex.io.yara.condition.Condition.Compare;
import org.imbrex.io.yara.condition.Condition.Comparison;
import org.imbrex.io.yara.condition.Condition.IntegerLiteral;
import org.imbrex.io.yara.condition.Condition.Not;
import org.imbrex.io.yara.condition.Condition.Operator;
import org.imbrex.io.yara.condition.Condition.Or;
import org.imbrex.io.yara.condition.Condition.StringFound;
import org.imbrex.io.yara.condition.Condition.StringRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link ConditionParser}: trees, YARA's precedence, its compile-time errors, and what imbrex skips. */
class ConditionParserTest {
    static final ConditionScope SCOPE = new ConditionScope("r.yar", 3, 16, List.of("$a", "$b", "$c1", "$c2", "$"),
            List.of("first", "second"), Set.of("pe", "math"));
    private static final StringRef A = new StringRef("$a", 0);
    private static final StringRef B = new StringRef("$b", 1);

    static Condition parse(String text) {
        ParsedCondition parsed = ConditionParser.parse(text, SCOPE);
        assertThat(parsed).as(text).isInstanceOf(ParsedCondition.Supported.class);
        return ((ParsedCondition.Supported) parsed).condition();
    }

    private static IntegerLiteral n(long value) {
        return new IntegerLiteral(value);
    }

    @Test
    void parse_orAndNot_bindLoosestToTightest() {
        assertThat(parse("not $a and $b or $a")).isEqualTo(
                new Or(new And(new Not(new StringFound(A)), new StringFound(B)), new StringFound(A)));
        assertThat(parse("$a or $b and $a")).isEqualTo(
                new Or(new StringFound(A), new And(new StringFound(B), new StringFound(A))));
    }

    @Test
    void parse_notOverComparison_negatesTheComparison() {
        assertThat(parse("not 1 == 2")).isEqualTo(new Not(new Compare(Comparison.EQ, n(1), n(2))));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "1 | 6 ^ 3;            1 | (6 ^ 3)",
            "6 ^ 3 & 1;            6 ^ (3 & 1)",
            "6 & 3 << 1;           6 & (3 << 1)",
            "1 << 2 + 1;           1 << (2 + 1)",
            "1 + 2 * 3;            1 + (2 * 3)",
            "7 - 2 - 1;            (7 - 2) - 1",
            "8 \\ 2 % 3;           (8 \\ 2) % 3",
            "-2 * 3;               (-2) * 3",
            "~1 + 1;               (~1) + 1"})
    void parse_arithmetic_followsYaraPrecedence(String written, String parenthesized) {
        assertThat(parse(written + " == 0")).isEqualTo(parse(parenthesized + " == 0"));
    }

    @Test
    void parse_literals_haveTheirValues() {
        assertThat(parse("0x1F + 0o17 + 2KB + 1MB == 0")).isEqualTo(new Compare(Comparison.EQ,
                new Arithmetic(Operator.ADD, new Arithmetic(Operator.ADD, new Arithmetic(Operator.ADD, n(31), n(15)),
                        n(2048)), n(1048576)), n(0)));
        assertThat(parse("\"a\\x41\\t\\\"\" == \"b\"")).isEqualTo(new Compare(Comparison.EQ,
                new Condition.TextLiteral("aA\t\""), new Condition.TextLiteral("b")));
    }

    @Test
    void parse_stringForms_giveTheirNodes() {
        assertThat(parse("$a at 1 + 1")).isEqualTo(new Condition.StringAt(A,
                new Arithmetic(Operator.ADD, n(1), n(1))));
        assertThat(parse("$b in (0..filesize)")).isEqualTo(new Condition.StringIn(B,
                new Condition.Range(n(0), new Condition.FileSize())));
        assertThat(parse("@a == !a[2]")).isEqualTo(new Compare(Comparison.EQ, new Condition.StringOffset(A, n(1)),
                new Condition.StringLength(A, n(2))));
        assertThat(parse("#a in (0..9) == 1")).isEqualTo(new Compare(Comparison.EQ,
                new Condition.StringCountIn(A, new Condition.Range(n(0), n(9))), n(1)));
        assertThat(parse("uint16be(0) == 0x4D5A")).isEqualTo(new Compare(Comparison.EQ,
                new Condition.ReadInteger(2, false, true, n(0)), n(0x4D5A)));
    }

    /** Every integer read of the file: its width, sign and byte order come from its name. */
    @ParameterizedTest
    @CsvSource({"int8, 1, true, false", "int16, 2, true, false", "int32, 4, true, false",
        "int8be, 1, true, true", "int16be, 2, true, true", "int32be, 4, true, true",
        "uint8, 1, false, false", "uint16, 2, false, false", "uint32, 4, false, false",
        "uint8be, 1, false, true", "uint16be, 2, false, true", "uint32be, 4, false, true"})
    void parse_integerReads_takeWidthSignAndOrderFromTheName(String name, int bytes, boolean signed,
            boolean bigEndian) {
        assertThat(parse(name + "(0x3C) == 7")).isEqualTo(new Compare(Comparison.EQ,
                new Condition.ReadInteger(bytes, signed, bigEndian, n(0x3C)), n(7)));
    }

    @Test
    void parse_sets_expandWildcardsInDeclarationOrder() {
        StringRef c1 = new StringRef("$c1", 2);
        StringRef c2 = new StringRef("$c2", 3);
        assertThat(parse("2 of ($c*, $a)")).isEqualTo(new Condition.StringsOf(new Condition.AtLeast(n(2)),
                List.of(c1, c2, A)));
        assertThat(parse("all of them")).isEqualTo(new Condition.StringsOf(new Condition.All(),
                List.of(A, B, c1, c2, new StringRef("$", 4))));
        assertThat(parse("50% of ($a, $b)")).isEqualTo(new Condition.StringsPercentOf(n(50), List.of(A, B)));
        assertThat(parse("none of ($a) in (0..10)")).isEqualTo(new Condition.StringsOfIn(new Condition.None(),
                List.of(A), new Condition.Range(n(0), n(10))));
        assertThat(parse("any of (f*, second)")).isEqualTo(new Condition.RulesOf(new Condition.Any(),
                List.of("first", "second")));
    }

    @Test
    void parse_anonymousInSet_namesEveryAnonymousString() {
        // YARA 4.2.3: with $ = "abc" $b = "AB" $ = "zzz", 'any of ($)' and '1 of ($, $)' match "xxabc".
        ConditionScope anonymous = ConditionScope.of("r.yar", List.of("$", "$b", "$"), List.of(), Set.of());
        ParsedCondition parsed = ConditionParser.parse("any of ($)", anonymous);
        assertThat(parsed).isEqualTo(new ParsedCondition.Supported(new Condition.StringsOf(new Condition.Any(),
                List.of(new StringRef("$", 0), new StringRef("$", 2)))));
    }

    @Test
    void parse_loops_giveDepthsAndCurrentString() {
        assertThat(parse("for all i in (1..2) : (for any j in (i, 3) : (i == j))")).isEqualTo(
                new Condition.ForIn(new Condition.All(), "i", 0,
                        new Condition.RangeIteration(new Condition.Range(n(1), n(2))),
                        new Condition.ForIn(new Condition.Any(), "j", 1,
                                new Condition.ListIteration(List.of(new Condition.Variable("i", 0), n(3))),
                                new Compare(Comparison.EQ, new Condition.Variable("i", 0),
                                        new Condition.Variable("j", 1)))));
        assertThat(parse("for any of ($a) : (# > 1)")).isEqualTo(new Condition.ForOf(new Condition.Any(),
                List.of(A), new Compare(Comparison.GT, new Condition.StringCount(StringRef.CURRENT), n(1))));
    }

    @Test
    void parse_ruleAndModuleIdentifiers_areResolved() {
        assertThat(parse("first and pe.sections[1].name == \".text\"")).isEqualTo(new And(
                new Condition.RuleReference("first"), new Compare(Comparison.EQ,
                        new Condition.ModuleField("pe", List.of(new Condition.FieldStep("sections", n(1)),
                                new Condition.FieldStep("name", null)), Condition.FieldType.TEXT),
                        new Condition.TextLiteral(".text"))));
    }

    @Test
    void parse_parenthesizedPrimary_goesOnAsPrimary() {
        assertThat(parse("(1 + 2) * 3 == 9")).isEqualTo(parse("((1 + 2) * 3) == 9"));
        assertThat(parse("(2) of them")).isEqualTo(parse("2 of them"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "$x;                      3:16: undefined string \"$x\"",
            "#x == 1;                 3:16: undefined string \"$x\"",
            "any of ($x*);            3:24: undefined string \"$x*\"",
            "foo;                     3:16: undefined identifier \"foo\"",
            "any of (third);          3:24: undefined identifier \"third\"",
            "any of (t*);             3:24: undefined identifier \"t\"",
            "$;                       3:16: wrong use of anonymous string",
            "\"a\" == 1;              3:20: type mismatch",
            "1 + \"a\" == 2;          3:18: type mismatch",
            "first + 1 == 2;          3:22: type mismatch",
            "$a at \"x\";             3:19: wrong type \"string\" for at operator",
            "\"a\" & 1 == 1;          3:20: wrong type \"string\" for ^ operator",
            "50 % 0 == 1;             3:19: division by zero",
            "1 \\ (2 - 2) == 1;       3:18: division by zero",
            "1 << -1 == 1;            3:18: invalid operand",
            "9223372036854775807 + 1 == 0; 3:36: integer overflow in \"9223372036854775807 + 1\"",
            "9223372036854775808 == 0; 3:16: integer overflow in \"9223372036854775808\"",
            "101% of them;            3:19: percentage must be between 1 and 100 (inclusive)",
            "0% of them;              3:17: percentage must be between 1 and 100 (inclusive)",
            "1 == 1 == 1;             3:23: syntax error, unexpected '=='",
            "$a at 1 == 2;            3:24: syntax error, unexpected '=='",
            "1 + 50 % of them;        3:25: syntax error, unexpected 'of'",
            "true and;                3:24: syntax error, unexpected end of condition",
            "(1 == 1) + 1;            3:25: syntax error, unexpected '+'",
            "\"\\q\";                 3:17: illegal escape sequence",
            "\"abc;                   3:16: unterminated string",
            "for any i in (1..2) : (for any i in (1..2) : (true)); 3:47: duplicated loop identifier \"i\"",
            "for any of ($a) : (for any of ($b) : ($)); 3:35: 'for <quantifier> of <string set>' loops can't be nested",
            "for any i, j in (1..2) : (true); 3:32: iterator yields an integer on each iteration , but the loop expects 2",
            "pe.foo(1) or pe;         3:29: wrong usage of identifier \"pe\"",
            "pe.sections[0] == 1;     3:16: wrong usage of identifier \"sections\"",
            "pe.is_pe[0] == 1;        3:16: \"is_pe\" is not an array or dictionary",
            "for any s in first : (true); 3:29: identifier \"first\" is not iterable"})
    void parse_whatYaraRefuses_throwsWithPlace(String condition, String message) {
        assertThatThrownBy(() -> ConditionParser.parse(condition, SCOPE))
                .isInstanceOf(SignatureFormatException.class)
                .hasMessage("r.yar:" + message);
    }

    @Test
    void parse_loopsDeeperThanFour_throw() {
        String four = "for any a in (1..2) : (for any b in (1..2) : (for any c in (1..2) : (for any d in (1..2) : (%s))))";
        assertThat(parse(String.format(four, "true"))).isNotNull();
        assertThatThrownBy(() -> ConditionParser.parse(String.format(four, "for any e in (1..2) : (true)"), SCOPE))
                .hasMessageEndingWith("loop nesting limit exceeded");
    }

    @Test
    void parse_errorOnLaterLine_countsLinesFromTheScope() {
        assertThatThrownBy(() -> ConditionParser.parse("$a and\n    $zz", SCOPE))
                .isInstanceOf(SignatureFormatException.class)
                .hasMessage("r.yar:4:5: undefined string \"$zz\"");
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "math.entropy(0, filesize) > 7;  3:16: module 'math' is not supported: imbrex evaluates only the pe module",
            "pe.exports(\"x\");              3:16: function pe.exports() of the pe module is not supported",
            "pe.number_of_resources == 1;    3:16: pe field pe.number_of_resources is not supported",
            "pe.sections[0].characteristics == 1; 3:16: pe field pe.sections[..].characteristics is not supported",
            "pe.entry_point == 0 and \"a\" matches /a+/; 3:52: regular expression /a+/ is not supported",
            "\"abc\" contains \"b\";           3:22: the 'contains' operator is not supported",
            "filesize > 1.5;                 3:27: floating-point number 1.5 is not supported",
            "entrypoint == 0;                3:16: 'entrypoint' is not supported (deprecated in YARA): use pe.entry_point",
            "for any s in pe.sections : (true); 3:29: iterating over module pe is not supported",
            "#a in (1..10) == 1;             3:22: '#a in (A..B)' is supported only with A = 0: YARA 4.2.3 fails the scan with an internal error (31) when A is not 0"})
    void parse_whatImbrexSkips_isUnsupportedWithPlace(String condition, String message) {
        ParsedCondition parsed = ConditionParser.parse(condition, SCOPE);
        assertThat(parsed).isInstanceOf(ParsedCondition.Unsupported.class);
        assertThat(((ParsedCondition.Unsupported) parsed).message("r.yar")).isEqualTo("r.yar:" + message);
    }

    @Test
    void parse_unsupportedThenError_throws() {
        assertThatThrownBy(() -> ConditionParser.parse("math.x(1) and $zz", SCOPE))
                .hasMessage("r.yar:3:30: undefined string \"$zz\"");
    }

    @Test
    void parse_percentOfAtExpressionStart_isPercentNotModulo() {
        assertThat(parse("2 * 50 % of them")).isEqualTo(new Condition.StringsPercentOf(
                new Arithmetic(Operator.MULTIPLY, n(2), n(50)), parse("all of them") instanceof Condition.StringsOf s
                        ? s.strings() : List.of()));
        assertThat(parse("7 % 2 == 1")).isEqualTo(new Compare(Comparison.EQ,
                new Arithmetic(Operator.MODULO, n(7), n(2)), n(1)));
    }
}
