package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.ShaderFault;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.junit.jupiter.api.Test;

/**
 * The interpreter's bound on the instructions a thread group runs ({@link AsmShader#DEFAULT_INSTRUCTION_LIMIT}):
 * a loop that never ends fails the Dispatch with a {@link ShaderFault} naming the limit, where before it
 * hung (as {@code AsmDispatchFuzzTest} would have, on its first {@code loop / endloop}).
 */
class InstructionLimitTest {
    private static final String SPIN = "cs_5_0\ndcl_thread_group 2, 1, 1\nloop\nendloop\nret\n";
    /** Three passes of a loop, then a store: 19 instructions in all (the breaking pass runs its endloop). */
    private static final String THREE_PASSES = AsmRun.header("1, 1, 1", 1, 2) + """
            mov r0.x, l(0)
            loop
              uge r1.x, r0.x, l(3)
              breakc_nz r1.x
              iadd r0.x, r0.x, l(1)
            endloop
            store_uav_typed u0.xyzw, l(0), r0.xxxx
            ret
            """;

    @Test
    void dispatch_loopThatNeverEnds_failsNamingTheLimitAndTheInstruction() {
        AsmShader shader = AsmShader.parse("spin.asm", SPIN).withInstructionLimit(1000);

        assertThatThrownBy(() -> new DeviceContext().dispatch(shader, new ShaderResources(), Dispatch.of(3)))
                .isInstanceOf(ShaderFault.class)
                .hasMessage("shader spin.asm failed in SV_GroupID (0,0,0): stopped after 1000 instructions, the limit "
                        + "per thread group, before line 4: endloop (a loop that never ends?); "
                        + "AsmShader.withInstructionLimit sets it");
    }

    @Test
    void parse_givesTheDefaultLimit() {
        assertThat(AsmShader.parse("spin.asm", SPIN).instructionLimit()).isEqualTo(1L << 26)
                .isEqualTo(AsmShader.DEFAULT_INSTRUCTION_LIMIT);
    }

    @Test
    void dispatch_programWithinTheLimit_runsToItsEnd() {
        assertThat(AsmRun.run(THREE_PASSES, new int[4], 1, Dispatch.of(1))).containsExactly(3);

        int fewest = fewestInstructions(THREE_PASSES);
        assertThat(fewest).as("instructions the program runs").isEqualTo(19);
        AsmShader tooFew = AsmShader.parse("three.asm", THREE_PASSES).withInstructionLimit(fewest - 1);
        assertThatThrownBy(() -> dispatch(tooFew)).isInstanceOf(ShaderFault.class)
                .hasMessageContaining("stopped after 18 instructions");
    }

    @Test
    void withInstructionLimit_belowOne_isRefused() {
        AsmShader shader = AsmShader.parse("spin.asm", SPIN);

        assertThatThrownBy(() -> shader.withInstructionLimit(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an instruction limit of 0 runs nothing; it must be at least 1");
        assertThat(shader.withInstructionLimit(7).copy().instructionLimit()).isEqualTo(7);
    }

    /** The smallest limit under which {@code asm} runs to its end. */
    private static int fewestInstructions(String asm) {
        for (int limit = 1; ; limit++) {
            try {
                dispatch(AsmShader.parse("three.asm", asm).withInstructionLimit(limit));
                return limit;
            } catch (ShaderFault stopped) {
                assertThat(stopped).hasMessageContaining("stopped after " + limit + " instructions");
            }
        }
    }

    private static void dispatch(AsmShader shader) {
        try (BufferAllocator allocator = new RootAllocator(); RWBuffer u0 = RWBuffer.allocate(DxgiFormat.R32_UINT, 1,
                allocator)) {
            ShaderResources resources = new ShaderResources().setUnorderedAccessView(0, u0)
                    .setConstantBuffer(0, ConstantBuffer.ofWords(new int[4]));
            new DeviceContext().dispatch(shader, resources, Dispatch.of(1));
        }
    }
}
