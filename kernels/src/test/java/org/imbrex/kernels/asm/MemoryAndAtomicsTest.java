package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.ShaderFault;
import org.imbrex.kernels.resource.ByteAddressBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.RWByteAddressBuffer;
import org.imbrex.kernels.resource.RWStructuredBuffer;
import org.imbrex.kernels.resource.RWTexture2D;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.StructuredBuffer;
import org.imbrex.kernels.resource.Texture2D;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Raw and structured loads and stores, texture loads, typed UAV loads and atomics through assembly, with
 * the out-of-bounds rules of spec §4.5 (reads 0, writes dropped) and §3 (typed loads).
 */
class MemoryAndAtomicsTest {
    private BufferAllocator allocator;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void close() {
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    private static void dispatch(String asm, ShaderResources resources, int groups) {
        new DeviceContext().dispatch(AsmShader.parse("memory.asm", asm), resources, Dispatch.of(groups));
    }

    @Test
    void rawBuffers_copyWordsAndDropOutOfBoundsWrites() {
        String asm = """
                cs_5_0
                dcl_thread_group 4, 1, 1
                dcl_resource_raw t0
                dcl_uav_raw u0
                dcl_input vThreadID.x
                dcl_temps 2
                ishl r0.x, vThreadID.x, l(3)
                ld_raw r1.xy, r0.x, t0.xyxx
                store_raw u0.xy, r0.x, r1.yxyy
                ret
                """;
        try (RWByteAddressBuffer out = RWByteAddressBuffer.allocate(28, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, ByteAddressBuffer.ofWords(1, 2, 3, 4, 5, 6, 7))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            // thread 3 reads words 6 and 7 (7 is out of bounds → 0) and writes 0 at 24, 7 at 28 (dropped)
            assertThat(words(out.contents())).containsExactly(2, 1, 4, 3, 6, 5, 0);
        }
    }

    @Test
    void structuredBuffers_addressByIndexAndOffset() {
        String asm = """
                cs_5_0
                dcl_thread_group 3, 1, 1
                dcl_resource_structured t0, 8
                dcl_uav_structured u0, 8
                dcl_input vThreadID.x
                dcl_temps 1
                ld_structured r0.xy, vThreadID.x, l(0), t0.yxxx
                iadd r0.x, r0.x, l(100)
                store_structured u0.xy, vThreadID.x, l(0), r0.xyxx
                ret
                """;
        try (RWStructuredBuffer out = RWStructuredBuffer.allocate(8, 2, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, StructuredBuffer.ofWords(8, 10, 11, 20, 21))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            assertThat(words(out.contents())).containsExactly(111, 10, 121, 20);
        }
    }

    @Test
    void texture2dLd_readsTexelsAndOutOfBoundsDefaults() {
        String asm = """
                cs_5_0
                dcl_thread_group 3, 1, 1
                dcl_resource_texture2d (uint,uint,uint,uint) t0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_input vThreadID.x
                dcl_temps 1
                mov r0.xy, vThreadID.xxxx
                mov r0.zw, l(0, 0, 0, 0)
                ld_indexable(texture2d)(uint,uint,uint,uint) r0.xyzw, r0.xyzw, t0.xyzw
                ishl r0.y, vThreadID.x, l(1)
                store_uav_typed u0.xyzw, r0.yyyy, r0.xxxx
                iadd r0.y, r0.y, l(1)
                store_uav_typed u0.xyzw, r0.yyyy, r0.wwww
                ret
                """;
        ByteBuffer texels = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(2).putInt(3).putInt(4)
                .flip();
        try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 6, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, Texture2D.of(DxgiFormat.R32_UINT, 2, 2, texels))
                    .setUnorderedAccessView(0, out);
            dispatch(asm, resources, 1);
            // thread t loads (t, t) at mip 0 (address .w): (0,0) = 1, (1,1) = 4, (2,2) out of bounds = (0, 0, 0, 1)
            assertThat(words(out.contents())).containsExactly(1, 1, 4, 1, 0, 1);
        }
    }

    @Test
    void atomics_onTypedUavAndGroupshared_combineEveryLane() {
        String asm = """
                cs_5_0
                dcl_thread_group 8, 1, 1
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_tgsm_raw g0, 8
                dcl_input vThreadIDInGroupFlattened.x
                dcl_temps 2
                atomic_iadd u0, l(0), vThreadIDInGroupFlattened.x
                atomic_umax u0, l(1), vThreadIDInGroupFlattened.x
                imm_atomic_iadd r0.x, g0, l(4), l(1)
                atomic_or g0, l(0), l(1)
                imm_atomic_cmp_exch r1.x, u0, l(2), l(0), l(7)
                sync_g_t
                ld_raw r0.y, l(4), g0.xxxx
                ieq r0.z, vThreadIDInGroupFlattened.x, l(7)
                if_nz r0.z
                  store_uav_typed u0.xyzw, l(3), r0.xxxx
                  store_uav_typed u0.xyzw, l(4), r0.yyyy
                  store_uav_typed u0.xyzw, l(5), r1.xxxx
                endif
                imm_atomic_exch r1.y, u0, l(6), vThreadIDInGroupFlattened.x
                atomic_iadd u0, l(99), l(1)
                ret
                """;
        try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 7, allocator)) {
            dispatch(asm, new ShaderResources().setUnorderedAccessView(0, out), 2);
            // per group: Σ 0..7 = 28 twice; max 7; lane 7's imm_atomic_iadd saw 7; g0 word 1 = 8;
            // the cmp_exch stored 7 once (group 0, lane 0), so lane 7 of group 1 saw 7; the exch left lane 7
            assertThat(words(out.contents())).containsExactly(56, 7, 7, 7, 8, 7, 7);
        }
    }

    @Test
    void ldUavTyped_readsTheViewAndDefaultsOutOfBounds() {
        String asm = """
                cs_5_0
                dcl_thread_group 2, 1, 1
                dcl_uav_typed_texture2d (float,float,float,float) u0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u1
                dcl_input vThreadID.x
                dcl_temps 1
                ld_uav_typed_indexable(texture2d)(float,float,float,float) r0.xyzw, vThreadID.xxxx, u0.xyzw
                ishl r0.y, vThreadID.x, l(1)
                store_uav_typed u1.xyzw, r0.yyyy, r0.xxxx
                iadd r0.y, r0.y, l(1)
                store_uav_typed u1.xyzw, r0.yyyy, r0.wwww
                ret
                """;
        try (RWTexture2D texture = RWTexture2D.allocate(DxgiFormat.R32_FLOAT, 1, 1, allocator);
             RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 4, allocator)) {
            texture.store(0, 0, new int[] {Float.floatToRawIntBits(2.5f), 0, 0, 0});
            dispatch(asm, new ShaderResources().setUnorderedAccessView(0, texture).setUnorderedAccessView(1, out), 1);
            int one = Float.floatToRawIntBits(1f);
            assertThat(words(out.contents())).containsExactly(Float.floatToRawIntBits(2.5f), one, 0, one);
        }
    }

    @Test
    void boundView_ofTheWrongKind_failsNamingTheSlot() {
        String asm = "cs_5_0\ndcl_thread_group 1, 1, 1\ndcl_uav_raw u1\nret\n";
        try (RWBuffer wrong = RWBuffer.allocate(DxgiFormat.R32_UINT, 1, allocator)) {
            assertThatThrownBy(() -> dispatch(asm, new ShaderResources().setUnorderedAccessView(1, wrong), 1))
                    .isInstanceOf(ShaderFault.class).hasMessageContaining("u1 is declared raw but holds a RWBuffer");
        }
    }

    private static int[] words(byte[] bytes) {
        int[] words = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
        return words;
    }
}
