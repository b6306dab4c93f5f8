package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * One instruction at a time through the interpreter, on the values where D3D11's rules differ from a
 * naive reading (FS §22.10–22.13, spec §5). Each expected value is derived from the rule quoted in the
 * test, not from the implementation.
 */
class InstructionSemanticsTest {
    private static final int NAN = 0x7FC0_0000;

    private static int[] run(String body, String... stores) {
        return AsmRun.single(body, new int[0], 4, stores);
    }

    private static int f(float v) {
        return Float.floatToRawIntBits(v);
    }

    @Test
    void udiv_byZero_givesAllOnesQuotientAndRemainder() {
        // FS udiv: a zero divisor gives 0xFFFFFFFF in both destinations.
        assertThat(run("udiv r0.x, r1.x, l(7), l(0)", "r0.xxxx", "r1.xxxx")).containsExactly(-1, -1);
        assertThat(run("udiv r0.x, r1.x, l(4294967295), l(10)", "r0.xxxx", "r1.xxxx"))
                .containsExactly(429496729, 5);
    }

    @Test
    void udiv_nullQuotient_writesOnlyTheRemainder() {
        assertThat(run("mov r0.x, l(77)\nudiv null, r0.x, l(38), l(5)", "r0.xxxx")).containsExactly(3);
        assertThat(run("mov r0.x, l(77)\nudiv r0.x, null, l(38), l(5)", "r0.xxxx")).containsExactly(7);
    }

    @Test
    void imulAndUmul_firstDestinationIsTheHighWord() {
        // 0x80000000 · 4: signed −2^33 → hi 0xFFFFFFFE; unsigned 2^33 → hi 2; lo 0 for both.
        assertThat(run("imul r0.x, r1.x, l(0x80000000), l(4)\numul r2.x, r3.x, l(0x80000000), l(4)",
                "r0.xxxx", "r1.xxxx", "r2.xxxx", "r3.xxxx")).containsExactly(-2, 0, 2, 0);
    }

    @Test
    void shifts_useTheLowFiveBitsOfTheAmount() {
        assertThat(run("ishl r0.x, l(1), l(33)\nushr r0.y, l(0x80000000), l(63)\nishr r0.z, l(0x80000000), l(63)",
                "r0.xxxx", "r0.yyyy", "r0.zzzz")).containsExactly(2, 1, -1);
    }

    @Test
    void bitFieldInstructions_maskWidthAndOffsetToFiveBits() {
        // bfi(8, 24, y, x>>8) is msad4's window 1 (spec §1.2); ubfe with w + o ≥ 32 shifts only by o.
        assertThat(run("""
                bfi r0.x, l(8), l(24), l(0x4F57C2A3), l(0x00D7B0C3)
                ubfe r0.y, l(8), l(28), l(0xABCDEF12)
                ibfe r0.z, l(4), l(4), l(0x000000F0)
                ubfe r0.w, l(32), l(4), l(0xFFFFFFFF)
                """, "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww"))
                .containsExactly(0xA3D7B0C3, 0xA, -1, 0);
    }

    @Test
    void bitCounting_noBitSet_givesAllOnes() {
        assertThat(run("""
                firstbit_hi r0.x, l(0)
                firstbit_hi r0.y, l(0x00010000)
                firstbit_lo r0.z, l(0x00010000)
                firstbit_shi r0.w, l(0xFFFFFFFF)
                firstbit_shi r1.x, l(0xFFFF0000)
                countbits r1.y, l(0xF0F0F0F0)
                bfrev r1.z, l(1)
                """, "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww", "r1.xxxx", "r1.yyyy", "r1.zzzz"))
                .containsExactly(-1, 15, 16, -1, 16, 16, 0x8000_0000);
    }

    @Test
    void movc_anySetBitSelectsTheFirstSource() {
        assertThat(run("movc r0.xyzw, l(0, 1, 0x80000000, 0), l(10, 11, 12, 13), l(20, 21, 22, 23)",
                "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww")).containsExactly(20, 11, 12, 23);
    }

    @Test
    void floatToInteger_nanAndOverflow_saturateOrGiveZero() {
        // ftoi: NaN → 0, beyond the range → INT_MIN/INT_MAX; ftou: negative and NaN → 0, ≥ 2^32 → UINT_MAX.
        assertThat(run("""
                ftoi r0.xyzw, l(nan, 3.0e+10, -3.0e+10, -2.7)
                ftou r1.xyzw, l(nan, -1.0, 5.0e+09, 2.9)
                """, "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww", "r1.xxxx", "r1.yyyy", "r1.zzzz", "r1.wwww"))
                .containsExactly(0, Integer.MAX_VALUE, Integer.MIN_VALUE, -2, 0, 0, -1, 2);
    }

