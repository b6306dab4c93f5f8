package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.imbrex.kernels.testing.Allocation;
import org.imbrex.kernels.testing.OneLine;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes {@link AsmParser#parse} with any bytes as UTF-8 assembly text. The contract:
 *
 * <pre>
 *   accepted   a program with a thread group, at most one instruction per line, a flow depth no deeper
 *              than its instructions
 *   refused    an AsmSyntaxException (that class, no other), message one printable line
 *              "fuzz.asm:line:column: reason" with 1 ≤ line ≤ the text's lines and column ≥ 1
 *   either     at most 64 MiB + 8 KiB per byte of text allocated: nothing sized by a declaration's number
 *              beyond what the profile allows (the bound leaves room for what the fuzzer's own
 *              instrumentation allocates, some 3 KiB per byte)
 * </pre>
 * Example: {@code "cs_5_0\ndcl_thread_group 1, 1, 1\nfma r0.x, r0.x\n"} is refused with {@code
 * fuzz.asm:3:1: unknown opcode 'fma'}. Seeds (the conformance shaders and the shipped shaders) and findings:
 * {@code AsmParserFuzzTestInputs/parse/} in the test resources, replayed by every build.
 */
class AsmParserFuzzTest {

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parse(byte[] file) {
        String text = new String(file, StandardCharsets.UTF_8);
        AsmProgram program;
        try {
            program = Allocation.atMost(64 << 20, 8 << 10, file.length, "parsing the text",
                    () -> AsmParser.parse("fuzz.asm", text));
        } catch (AsmSyntaxException refused) {
            checkRefusal(text, refused);
            return;
        }
        long lines = lines(text);
        assertThat(program.declarations().numThreads()).isNotNull();
        assertThat((long) program.instructions().size()).isLessThanOrEqualTo(lines);
        assertThat(program.flowDepth()).isBetween(0, program.instructions().size());
    }

    /** The message of a refusal, checked against the text it refers to. */
    static void checkRefusal(String text, AsmSyntaxException refused) {
        OneLine.check(refused.getMessage());
        assertThat(refused.getClass()).isEqualTo(AsmSyntaxException.class);
        assertThat(refused.file()).isEqualTo("fuzz.asm");
        assertThat(refused.getMessage()).startsWith("fuzz.asm:" + refused.line() + ":" + refused.column() + ": ");
        assertThat((long) refused.line()).isBetween(1L, lines(text));
        assertThat(refused.column()).isPositive();
    }

    private static long lines(String text) {
        return text.split("\r?\n", -1).length;
    }
}
