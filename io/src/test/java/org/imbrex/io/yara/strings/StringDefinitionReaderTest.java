package org.imbrex.io.yara.strings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.imbrex.io.signature.SignatureFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text strings, regular expressions, modifiers and the cursor API; each refusal checked with YARA 4.2.3. */
class StringDefinitionReaderTest {

    private static StringDefinition read(String text) {
        return StringDefinitionReader.read("r.yar", text);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void textString_everyEscape_isTheByteYaraMeans() {
        StringDefinition definition = read("$a = \"q\\\"\\\\\\t\\n\\r\\x4a\\xE4\"");
        assertThat(((TextString) definition.value()).bytes()).isEqualTo(bytes("q\"\\\t\n\rJ\u00e4"));
        assertThat(definition.identifier()).isEqualTo("a");
        assertThat(definition.modifiers()).isEmpty();
        assertThat(definition.matchesAscii()).isTrue();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "$a = \"a\\a\"     | r.yar:1:8: illegal escape sequence",
        "$a = \"\\x6\"     | r.yar:1:7: illegal escape sequence",
        "$a = \"\\x\"      | r.yar:1:7: illegal escape sequence",
        "$a = \"a\\0\"     | r.yar:1:8: illegal escape sequence",
        "$a = \"\\q\"      | r.yar:1:7: illegal escape sequence",
        "$a = \"\"         | r.yar:1:6: empty string \"$a\"",
        "$a = \"ab        | r.yar:1:9: unterminated string",
        "$a = \"ab\" wide wide        | r.yar:1:16: duplicated modifier",
        "$a = \"ab\" xor nocase       | r.yar:1:15: invalid modifier combination: xor nocase",
        "$a = \"ab\" base64 nocase    | r.yar:1:18: invalid modifier combination: base64 nocase",
        "$a = \"ab\" base64wide fullword | r.yar:1:22: invalid modifier combination: base64wide fullword",
        "$a = \"ab\" base64 xor       | r.yar:1:18: invalid modifier combination: base64 xor",
        "$a = \"ab\" xor(300)         | r.yar:1:14: invalid xor range",
        "$a = \"ab\" xor(3-1)         | r.yar:1:14: xor lower bound exceeds upper bound",
        "$a = \"ab\" base64(\"abc\")  | r.yar:1:18: length of base64 alphabet must be 64",
        "$a = { 61 } wide           | r.yar:1:13: syntax error, wide does not apply to hex strings (only private does)",
        "$a = { 61 } private private | r.yar:1:21: duplicated modifier",
        "$a = /a/ xor               | r.yar:1:10: syntax error, xor does not apply to regular expressions",
        "$a = /ab                   | r.yar:1:6: unterminated regular expression",
        "$a = 5                     | r.yar:1:6: syntax error, expected \"text\", { hex } or /regex/ after $a =",
    })
    void read_whatYaraRefuses_isRefusedWithYarasReason(String text, String message) {
        assertThatThrownBy(() -> read(text)).isInstanceOf(SignatureFormatException.class).hasMessage(message);
    }

    @Test
    void modifiers_allTextModifiers_areKeptInOrderWithArguments() {
        StringDefinition definition = read("$a = \"ab\" ascii private wide fullword xor ( 1 - 31 )");
        assertThat(definition.modifiers()).extracting(Modifier::toString)
                .containsExactly("ascii", "private", "wide", "fullword", "xor(1-31)");
        assertThat(definition.unsupportedReason()).hasValueSatisfying(reason -> assertThat(reason).startsWith("xor"));
        assertThat(read("$a = \"ab\" base64 wide").unsupportedReason()).isPresent();
        assertThat(read("$a = \"ab\" nocase").unsupportedReason()).isEmpty();
    }

    @Test
    void regularExpression_slashInsideClass_endsItAsInYara() {
        YaraSource source = new YaraSource("r.yar", "$re = /a[/]/");
        assertThat(StringDefinitionReader.read(source).value()).isEqualTo(new RegularExpression("a[", ""));
        assertThat(source.peek()).isEqualTo(']');
    }

    @Test
    void regularExpression_escapedSlash_doesNotEndIt() {
        StringDefinition definition = read("$re = /a\\/b/is wide");
        assertThat(definition.value()).isEqualTo(new RegularExpression("a\\/b", "is"));
        assertThat(definition.has(StringModifier.WIDE)).isTrue();
        assertThat(definition.unsupportedReason()).hasValue(RegularExpression.UNSUPPORTED_REASON);
    }

    @Test
    void read_wideOnly_doesNotMatchAscii() {
        assertThat(read("$a = \"ab\" wide").matchesAscii()).isFalse();
        assertThat(read("$a = \"ab\" wide ascii").matchesAscii()).isTrue();
    }

    @Test
    void cursor_stringsSection_stopsBeforeConditionAndLeavesIt() {
        YaraSource source = new YaraSource("r.yar", "$a = \"MZ\" wide // c\n  $ = { 4D 5A } private\ncondition: $a");
        StringDefinition first = StringDefinitionReader.read(source);
        source.skipSpace();
        StringDefinition second = StringDefinitionReader.read(source);
        source.skipSpace();
        assertThat(first.toString()).isEqualTo("$a = \"MZ\" wide");
        assertThat(second.toString()).isEqualTo("$ = { 4D 5A } private");
        assertThat(second.position()).isEqualTo(new YaraSource.Position(2, 3));
        assertThat(source.accept("condition")).isTrue();
    }

    @Test
    void readAll_severalDefinitions_inOrder() {
        List<StringDefinition> all = StringDefinitionReader.readAll("r.yar",
                "$a = \"x\" $b = { 61 } /* c */ $c = /y/");
        assertThat(all).extracting(StringDefinition::identifier).containsExactly("a", "b", "c");
    }

    @Test
    void textString_nonLatin1Character_isRefused() {
        assertThatThrownBy(() -> read("$a = \"\u20ac\"")).hasMessageContaining("ISO-8859-1");
    }

    @Test
    void toString_everyCorpusDefinition_readsBackEqual() {
        for (String text : new YaraStringCorpus(YaraStringCorpus.SEED).definitions()) {
            StringDefinition definition = read(text);
            assertThat(read(definition.toString())).as(text).isEqualTo(definition);
        }
    }
}
