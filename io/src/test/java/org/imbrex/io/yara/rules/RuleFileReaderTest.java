package org.imbrex.io.yara.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.imbrex.io.signature.SignatureFormatException;
import org.imbrex.io.yara.condition.ParsedCondition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The constructs of a rule file and YARA 4.2.3's refusals, each message checked with {@code /usr/bin/yara}. */
class RuleFileReaderTest {

    private static RuleFile read(String text) {
        return RuleFileReader.read("ns", "f.yar", text);
    }

    @Test
    void read_fullRule_keepsEveryPart() {
        RuleFile file = read("""
                import "pe"
                // a comment
                global private rule mz : pe header {
                    meta:
                        author = "a\\x41\\"" version = -0x10 ok = true no = false
                    strings:
                        $a = "MZ" wide /* block */
                        $ = { 4D 5A }
                    condition:
                        $a at 0 and any of them and pe.is_pe
                }
                """);
        assertThat(file.namespace()).isEqualTo("ns");
        assertThat(file.imports()).containsExactly("pe");
        YaraRule rule = file.rules().get(0);
        assertThat(rule.name()).isEqualTo("mz");
        assertThat(rule.global()).isTrue();
        assertThat(rule.isPrivate()).isTrue();
        assertThat(rule.tags()).containsExactly("pe", "header");
        assertThat(rule.meta()).containsExactly(new YaraRule.Meta("author", "aA\""),
                new YaraRule.Meta("version", -16L), new YaraRule.Meta("ok", true), new YaraRule.Meta("no", false));
        assertThat(rule.strings()).extracting(s -> s.identifier()).containsExactly("a", "");
        assertThat(rule.condition()).isInstanceOf(ParsedCondition.Supported.class);
        assertThat(rule.line()).isEqualTo(3);
        assertThat(rule.namespace()).isEqualTo("ns");
        assertThat(file.skipped()).isEmpty();
        assertThat(file.runnable()).containsExactly(rule);
    }

    @Test
    void read_braceInsideConditionText_isNotTheEnd() {
        RuleFile file = read("rule a { condition: \"}\" == \"}\" } rule b { condition: a }");
        assertThat(file.rules()).extracting(YaraRule::name).containsExactly("a", "b");
    }

    @Test
    void read_braceInsideRegularExpressionOrComment_isNotTheEnd() {
        RuleFile file = read("rule a { condition: \"x}\" matches /}/ }\nrule b { condition: true // }\n}\n"
                + "rule c { condition: /* } */ true }");
        assertThat(file.rules()).extracting(YaraRule::name).containsExactly("a", "b", "c");
        assertThat(file.skipped()).extracting(SkippedRule::rule).containsExactly("a");
    }

    @Test
    void read_ruleReferenceAndTagsWithoutMetaOrStrings_areKept() {
        RuleFile file = read("rule a { condition: true }\nrule b : x { condition: a and not a }");
        assertThat(file.rules().get(1).tags()).containsExactly("x");
        assertThat(file.rules().get(1).line()).isEqualTo(2);
    }

    @Test
    void read_include_isAWarningNotFollowed() {
        RuleFile file = read("rule a { condition: true }\n  include \"common.yar\"\n");
        assertThat(file.includes()).containsExactly(new IncludeWarning("common.yar", 2, 3));
        assertThat(file.includes().get(0).message("f.yar")).isEqualTo("f.yar:2:3: include \"common.yar\" is not followed");
    }

