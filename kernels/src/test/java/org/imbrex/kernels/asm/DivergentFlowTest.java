package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.imbrex.kernels.dispatch.Dispatch;
import org.junit.jupiter.api.Test;

/**
 * Divergent flow control under the execution masks: every lane of a group runs its own trip count,
 * leaves with {@code breakc}, skips with {@code continuec}, returns early with {@code retc}, takes its own
 * {@code if}/{@code else} and {@code switch} case. Each test's oracle is the same program as plain Java
 * per thread.
 */
class DivergentFlowTest {

    @Test
    void loop_breakcAndContinuecPerLane_matchesAScalarLoop() {
        String asm = AsmRun.header("16, 1, 1", 1, 2).replace("dcl_temps", "dcl_input vThreadID.x\ndcl_temps") + """
                mov r0.xy, l(0, 0, 0, 0)
                loop
                  iadd r0.x, r0.x, l(1)
                  ult r1.x, vThreadID.x, r0.x
                  breakc_nz r1.x
                  and r1.y, r0.x, l(1)
                  continuec_nz r1.y
                  iadd r0.y, r0.y, r0.x
                  ieq r1.z, r0.x, l(12)
                  breakc_nz r1.z
                endloop
                and r1.w, vThreadID.x, l(3)
                ieq r1.w, r1.w, l(3)
                retc_nz r1.w
                iadd r0.y, r0.y, l(1000)
                store_uav_typed u0.xyzw, vThreadID.xxxx, r0.yyyy
                ret
                """;
        int[] got = AsmRun.run(asm, new int[0], 32, Dispatch.of(2));
        for (int tid = 0; tid < 32; tid++) {
            int i = 0;
            int sum = 0;
            while (true) {
                i++;
                if (i > tid) {
                    break;
                }
                if ((i & 1) != 0) {
                    continue;
                }
                sum += i;
                if (i == 12) {
                    break;
                }
            }
            int expected = (tid & 3) == 3 ? 0 : sum + 1000;
            assertThat(got[tid]).as("thread %d", tid).isEqualTo(expected);
        }
    }

    @Test
    void nestedIfElseAndContinuecZ_perLane_matchScalarCode() {
        String asm = AsmRun.header("8, 1, 1", 1, 3).replace("dcl_temps", "dcl_input vThreadID.x\ndcl_temps") + """
                mov r0.xy, l(0, 0, 0, 0)
                loop
                  uge r1.x, r0.x, vThreadID.x
                  breakc_nz r1.x
                  iadd r0.x, r0.x, l(1)
                  and r1.y, r0.x, l(3)
                  continuec_z r1.y
                  ult r1.z, r0.x, l(5)
                  if_nz r1.z
                    iadd r0.y, r0.y, l(1)
                  else
                    and r2.x, r0.x, l(1)
                    if_z r2.x
                      iadd r0.y, r0.y, l(100)
                    else
                      iadd r0.y, r0.y, l(10)
                    endif
                  endif
                endloop
                store_uav_typed u0.xyzw, vThreadID.xxxx, r0.yyyy
                ret
                """;
        int[] got = AsmRun.run(asm, new int[0], 8, Dispatch.of(1));
        for (int tid = 0; tid < 8; tid++) {
            int i = 0;
            int y = 0;
            while (i < tid) {
                i++;
                if ((i & 3) == 0) {
                    continue;
                }
                if (i < 5) {
                    y += 1;
                } else if ((i & 1) == 0) {
                    y += 100;
                } else {
                    y += 10;
                }
            }
            assertThat(got[tid]).as("thread %d", tid).isEqualTo(y);
        }
    }

    @Test
    void switch_casesFallThroughAndDefault_perLane_matchScalarCode() {
        String asm = AsmRun.header("8, 1, 1", 1, 2).replace("dcl_temps", "dcl_input vThreadID.x\ndcl_temps") + """
                mov r0.x, l(0)
                switch vThreadID.x
                  case l(1)
                  case l(2)
                    mov r0.x, l(12)
                    break
                  default
                    mov r0.x, l(99)
                    break
                  case l(5)
                    iadd r0.x, r0.x, l(5)
                  case l(6)
                    iadd r0.x, r0.x, l(6)
                    break
                endswitch
                store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx
                ret
                """;
        int[] got = AsmRun.run(asm, new int[0], 8, Dispatch.of(1));
        int[] expected = new int[8];
        for (int tid = 0; tid < 8; tid++) {
            int x = 0;
            switch (tid) {
                case 1, 2 -> x = 12;
                case 5 -> x = 11;
                case 6 -> x = 6;
                default -> x = 99;
            }
            expected[tid] = x;
        }
        assertThat(got).containsExactly(expected);
    }
}
