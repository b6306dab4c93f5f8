package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.shaders.Msad4BlockMatch;
import org.imbrex.kernels.shaders.Msad4Search;
import org.imbrex.kernels.shaders.ShaderCatalog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Which programs run several groups side by side ({@link GroupIndependence}), and that the system values
 * of spec §2.2 stay exact when they do, also in a last call holding fewer groups.
 */
class GroupIndependenceTest {
    /** One store per thread, after all flow: the packed system values at the thread's linear place. */
    private static final String SYSTEM_VALUES = """
            cs_5_0
            dcl_thread_group 4, 2, 1
            dcl_uav_typed_buffer (uint,uint,uint,uint) u0
            dcl_input vThreadID.xy
            dcl_input vThreadGroupID.xy
            dcl_input vThreadIDInGroupFlattened.x
            dcl_temps 2
            imad r0.x, vThreadID.y, l(44), vThreadID.x
            ishl r1.x, vThreadGroupID.x, l(24)
            bfi r1.x, l(8), l(16), vThreadGroupID.y, r1.x
            bfi r1.x, l(8), l(8), vThreadIDInGroupFlattened.x, r1.x
            bfi r1.x, l(8), l(0), vThreadID.x, r1.x
            store_uav_typed u0.xyzw, r0.xxxx, r1.xxxx
            ret
            """;

    private static String program(String body) {
        return AsmRun.header("64, 1, 1", 1, 2) + "dcl_input vThreadID.x\n" + body + "\nret\n";
    }

    @Test
    void systemValues_elevenGroupsSideBySide_matchSpec2_2ForEveryThread() {
        assertThat(AsmShader.parse("sv.asm", SYSTEM_VALUES).groupsPerCall()).isEqualTo(8);

        // numthreads(4,2,1), Dispatch(11,2,1): 44 × 4 threads; calls of 8 + 3 groups per row.
        int[] u0 = AsmRun.run(SYSTEM_VALUES, new int[0], 44 * 4, Dispatch.of(11, 2, 1));

        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 44; x++) {
                int gx = x / 4;
                int gy = y / 2;
                int flattened = (y % 2) * 4 + x % 4;
                assertThat(u0[y * 44 + x]).as("thread (%d, %d)", x, y)
                        .isEqualTo(gx << 24 | gy << 16 | flattened << 8 | x);
            }
        }
    }

    @Test
    void shippedShaders_searchSideBySide_blockMatchStoresInALoopOneGroupAtATime() {
        assertThat(ShaderCatalog.assembly(Msad4Search.NAME).groupsPerCall()).isEqualTo(8);
        assertThat(ShaderCatalog.assembly(Msad4BlockMatch.NAME).groupsPerCall()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "store_uav_typed u0.xyzw, vThreadID.xxxx, l(1,1,1,1)\nstore_uav_typed u0.xyzw, l(0,0,0,0), l(2,2,2,2)",
        "loop\nstore_uav_typed u0.xyzw, vThreadID.xxxx, l(1,1,1,1)\nbreak\nendloop",
        "ld_uav_typed r0.x, l(0,0,0,0), u0.xyzw\nstore_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx",
        "imm_atomic_iadd r0.x, u0, l(0,0,0,0), l(1,0,0,0)",
        "sync_uglobal_g_t\nstore_uav_typed u0.xyzw, vThreadID.xxxx, l(1,1,1,1)"})
    void groupsPerCall_groupsThatCanObserveEachOther_runOneAtATime(String body) {
        assertThat(AsmShader.parse("t.asm", program(body)).groupsPerCall()).isEqualTo(1);
    }

    @Test
    void groupsPerCall_oneStoreAfterTheLoop_runsSideBySide() {
        String body = "mov r0.x, l(0)\nloop\nuge r0.y, r0.x, l(3)\nbreakc_nz r0.y\niadd r0.x, r0.x, l(1)\nendloop\n"
                + "store_uav_typed u0.xyzw, vThreadID.xxxx, r0.xxxx";

        assertThat(AsmShader.parse("t.asm", program(body)).groupsPerCall()).isEqualTo(8);
        int[] u0 = AsmRun.run(program(body), new int[] {0}, 64 * 9, Dispatch.of(9));
        assertThat(u0).containsOnly(3);
    }
}
