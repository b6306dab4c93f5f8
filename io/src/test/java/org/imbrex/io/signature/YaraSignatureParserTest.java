package org.imbrex.io.signature;

import static org.assertj.core.api.Assertions.assertThat;
import static org.imbrex.io.signature.SignatureParserTest.parse;
import static org.imbrex.io.signature.SignatureParserTest.refusal;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

class YaraSignatureParserTest {

    private static String rule(String hex) {
        return "rule r\n{\n    strings:\n        $a = " + hex + "\n    condition:\n        $a\n}\n";
    }

    @Test
    void parse_realisticRules_giveEveryHexStringAndWarnAboutTheRest() throws IOException {
        SignatureSet set;
        try (InputStream in = getClass().getResourceAsStream("/signatures/realistic.yar")) {
            set = SignatureParser.parse("realistic.yar", in);
        }

        assertThat(set.signatures()).extracting(Signature::name).containsExactly("MZ_Dropper:$mz",
                "MZ_Dropper:$pe", "MZ_Dropper:$@1", "Shellcode_Tail:$tail", "Shellcode_Tail:$loop");
        assertThat(set.signatures()).extracting(Signature::toHex).containsExactly("4D 5A ?? 00",
                "50 45 00 00 4C 01", "90 90 90 ?? C3", "EB FE", "E2 FE ?? 00");
        assertThat(set.warnings()).extracting(SignatureWarning::toString).containsExactly(
                "realistic.yar:6:1: warning: include \"common.yar\" is not followed: pass that file as a signature"
                        + " file too",
                "realistic.yar:18:9: warning: text string $stub of rule 'MZ_Dropper' skipped: only hex strings"
                        + " { … } are signatures",
                "realistic.yar:23:9: warning: regular expression $re of rule 'MZ_Dropper' skipped: only hex"
                        + " strings { … } are signatures",
                "realistic.yar:25:9: warning: text string $xored of rule 'MZ_Dropper' skipped: only hex strings"
                        + " { … } are signatures",
                "realistic.yar:26:9: warning: text string $b64 of rule 'MZ_Dropper' skipped: only hex strings"
                        + " { … } are signatures",
                "realistic.yar:41:27: warning: text string $a of rule 'Text_Only' skipped: only hex strings"
                        + " { … } are signatures");
    }

    @Test
    void parse_nibbleWildcardAfterDigit_isRefusedAtItsColumn() {
        SignatureFormatException e = refusal("n.yar", rule("{ 4D 5A A? }"));

        assertThat(e).hasMessage("n.yar:4:22: nibble wildcard A? in hex string $a of rule 'r' is not supported:"
                + " a wildcard covers a whole byte, write ??");
    }

    @Test
    void parse_nibbleWildcardBeforeDigit_isRefusedAtItsColumn() {
        SignatureFormatException e = refusal("n.yar", rule("{ 4D ?A }"));

        assertThat(e.line()).isEqualTo(4);
        assertThat(e.column()).isEqualTo(19);
        assertThat(e.reason()).startsWith("nibble wildcard ?A in hex string $a of rule 'r'");
    }

    @Test
    void parse_jump_isRefusedWithTheJumpAndItsColumn() {
        assertThat(refusal("j.yar", rule("{ 4D 5A [2-4] 90 }"))).hasMessage("j.yar:4:22: jump [2-4] in hex string"
                + " $a of rule 'r' is not supported: a signature is one fixed-length window; split it into two"
                + " signatures, or write ?? for a fixed gap");
    }

    @Test
    void parse_unboundedJump_isRefused() {
        assertThat(refusal("j.yar", rule("{ 4D [-] 90 }"))).hasMessageStartingWith("j.yar:4:19: jump [-] in");
    }

    @Test
    void parse_alternatives_areRefusedAtTheParenthesis() {
        assertThat(refusal("a.yar", rule("{ 4D ( AA | BB ) 90 }"))).hasMessage("a.yar:4:19: alternatives"
                + " ( … | … ) in hex string $a of rule 'r' are not supported: write one signature per alternative");
    }

    @Test
    void parse_negatedByte_isRefused() {
        assertThat(refusal("x.yar", rule("{ 4D ~5A }"))).hasMessage("x.yar:4:19: negated byte ~5A in hex string $a"
                + " of rule 'r' is not supported: a signature byte is a value or ??");
    }

