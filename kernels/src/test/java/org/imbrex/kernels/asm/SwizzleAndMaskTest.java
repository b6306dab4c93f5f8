package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

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
}
