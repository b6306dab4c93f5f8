package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.junit.jupiter.api.Test;

/** Spec §6 and its test vectors 36–38, through assembly: swizzles, write masks, short swizzles, read-before-write. */
class SwizzleAndMaskTest {
    private static final int ONE = Float.floatToRawIntBits(1f);
    private static final int TWO = Float.floatToRawIntBits(2f);
    private static final int THREE = Float.floatToRawIntBits(3f);
    private static final int FOUR = Float.floatToRawIntBits(4f);
    private static final int NINE = Float.floatToRawIntBits(9f);

    @Test
    void mov_maskYzFromWzyx_writesSelectorIOfEachEnabledComponent() {
        int[] r0 = AsmRun.single("""
                mov r1.xyzw, l(1.0, 2.0, 3.0, 4.0)
                mov r0.xyzw, l(9.0)
                mov r0.yz, r1.wzyx
                """, new int[0], 2, "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww");
        assertThat(r0).containsExactly(NINE, THREE, TWO, NINE);
    }

    @Test
    void add_twoLetterSwizzleAndScalarImmediate_repeatsTheLastLetter() {
        int[] r0 = AsmRun.single("""
                mov r1.xyzw, l(1.0, 2.0, 3.0, 4.0)
                add r0.xyzw, r1.xy, l(1.0)
                """, new int[0], 2, "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww");
        assertThat(r0).containsExactly(TWO, THREE, THREE, THREE);
    }

    @Test
    void add_destinationAlsoASource_readsEverySourceBeforeWriting() {
        int[] r0 = AsmRun.single("""
                mov r0.xy, l(1.0, 2.0, 0, 0)
                add r0.xy, r0.yx, r0.xy
                """, new int[0], 1, "r0.xxxx", "r0.yyyy");
        assertThat(r0).containsExactly(THREE, THREE);
    }

    @Test
    void mov_singleLetterSwizzleOfConstantBuffer_replicatesIt() {
        int[] r0 = AsmRun.single("mov r0.xyzw, cb0[0].z\n", new int[] {ONE, TWO, THREE, FOUR}, 1,
                "r0.xxxx", "r0.wwww");
        assertThat(r0).containsExactly(THREE, THREE);
    }

    /** Spec vector 29, last clause: {@code ld r0.x, l(4), t0.xyzw} out of bounds builds (0, 0, 0, 1) and writes only x. */
    @Test
    void ld_withXMask_outOfBounds_changesOnlyX() {
        String asm = """
                cs_5_0
                dcl_thread_group 1, 1, 1
                dcl_resource_buffer (uint,uint,uint,uint) t0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_temps 1
                mov r0.xyzw, l(9, 9, 9, 9)
                ld r0.x, l(4, 0, 0, 0), t0.xyzw
                store_uav_typed u0.xyzw, l(0, 0, 0, 0), r0.xyzw
                ret
                """;
        try (BufferAllocator allocator = new RootAllocator();
             RWBuffer out = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 1, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, new int[] {5, 6, 7, 8}, 4))
                    .setUnorderedAccessView(0, out);
            new DeviceContext().dispatch(AsmShader.parse("mask.asm", asm), resources, Dispatch.of(1));
            int[] words = new int[4];
            ByteBuffer.wrap(out.contents()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
            assertThat(words).containsExactly(0, 9, 9, 9);
        }
    }
}