    @Test
    void read_twoArguments_namespaceIsTheFileName() {
        assertThat(RuleFileReader.read("a.yar", "rule r { condition: true }").namespace()).isEqualTo("a.yar");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "rule a { condition: true } rule a { condition: true }| f.yar:1:33: duplicated identifier \"a\"",
        "rule a { strings: $a = \"abc\" $a = \"y\" condition: $a }| f.yar:1:30: duplicated string identifier \"$a\"",
        "rule a { strings: $a = \"x\" $b = \"y\" condition: $a }| f.yar:1:28: unreferenced string \"$b\"",
        "rule a { strings: $a = \"x\" $_b = \"y\" condition: $a }| f.yar:1:28: unreferenced string \"$_b\"",
        "rule a { strings: $a = \"x\" $ = \"y\" condition: $a }| f.yar:1:28: unreferenced string \"$\"",
        "rule a { strings: $ab = \"x\" $b = \"y\" condition: any of ($a*) }| f.yar:1:29: unreferenced string \"$b\"",
        "rule a { strings: $a = \"x\" condition: true }| f.yar:1:19: unreferenced string \"$a\"",
        "rule a { condition: b } rule b { condition: true }| f.yar:1:21: undefined identifier \"b\"",
        "import \"foo\" rule a { condition: true }| f.yar:1:1: unknown module \"foo\"",
        "rule a : t t { condition: true }| f.yar:1:12: duplicated tag identifier \"t\"",
        "rule and { condition: true }| f.yar:1:6: syntax error, unexpected keyword 'and', expecting a rule name",
        "rule uint8 { condition: true }| f.yar:1:6: syntax error, unexpected keyword 'uint8', expecting a rule name",
        "rule a { condition: true } garbage| f.yar:1:28: syntax error, unexpected 'garbage', expecting import, include or rule",
        "rule a { condition: true| f.yar:1:25: syntax error, unexpected end of file, expecting '}'",
        "rule a condition: true }| f.yar:1:8: syntax error, unexpected 'c', expecting '{'",
        "rule a { strings: condition: true }| f.yar:1:19: syntax error, expecting a string definition after strings:",
        "rule a { meta: x = y condition: true }| f.yar:1:20: syntax error, expecting a meta value: \"text\", a number, true or false",
        "rule a { strings: $a = \"x\" }| f.yar:1:28: syntax error, unexpected '}', expecting condition:",
        "rule a { strings: $a = \"x\" wide wide condition: $a }| f.yar:1:33: duplicated modifier",
    })
    void read_whatYaraRefuses_isRefusedWithYarasReason(String text, String message) {
        assertThatThrownBy(() -> read(text)).isInstanceOf(SignatureFormatException.class).hasMessage(message);
    }

    @Test
    void read_themWithoutStrings_isRefused() {
        assertThatThrownBy(() -> read("rule a { condition: any of them }"))
                .isInstanceOf(SignatureFormatException.class).hasMessageContaining("undefined string");
    }

    @Test
    void read_regularExpressionString_skipsThatRuleOnly() {
        RuleFile file = read("rule a { strings: $r = /ab+c/ condition: $r }\nrule b { condition: true }");
        assertThat(file.skipped()).singleElement().satisfies(skipped -> {
            assertThat(skipped.rule()).isEqualTo("a");
            assertThat(skipped.line()).isEqualTo(1);
            assertThat(skipped.namespace()).isEqualTo("ns");
            assertThat(skipped.reason()).startsWith("string $r: regular expressions are not supported");
        });
        assertThat(file.runnable()).extracting(YaraRule::name).containsExactly("b");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "xor|string $a: xor is not supported",
        "base64|string $a: base64",
        "base64wide|string $a: base64wide",
    })
    void read_unsupportedModifier_skipsTheRule(String modifier, String reason) {
        RuleFile file = read("rule a { strings: $a = \"abcd\" " + modifier + " condition: $a }");
        assertThat(file.skipped()).singleElement().extracting(SkippedRule::reason).asString().startsWith(reason);
    }

    @Test
    void read_otherModule_isImportedAndSkipsTheRuleUsingIt() {
        RuleFile file = read("import \"math\"\nrule a { condition:\n  math.entropy(0, filesize) > 7 }\nrule b { condition: true }");
        assertThat(file.imports()).containsExactly("math");
        assertThat(file.skipped()).singleElement().extracting(SkippedRule::reason).asString()
                .startsWith("module 'math' is not supported").endsWith("(line 3, column 3)");
    }

    @Test
    void read_ruleReferringToSkippedRule_isSkippedNamingIt() {
        RuleFile file = read("rule a { strings: $r = /x+/ condition: $r }\nrule b { condition: a or true }\n"
                + "rule ab { condition: any of (a*) }\nrule c { condition: true }");
        assertThat(file.skipped()).extracting(SkippedRule::rule, SkippedRule::reason).containsExactly(
                org.assertj.core.groups.Tuple.tuple("a", file.skipped().get(0).reason()),
                org.assertj.core.groups.Tuple.tuple("b", "refers to skipped rule a"),
                org.assertj.core.groups.Tuple.tuple("ab", "refers to skipped rule a"));
        assertThat(file.runnable()).extracting(YaraRule::name).containsExactly("c");
    }

    @Test
    void read_moduleFieldNamedLikeASkippedRule_isNoReference() {
        RuleFile file = read("import \"pe\" rule machine { strings: $r = /x+/ condition: $r }\n"
                + "rule b { condition: pe.machine == 0x14c }");
        assertThat(file.skipped()).extracting(SkippedRule::rule).containsExactly("machine");
    }

    @Test
    void read_skippedGlobalRule_skipsTheWholeNamespace() {
        RuleFile file = read("rule a { condition: true }\nglobal rule g { strings: $a = \"abc\" xor condition: $a }\n"
                + "rule b { condition: true }");
        assertThat(file.skipped()).extracting(SkippedRule::rule).containsExactly("a", "g", "b");
        assertThat(file.skipped().get(0).reason()).startsWith("global rule g is skipped (string $a: xor")
                .endsWith("so no rule of namespace ns can be decided");
        assertThat(file.runnable()).isEmpty();
    }

    @Test
    void read_emptyFile_hasNoRules() {
        assertThat(read(" // nothing\n").rules()).isEqualTo(List.of());
    }
}
