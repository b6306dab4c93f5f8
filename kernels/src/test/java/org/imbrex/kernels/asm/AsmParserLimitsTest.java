package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What {@code AsmParserFuzzTest} and {@code AsmDispatchFuzzTest} found: register numbers and sizes past what
 * a device allows, numbers too large for an int, typed accesses to views declared otherwise, and text
 * quoted into a message, each refused by the parser with a one-line {@link AsmSyntaxException} instead of
 * failing later with another exception (or sizing the machine's arrays by the number).
 */
class AsmParserLimitsTest {
    private static final String HEADER = "cs_5_0\ndcl_thread_group 1, 1, 1\n";

    private static AsmSyntaxException refusal(String body) {
        try {
            AsmParser.parse("l.asm", HEADER + body);
        } catch (AsmSyntaxException expected) {
            assertThat(expected.getClass()).isEqualTo(AsmSyntaxException.class);
            return expected;
        }
        throw new AssertionError("accepted: " + body);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "dcl_resource_raw t128|3:18|t128 is not a slot; t0..t127 exist",
        "dcl_uav_raw u64|3:13|u64 is not a slot; u0..u63 exist",
        "dcl_uav_structured u99999999999, 4|3:20|u99999999999 is not a slot; u0..u63 exist",
        "dcl_constantBuffer cb14[1], immediateIndexed|3:20|cb14 is not a slot; cb0..cb13 exist",
        "dcl_constantBuffer cb3666666666[1]|3:20|cb3666666666 is not a slot; cb0..cb13 exist",
        "dcl_indexableTemp x4096[1], 4|3:19|x4096 is not a slot; x0..x4095 exist",
        "dcl_tgsm_raw g8192, 4|3:14|g8192 is not a slot; g0..g8191 exist"})
    void parse_registerNumberPastTheRegisterFile_isRefusedAtIt(String declaration, String where, String reason) {
        assertThat(refusal(declaration + "\n")).hasMessage("l.asm:" + where + ": " + reason);
    }

    @Test
    void parse_tempsAndIndexableTempsTogether_areAtMost4096Registers() {
        assertThat(refusal("dcl_indexableTemp x0[4000], 4\ndcl_temps 97\n")).hasMessage(
                "l.asm:4:11: dcl_temps 97 makes 4097 temp registers (r# and x# together); at most 4096 are allowed");
        assertThat(refusal("dcl_temps 96\ndcl_indexableTemp x0[4000], 4\ndcl_indexableTemp x1[1], 4\n"))
                .hasMessageStartingWith("l.asm:5:19: dcl_indexableTemp x1[1] makes 4097");
        AsmProgram program = AsmParser.parse("l.asm", HEADER + "dcl_temps 96\ndcl_indexableTemp x0[4000], 4\n");
        assertThat(program.declarations().temps()).isEqualTo(96);
    }

    /** 8 × (2^31 − 1) bytes overflowed the word count to −2, which passed the 32 KB check. */
    @Test
    void parse_groupsharedSizeOverflowingAnInt_isRefused() {
        assertThat(refusal("dcl_tgsm_structured g0, 8, 2147483647\n")).hasMessage("l.asm:3:38: groupshared "
                + "declarations take 17179869176 bytes; cs_5_0 allows 32768");
        assertThat(refusal("dcl_tgsm_structured g0, 4096, 1\n")).hasMessageContaining(
                "a groupshared structure has a stride of 4..2048 bytes and a count of 1 or more, not 4096 and 1");
        assertThat(refusal("dcl_tgsm_structured g0, 4, 0\n")).hasMessageContaining("not 4 and 0");
    }

    @Test
    void parse_indexRegisterNumberTooLarge_isRefused() {
        assertThat(refusal("dcl_temps 1\ndcl_indexableTemp x0[2], 4\nmov r0.x, x0[r99999999999.x + 0].x\n"))
                .hasMessage("l.asm:5:14: register number in 'r99999999999' is too large");
    }

    /** A typed store to a raw UAV got as far as the interpreter, which cast the raw view to a texture. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "dcl_uav_raw u0|store_uav_typed u0.xyzw, l(0), l(1)|u0 is declared raw; store_uav_typed needs a typed buffer or texture2d",
        "dcl_uav_structured u0, 4|ld_uav_typed r0.x, l(0), u0.x|u0 is declared structured; ld_uav_typed needs a typed buffer or texture2d",
        "dcl_resource_raw t1|ld r0.x, l(0), t1.x|t1 is declared raw; ld needs a typed buffer or texture2d"})
    void parse_typedAccessToAnUntypedView_isRefused(String declaration, String instruction, String reason) {
        assertThat(refusal(declaration + "\ndcl_temps 1\n" + instruction + "\n")).hasMessageStartingWith("l.asm:5:")
                .hasMessageEndingWith(": " + reason);
    }

    @Test
    void parse_controlCharactersQuotedFromTheText_areEscapedInTheMessage() {
        assertThat(refusal("dcl_temps 1\nmov r0.x, x0[1\u0014\u001B]\n")).hasMessage(
                "l.asm:4:15: expected ']' closing the index, found '\\x14\\x1B]'");
    }
}