    @Test
    void rounding_family_roundsHalfwayCasesAsNamed() {
        int[] r = run("""
                round_ne r0.xyzw, l(2.5, -2.5, 3.5, -0.5)
                round_ni r1.x, l(-2.5)
                round_pi r1.y, l(-2.5)
                round_z r1.z, l(-2.7)
                frc r1.w, l(-1.25)
                """, "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww", "r1.xxxx", "r1.yyyy", "r1.zzzz", "r1.wwww");
        assertThat(r).containsExactly(f(2f), f(-2f), f(4f), f(-0f), f(-3f), f(-2f), f(-2f), f(0.75f));
    }

    @Test
    void minAndMax_oneNanOperand_giveTheOther() {
        assertThat(run("min r0.x, l(nan), l(2.0)\nmax r0.y, l(3.0), l(nan)\nmin r0.z, l(-0.0), l(0.0)",
                "r0.xxxx", "r0.yyyy", "r0.zzzz")).containsExactly(f(2f), f(3f), f(-0f));
    }

    @Test
    void floatCompares_nanIsUnorderedAndZerosAreEqual() {
        assertThat(run("""
                eq r0.x, l(nan), l(nan)
                ne r0.y, l(nan), l(nan)
                eq r0.z, l(-0.0), l(0x00000001)
                ge r0.w, l(1.0), l(1.0)
                lt r1.x, l(nan), l(1.0)
                """, "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww", "r1.xxxx")).containsExactly(0, -1, -1, -1, 0);
    }

    @Test
    void denormals_flushedByArithmeticButNotByMov() {
        // spec §5.1: mov is data movement; mul by 1.0 is arithmetic and flushes.
        assertThat(run("mov r0.x, l(0x00000001)\nmul r0.y, l(0x00000001), l(1.0)\nadd r0.z, l(0x807FFFFF), l(0x007FFFFF)",
                "r0.xxxx", "r0.yyyy", "r0.zzzz")).containsExactly(1, 0, 0);
    }

    @Test
    void squareRoots_areCorrectlyRounded() {
        assertThat(run("sqrt r0.x, l(2.0)\nrsq r0.y, l(4.0)\nsqrt r0.z, l(-1.0)\nrsq r0.w, l(0.0)",
                "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww"))
                .containsExactly(f((float) Math.sqrt(2)), f(0.5f), NAN, f(Float.POSITIVE_INFINITY));
    }

    @Test
    void halfConversions_roundTowardZeroAndBack() {
        // spec §4.2 / vector 26: 65520 → 0x7BFF (RTZ, clamp); 1.000732421875 → 0x3C00; f16tof32(0x0001) = 2^−24.
        assertThat(run("f32tof16 r0.xyz, l(65520.0, 0x3F801800, 1.0, 0)\nf16tof32 r0.w, l(0x00010001)",
                "r0.xxxx", "r0.yyyy", "r0.zzzz", "r0.wwww")).containsExactly(0x7BFF, 0x3C00, 0x3C00, 0x3380_0000);
    }

    @Test
    void intToFloat_roundsToNearestEven() {
        assertThat(run("itof r0.x, l(16777217)\nutof r0.y, l(4294967295)\nitof r0.z, l(-1)",
                "r0.xxxx", "r0.yyyy", "r0.zzzz")).containsExactly(f(16777216f), f(4294967296f), f(-1f));
    }

    @Test
    void swapc_selectsPerComponentIntoTwoDestinations() {
        assertThat(run("swapc r0.xy, r1.xy, l(0, 1, 0, 0), l(1, 2, 0, 0), l(3, 4, 0, 0)",
                "r0.xxxx", "r0.yyyy", "r1.xxxx", "r1.yyyy")).containsExactly(1, 4, 3, 2);
    }

    @Test
    void integerNegateModifier_isTwosComplement() {
        assertThat(run("iadd r0.x, -l(5), l(2)\nmov r0.y, -l(1.5)", "r0.xxxx", "r0.yyyy")).containsExactly(-3, f(-1.5f));
    }

    @Test
    void msad_scalarVector5_masksZeroReferenceBytes() {
        // spec test vector 5: msad(00FF00FF, 01020304, 100) = 604.
        assertThat(run("msad r0.x, l(0x00FF00FF), l(0x01020304), l(100)", "r0.xxxx")).containsExactly(604);
    }

    @Test
    void indexableTemp_dynamicIndex_readsAndWritesPerLane() {
        int[] got = AsmRun.single("""
                mov x0[0].x, l(10)
                mov x0[1].x, l(11)
                mov x0[2].x, l(12)
                mov r0.x, l(1)
                mov r1.x, x0[r0.x + 1].x
                mov x0[r0.x + 0].x, l(99)
                mov r1.y, x0[1].x
                """, new int[0], 2, "r1.xxxx", "r1.yyyy");
        assertThat(got).containsExactly(12, 99);
    }
}
