package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.imbrex.kernels.dispatch.Dispatch;
import org.junit.jupiter.api.Test;

/**
 * The four compute inputs through assembly for numthreads(10,8,3) and Dispatch(5,3,2) (spec §2.2, test
 * vector 33): every one of the 7200 threads writes its ten values at its own place.
 *
 * <pre>
 *   place = ((gz·3 + gy)·5 + gx)·240 + SV_GroupIndex          10 words each:
 *   vThreadID.xyz  vThreadGroupID.xyz  vThreadIDInGroup.xyz  vThreadIDInGroupFlattened
 * </pre>
 */
class SystemValuesTest {
    private static final String ASM = """
            cs_5_0
            dcl_thread_group 10, 8, 3
            dcl_uav_typed_buffer (uint,uint,uint,uint) u0
            dcl_input vThreadID.xyz
            dcl_input vThreadGroupID.xyz
            dcl_input vThreadIDInGroup.xyz
            dcl_input vThreadIDInGroupFlattened.x
            dcl_temps 2
            imad r0.x, vThreadGroupID.z, l(3), vThreadGroupID.y
            imad r0.x, r0.x, l(5), vThreadGroupID.x
            imad r0.x, r0.x, l(240), vThreadIDInGroupFlattened.x
            imul null, r0.x, r0.x, l(10)
            iadd r1.xyzw, r0.xxxx, l(0, 1, 2, 3)
            store_uav_typed u0.xyzw, r1.xxxx, vThreadID.xxxx
            store_uav_typed u0.xyzw, r1.yyyy, vThreadID.yyyy
            store_uav_typed u0.xyzw, r1.zzzz, vThreadID.zzzz
            store_uav_typed u0.xyzw, r1.wwww, vThreadGroupID.xxxx
            iadd r1.xyzw, r0.xxxx, l(4, 5, 6, 7)
            store_uav_typed u0.xyzw, r1.xxxx, vThreadGroupID.yyyy
            store_uav_typed u0.xyzw, r1.yyyy, vThreadGroupID.zzzz
            store_uav_typed u0.xyzw, r1.zzzz, vThreadIDInGroup.xxxx
            store_uav_typed u0.xyzw, r1.wwww, vThreadIDInGroup.yyyy
            iadd r1.xy, r0.xxxx, l(8, 9, 0, 0)
            store_uav_typed u0.xyzw, r1.xxxx, vThreadIDInGroup.zzzz
            store_uav_typed u0.xyzw, r1.yyyy, vThreadIDInGroupFlattened.xxxx
            ret
            """;

    @Test
    void inputs_numthreads10x8x3Dispatch5x3x2_giveEveryThreadItsSystemValues() {
        int[] u0 = AsmRun.run(ASM, new int[0], 7200 * 10, Dispatch.of(5, 3, 2));
        for (int gz = 0; gz < 2; gz++) {
            for (int gy = 0; gy < 3; gy++) {
                for (int gx = 0; gx < 5; gx++) {
                    for (int tz = 0; tz < 3; tz++) {
                        for (int ty = 0; ty < 8; ty++) {
                            for (int tx = 0; tx < 10; tx++) {
                                int index = tz * 80 + ty * 10 + tx;
                                int at = 10 * (((gz * 3 + gy) * 5 + gx) * 240 + index);
                                assertThat(new int[] {u0[at], u0[at + 1], u0[at + 2], u0[at + 3], u0[at + 4],
                                    u0[at + 5], u0[at + 6], u0[at + 7], u0[at + 8], u0[at + 9]})
                                        .containsExactly(gx * 10 + tx, gy * 8 + ty, gz * 3 + tz, gx, gy, gz, tx, ty, tz,
                                                index);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void inputs_specVector33_giveTheListedIds() {
        int[] u0 = AsmRun.run(ASM, new int[0], 7200 * 10, Dispatch.of(5, 3, 2));
        int first = 10 * (((0 * 3 + 1) * 5 + 2) * 240 + 57);
        assertThat(java.util.Arrays.copyOfRange(u0, first, first + 10)).containsExactly(27, 13, 0, 2, 1, 0, 7, 5, 0, 57);
        int last = 10 * (((1 * 3 + 2) * 5 + 4) * 240 + 239);
        assertThat(java.util.Arrays.copyOfRange(u0, last, last + 10)).containsExactly(49, 23, 5, 4, 2, 1, 9, 7, 2, 239);
    }
}
