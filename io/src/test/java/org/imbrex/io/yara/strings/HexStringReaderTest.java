package org.imbrex.io.yara.strings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.imbrex.io.signature.SignatureFormatException;
import org.imbrex.io.yara.strings.HexToken.HexAlternatives;
import org.imbrex.io.yara.strings.HexToken.HexByte;
import org.imbrex.io.yara.strings.HexToken.HexJump;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Hex strings: each construct, and each refusal with the reason YARA 4.2.3 gives (checked with its yara). */
class HexStringReaderTest {

    private static HexString hex(String body) {
        return (HexString) StringDefinitionReader.read("r.yar", "$a = { " + body + " }").value();
    }

    @Test
    void bytes_exactWildcardAndNibbles_haveValueAndMask() {
        assertThat(hex("4d ?? 4? ?A").tokens()).containsExactly(HexByte.exactly(0x4D), new HexByte(0, 0),
                new HexByte(0x40, 0xF0), new HexByte(0x0A, 0x0F));
        assertThat(hex("4D5A").tokens()).hasSize(2);
    }

    @Test
    void jumps_everyForm_readAsMinAndMax() {
        assertThat(hex("61 [2] 62 [1-3] 63 [ 4 - ] 64 [-] 65 [0-0] 66").tokens()).containsExactly(
                HexByte.exactly(0x61), new HexJump(2, 2), HexByte.exactly(0x62), new HexJump(1, 3),
                HexByte.exactly(0x63), new HexJump(4, HexJump.UNBOUNDED), HexByte.exactly(0x64),
                new HexJump(0, HexJump.UNBOUNDED), HexByte.exactly(0x65), new HexJump(0, 0), HexByte.exactly(0x66));
    }

    @Test
    void alternatives_nestedWithJumpsAndComments_keepTheirOrder() {
        HexString string = hex("61 ( 62 | 63 [1-200] 64 /* c */ | ( 65 | ?6 ) ) // end\n");
        HexAlternatives inner = new HexAlternatives(List.of(List.of(HexByte.exactly(0x65)),
                List.of(new HexByte(6, 0x0F))));
        HexAlternatives outer = new HexAlternatives(List.of(
                List.of(HexByte.exactly(0x62)),
                List.of(HexByte.exactly(0x63), new HexJump(1, 200), HexByte.exactly(0x64)),
                List.of(inner)));
        assertThat(string.tokens()).containsExactly(HexByte.exactly(0x61), outer);
        assertThat(string.hasAlternatives()).isTrue();
        assertThat(string).hasToString("61 ( 62 | 63 [1-200] 64 | ( 65 | ?6 ) )");
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
        "61 [3-1] 62 => invalid jump range",
        "61 [0] 62 => invalid jump length",
        "61 ( 62 [-] | 63 ) 62 => unbounded jumps not allowed inside alternation (|)",
        "61 ( 62 [2-] 62 ) 62 => unbounded jumps not allowed inside alternation (|)",
        "61 ( 62 [1-300] 62 | 63 ) 62 => jumps over 200 not allowed inside alternation (|)",
        "61 ( 62 [201] 62 | 63 ) => jumps over 200 not allowed inside alternation (|)",
        "61 ( 62 [300-1] 62 | 63 ) => jumps over 200 not allowed inside alternation (|)",
        "6 => uneven number of digits in hex string",
        "61 626 => uneven number of digits in hex string",
        "61 [A] 62 => invalid character in hex string jump: 'A'",
        "[1] 62 => syntax error, a jump cannot start a hex string or an alternative",
        "62 [1] => syntax error, a jump cannot end a hex string or an alternative",
        "62 ( [1] 62 | 63 ) => syntax error, a jump cannot start a hex string or an alternative",
        "61 [1-2-3] 62 => syntax error, a jump is [n], [n-m], [n-] or [-]",
        "61 [-5] 62 => syntax error, a jump is [n], [n-m], [n-] or [-]",
        "( 62 | ) => syntax error, expected a byte or '(' before ')'",
        "'' => syntax error, expected a byte or '(' before '}'",
        "( 62 => syntax error, '(' is not closed by ')'",
        "62 ) => syntax error, unexpected ')' outside alternatives",
    })
    void hexString_whatYaraRefuses_isRefusedWithYarasReason(String body, String reason) {
        assertThatThrownBy(() -> hex(body)).isInstanceOf(SignatureFormatException.class)
                .extracting(e -> ((SignatureFormatException) e).reason())
                .isEqualTo("invalid hex string \"$a\": " + reason);
    }

    @Test
    void hexString_negatedByte_isASyntaxErrorIn42() {
        assertThatThrownBy(() -> hex("~61 62")).hasMessage(
                "r.yar:1:8: syntax error: '~' cannot appear in a hex string (YARA 4.2 has no negated bytes ~AB)");
        assertThatThrownBy(() -> hex("61,62")).hasMessageEndingWith("syntax error: ',' cannot appear in a hex string");
    }

    @Test
    void hexString_errorPlace_pointsAtTheJump() {
        assertThatThrownBy(() -> StringDefinitionReader.read("r.yar", "$a = {\n  61 [3-1] 62 }"))
                .hasMessage("r.yar:2:6: invalid hex string \"$a\": invalid jump range");
    }
}
