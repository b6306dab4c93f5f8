package org.imbrex.kernels.intrinsics;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The fp32 rules of spec §5: {@code add} with denormal flush, {@code _sat}, {@code -} and {@code _abs}. */
class Fp32Test {

    private static int bits(float f) {
        return Float.floatToRawIntBits(f);
    }

    @ParameterizedTest(name = "vector {0}: {1} + {2} = {3}")
    @CsvSource({
        "8,  3F800000, 40000000, 40400000",
        "9,  807FFFFF, 007FFFFF, 00000000",
        "10, 80000000, 80000000, 80000000",
        "10, 80000000, 00000000, 00000000",
        "12, 007E0000, 007E0000, 00000000",
        "12, 00200000, 00200000, 00000000",
        "12, 007E0000, 807E0000, 00000000",
        "12, 007E0000, 800E0000, 00000000",
        "13, 00800000, 807FFFFF, 00800000",
        "14, 00800001, 80800000, 00000000",
        "14, 80800001, 00800000, 80000000",
        "15, 7F7FFFFF, 7F7FFFFF, 7F800000",
        "16, 3F800000, 33800000, 3F800000",
        "16, 3F800001, 33800000, 3F800002",
        "16, 3F800000, 33800001, 3F800001",
        "17, 3F800000, BF800000, 00000000",
        "17, 807FFFFF, 3F800000, 3F800000"})
    void add_specVector_givesExactBits(int vector, String a, String b, String expected) {
        int result = Fp32.add(Integer.parseUnsignedInt(a, 16), Integer.parseUnsignedInt(b, 16));
        assertThat(Integer.toHexString(result).toUpperCase()).as("vector %d", vector)
                .isEqualTo(Integer.toHexString(Integer.parseUnsignedInt(expected, 16)).toUpperCase());
    }

    @Test
    void add_infinityMinusInfinity_isNaNVector11() {
        assertThat(Float.isNaN(Float.intBitsToFloat(Fp32.add(0x7F800000, 0xFF800000)))).isTrue();
        assertThat(Fp32.add(0x7F800000, 0xFF800000)).isEqualTo(Fp32.NAN);
    }

    @Test
    void add_negatedAbsoluteSource_appliesAbsThenNegateVector18() {
        // add r0.x, -|r1.x|, r2.x with r1.x = 2.0, r2.x = 0.5
        int source0 = Fp32.modify(0x40000000, true, true);
        assertThat(Fp32.add(source0, 0x3F000000)).isEqualTo(0xBFC00000);
        // the same with a negative input: -|-2.0| is still -2.0
        assertThat(Fp32.add(Fp32.modify(0xC0000000, true, true), 0x3F000000)).isEqualTo(0xBFC00000);
    }

    @Test
    void modify_negateOnly_flipsSignAndAbsOnly_clearsIt() {
        assertThat(Fp32.modify(0x40000000, false, true)).isEqualTo(0xC0000000);
        assertThat(Fp32.modify(0xC0000000, true, false)).isEqualTo(0x40000000);
        assertThat(Fp32.modify(0xFF800000, true, false)).isEqualTo(0x7F800000);
        assertThat(Fp32.modify(0x12345678, false, false)).isEqualTo(0x12345678);
    }

    @Test
    void addSat_specVector19_clampsResult() {
        assertThat(Fp32.sat(Fp32.add(0x7FC00000, Fp32.ONE))).isEqualTo(0);
        assertThat(Fp32.sat(Fp32.add(bits(0.75f), bits(0.5f)))).isEqualTo(0x3F800000);
        assertThat(Fp32.sat(Fp32.add(bits(-0.5f), bits(0.25f)))).isEqualTo(0);
    }

    @Test
    void sat_vkd3dRow_vector19() {
        int[] in = {0x7FC00000, 0xFFC00000, 0x7F800000, 0xFF800000, 0x80000000, bits(-1f)};
        int[] out = new int[in.length];
        for (int i = 0; i < in.length; i++) {
            out[i] = Fp32.sat(in[i]);
        }
        assertThat(out).containsExactly(0, 0, 0x3F800000, 0, 0, 0);
    }

    @Test
    void ftz_denormal_becomesSignedZeroOthersKept() {
        assertThat(Fp32.ftz(0x007FFFFF)).isEqualTo(0);
        assertThat(Fp32.ftz(0x80000001)).isEqualTo(0x80000000);
        assertThat(Fp32.ftz(0x00800000)).isEqualTo(0x00800000);
        assertThat(Fp32.ftz(0x7FC00001)).isEqualTo(0x7FC00001);
    }

    @Test
    void mul_denormalInputs_areFlushed() {
        // 2^-127 · 2^100 would be 2^-27 without the input flush
        assertThat(Fp32.mul(0x00400000, 0x71800000)).isEqualTo(0);
        assertThat(Fp32.mul(bits(1.5f), bits(2f))).isEqualTo(bits(3f));
    }

    // ---- randomized: the spec's special-case table (§5.2) as an oracle --------------------------

    private static boolean isDenormal(int b) {
        return (b & 0x7F800000) == 0 && (b & 0x007FFFFF) != 0;
    }

    private static boolean isNaN(int b) {
        return (b & 0x7F800000) == 0x7F800000 && (b & 0x007FFFFF) != 0;
    }

    /** Flush inputs to signed zeros, IEEE add, flush a denormal result; NaN compared as NaN-ness. */
    private static int oracleAdd(int a, int b) {
        if (isNaN(a) || isNaN(b)) {
            return Fp32.NAN;
        }
        float fa = isDenormal(a) ? ((a < 0) ? -0f : 0f) : Float.intBitsToFloat(a);
        float fb = isDenormal(b) ? ((b < 0) ? -0f : 0f) : Float.intBitsToFloat(b);
        if (Float.isInfinite(fa) && Float.isInfinite(fb) && fa != fb) {
            return Fp32.NAN;
        }
        int r = Float.floatToRawIntBits(fa + fb);
        return isDenormal(r) ? r & 0x80000000 : r;
    }

    @Provide
    Arbitrary<Integer> floatBits() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(Integer.MIN_VALUE, Integer.MAX_VALUE),
                Arbitraries.integers().between(0, 0x00FFFFFF).map(m -> (m & 0x00800000) != 0 ? m | 0x80000000 : m),
                Arbitraries.of(0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x3F800000, 0xBF800000,
                        0x00800000, 0x80800000, 0x7F7FFFFF));
    }

    @Property(tries = 3000)
    void add_randomBits_matchesTableOracle(@ForAll("floatBits") int a, @ForAll("floatBits") int b) {
        assertThat(Fp32.add(a, b)).isEqualTo(oracleAdd(a, b));
        assertThat(Fp32.add(a, b)).as("add commutes").isEqualTo(Fp32.add(b, a));
    }

    @Property(tries = 2000)
    void sat_randomBits_isInUnitIntervalAndIdentityInside(@ForAll("floatBits") int a) {
        float s = Float.intBitsToFloat(Fp32.sat(a));
        float f = Float.intBitsToFloat(a);
        assertThat(s).isBetween(0f, 1f);
        assertThat(Fp32.sat(a) & 0x80000000).as("never -0").isZero();
        if (f > 0f && f < 1f) {
            assertThat(Fp32.sat(a)).isEqualTo(a);
        }
    }
}
