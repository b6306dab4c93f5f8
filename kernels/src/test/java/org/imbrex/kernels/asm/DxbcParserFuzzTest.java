package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.concurrent.TimeUnit;
import org.imbrex.kernels.testing.Allocation;
import org.imbrex.kernels.testing.OneLine;
import org.junit.jupiter.api.Timeout;

/**
 * Fuzzes {@link DxbcParser#parse} with any bytes as a DXBC container, twice: as they are, and with the
 * header's size and checksum made right for them ({@link DxbcChecksum#sign}), so that mutations reach the
 * program tokens instead of stopping at the checksum. The contract, both times:
 *
 * <pre>
 *   accepted   a program with a thread group, its flow depth no deeper than its instructions
 *   refused    a DxbcFormatException (that class, no other) whose message is one printable line
 *              "fuzz.dxbc: byte 0x…: reason", the offset inside the file (or at its end)
 *   either     at most 64 MiB + 8 KiB per byte of the file allocated
 * </pre>
 * Example: a container whose SHEX chunk says it is a pixel shader fails with {@code fuzz.dxbc: byte 0x…: a
 * pixel shader (ps_5_0), not a compute shader}. Seeds (compiled conformance shaders) and findings: {@code
 * DxbcParserFuzzTestInputs/parse/} in the test resources, replayed by every build.
 */
class DxbcParserFuzzTest {
    private static final int SIZE_FIELD = 0x18;

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parse(byte[] container) {
        check(container);
        if (container.length >= DxbcContainer.HEADER) {
            byte[] signed = container.clone();
            putWord(signed, SIZE_FIELD, signed.length);
            DxbcChecksum.sign(signed);
            check(signed);
        }
    }

    private static void check(byte[] container) {
        AsmProgram program;
        try {
            program = Allocation.atMost(64 << 20, 8 << 10, container.length, "decoding the container",
                    () -> DxbcParser.parse("fuzz.dxbc", container));
        } catch (DxbcFormatException refused) {
            OneLine.check(refused.getMessage());
            assertThat(refused.getClass()).isEqualTo(DxbcFormatException.class);
            assertThat(refused.getMessage()).startsWith("fuzz.dxbc: byte 0x" + Integer.toHexString(refused.byteOffset())
                    + ": ");
            assertThat(refused.byteOffset()).isBetween(0, container.length);
            return;
        }
        assertThat(program.declarations().numThreads()).isNotNull();
        assertThat(program.flowDepth()).isBetween(0, program.instructions().size());
    }

    private static void putWord(byte[] bytes, int at, int value) {
        for (int i = 0; i < 4; i++) {
            bytes[at + i] = (byte) (value >>> (8 * i));
        }
    }
}