    @Test
    void parse_refusalOnALaterLine_countsLinesInsideTheHexString() {
        SignatureFormatException e = refusal("m.yar", rule("{ 4D 5A\n            // comment ( | )\n"
                + "            90 [4]\n        }"));

        assertThat(e.line()).isEqualTo(6);
        assertThat(e.column()).isEqualTo(16);
        assertThat(e.reason()).startsWith("jump [4]");
    }

    @Test
    void parse_emptyHexString_isRefused() {
        assertThat(refusal("e.yar", rule("{ }"))).hasMessage("e.yar:4:14: hex string $a of rule 'r' is empty");
    }

    @Test
    void parse_unclosedHexString_isRefusedAtItsBrace() {
        assertThat(refusal("u.yar", "rule r { strings: $a = { 4D 5A"))
                .hasMessage("u.yar:1:24: hex string $a of rule 'r' is not closed by '}'");
    }

    @Test
    void parse_unclosedRule_isRefusedAtTheRule() {
        assertThat(refusal("u.yar", "\nrule r { strings: $a = { 4D } condition: $a"))
                .hasMessage("u.yar:2:1: rule 'r' is not closed by '}'");
    }

    @Test
    void parse_unknownSection_isRefused() {
        assertThat(refusal("s.yar", "rule r { string: $a = { 4D } condition: $a }"))
                .hasMessage("s.yar:1:10: unknown section 'string:' in rule 'r'");
    }

    @Test
    void parse_somethingElseThanRule_isRefused() {
        assertThat(refusal("s.yar", "rules r { }")).hasMessage("s.yar:1:1: expected 'rule', 'import' or 'include',"
                + " found 'rules'");
    }

    @Test
    void parse_sameStringTwiceInARule_isADuplicate() {
        assertThat(refusal("d.yar", "rule r { strings: $a = { 01 } $a = { 02 } condition: all of them }"))
                .hasMessage("d.yar:1:31: duplicate signature name 'r:$a' (first defined at d.yar:1:19)");
    }

    @Test
    void parse_anonymousStrings_areNumberedPerRule() throws IOException {
        SignatureSet set = parse("a.yar", "rule p { strings: $ = { 01 } $ = { 02 } condition: any of them }\n"
                + "rule q { strings: $ = { 03 } condition: any of them }");

        assertThat(set.signatures()).extracting(Signature::name).containsExactly("p:$@1", "p:$@2", "q:$@1");
    }

    @Test
    void parse_longHexStringOverManyLines_isOneSignature() throws IOException {
        StringBuilder hex = new StringBuilder("{\n");
        for (int line = 0; line < 256; line++) {
            hex.append("            ").append("0F ?? 00 FF ".repeat(4)).append('\n');
        }
        SignatureSet set = parse("l.yar", rule(hex.append("        }").toString()));

        Signature signature = set.signatures().get(0);
        assertThat(signature.length()).isEqualTo(4096);
        assertThat(signature.byteAt(4094)).isZero();
        assertThat(signature.isWildcard(4094)).isFalse();
        assertThat(signature.isWildcard(4093)).isTrue();
        assertThat(signature.byteAt(4095)).isEqualTo(0xFF);
    }

    @Test
    void parse_yarExtensionIsCaseInsensitive_andOtherNamesAreText() {
        assertThat(SignatureParser.isYara("A.YAR")).isTrue();
        assertThat(SignatureParser.isYara("rules.yara")).isTrue();
        assertThat(SignatureParser.isYara("rules.yar.txt")).isFalse();
    }

    /** Found by {@code YaraSignatureFuzzTest}: a NUL in an include's file name went into the warning as it was. */
    @Test
    void parse_controlCharactersInAWarning_areEscaped() throws IOException {
        SignatureSet set = parse("i.yar", "include \"a\u0000b.yar\"\nrule r { strings: $a = { 01 } condition: $a }");

        assertThat(set.warnings()).singleElement().hasToString("i.yar:1:1: warning: include \"a\\x00b.yar\" is not "
                + "followed: pass that file as a signature file too");
    }

    /** Found by {@code YaraSignatureFuzzTest}: the text an error quotes from the rule could hold a NUL or an ESC. */
    @Test
    void parse_controlCharactersInAnError_areEscaped() {
        assertThat(refusal("e.yar", "rule p { stri\u0000\u001B }"))
                .hasMessage("e.yar:1:10: expected meta:, strings: or condition: in rule 'p', found '\\x00\\x1B }'");
    }
}
