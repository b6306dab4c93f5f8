package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.junit.jupiter.api.Test;

/**
 * A tree reduction in groupshared memory with {@code sync_g_t} between the steps (spec §2.3: every thread
 * of the group reaches the barrier before any passes it): each group sums its 64 words of t0, reading 0
 * past the end of the buffer (spec §3). The oracle is a plain Java sum per group.
 */
class GroupSharedReductionTest {
    private static final String ASM = """
            cs_5_0
            dcl_thread_group 64, 1, 1
            dcl_resource_buffer (uint,uint,uint,uint) t0
            dcl_uav_typed_buffer (uint,uint,uint,uint) u0
            dcl_tgsm_structured g0, 4, 64
            dcl_input vThreadID.x
            dcl_input vThreadGroupID.x
            dcl_input vThreadIDInGroupFlattened.x
            dcl_temps 3
            ld_indexable(buffer)(uint,uint,uint,uint) r0.x, vThreadID.xxxx, t0.xyzw
            store_structured g0.x, vThreadIDInGroupFlattened.x, l(0), r0.x
            sync_g_t
            mov r1.x, l(32)
            loop
              ieq r1.y, r1.x, l(0)
              breakc_nz r1.y
              ult r1.y, vThreadIDInGroupFlattened.x, r1.x
              if_nz r1.y
                iadd r1.z, vThreadIDInGroupFlattened.x, r1.x
                ld_structured r2.x, r1.z, l(0), g0.xxxx
                ld_structured r2.y, vThreadIDInGroupFlattened.x, l(0), g0.xxxx
                iadd r2.x, r2.x, r2.y
                store_structured g0.x, vThreadIDInGroupFlattened.x, l(0), r2.x
              endif
              sync_g_t
              ushr r1.x, r1.x, l(1)
            endloop
            if_z vThreadIDInGroupFlattened.x
              ld_structured r2.x, l(0), l(0), g0.xxxx
              store_uav_typed u0.xyzw, vThreadGroupID.xxxx, r2.xxxx
            endif
            ret
            """;

    @Test
    void treeReduction_withBarriers_sumsEachGroup() {
        int[] words = new Random(7).ints(300, 0, 1 << 20).toArray();
        int groups = 5;
        try (BufferAllocator allocator = new RootAllocator()) {
            try (RWBuffer sums = RWBuffer.allocate(DxgiFormat.R32_UINT, groups, allocator)) {
                ShaderResources resources = new ShaderResources()
                        .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, words.length))
                        .setUnorderedAccessView(0, sums);
                new DeviceContext().dispatch(AsmShader.parse("reduce.asm", ASM), resources, Dispatch.of(groups));
                for (int g = 0; g < groups; g++) {
                    int expected = 0;
                    for (int i = 64 * g; i < Math.min(64 * (g + 1), words.length); i++) {
                        expected += words[i];
                    }
                    assertThat(sums.uint(g, 0)).as("group %d", g).isEqualTo(expected);
                }
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }
}
