package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The conversions of typed stores and loads (spec §4.2, §3), test vectors 20–28, with oracles that
 * decode small floats from their definition and search the code table for round-toward-zero.
 */
class FormatConversionTest {

    private static int f(float value) {
        return Float.floatToRawIntBits(value);
    }

    private static int hex(String text) {
        return Integer.parseUnsignedInt(text, 16);
    }

    // ---- UNORM / SNORM ----------------------------------------------------------------------------

    @Test
    void floatToUnorm8_specVector20() {
        int[] codes = {FormatConversion.floatToUnorm(f(0.5f), 8), FormatConversion.floatToUnorm(f(0.25f), 8),
            FormatConversion.floatToUnorm(f(0.1f), 8), FormatConversion.floatToUnorm(f(1f), 8),
            FormatConversion.floatToUnorm(f(2f), 8), FormatConversion.floatToUnorm(f(-0.5f), 8),
            FormatConversion.floatToUnorm(f(Float.NaN), 8)};
        assertThat(codes).containsExactly(0x80, 0x40, 0x1A, 0xFF, 0xFF, 0x00, 0x00);
    }

    @Test
    void floatToUnorm16_specVector21() {
        assertThat(FormatConversion.floatToUnorm(f(0.5f), 16)).isEqualTo(0x8000);
        assertThat(FormatConversion.floatToUnorm(f(0.25f), 16)).isEqualTo(0x4000);
        assertThat(FormatConversion.floatToUnorm(f(0.1f), 16)).isEqualTo(0x199A);
        assertThat(FormatConversion.floatToUnorm(f(Float.POSITIVE_INFINITY), 16)).isEqualTo(0xFFFF);
        assertThat(FormatConversion.floatToUnorm(f(Float.NEGATIVE_INFINITY), 16)).isZero();
    }

    @Test
    void floatToSnorm_specVector22() {
        int[] codes = {FormatConversion.floatToSnorm(f(1f), 8), FormatConversion.floatToSnorm(f(-1f), 8),
            FormatConversion.floatToSnorm(f(-2f), 8), FormatConversion.floatToSnorm(f(0.5f), 8),
            FormatConversion.floatToSnorm(f(-0.5f), 8), FormatConversion.floatToSnorm(f(Float.NaN), 8)};
        int[] stored = new int[codes.length];
        for (int i = 0; i < codes.length; i++) {
            stored[i] = codes[i] & 0xFF;
        }
        assertThat(stored).containsExactly(0x7F, 0x81, 0x81, 0x40, 0xC0, 0x00);
        assertThat(FormatConversion.floatToSnorm(f(-1f), 16) & 0xFFFF).isEqualTo(0x8001);
    }

    @Property(tries = 300)
    void unorm_everyCode_roundTripsThroughFloat(@ForAll("unormWidths") int n, @ForAll @IntRange(max = 65535) int raw) {
        int code = raw & ((1 << n) - 1);
        int asFloat = FormatConversion.unormToFloat(code, n);
        assertThat(Float.intBitsToFloat(asFloat)).isEqualTo((float) (code / (double) ((1 << n) - 1)));
        assertThat(FormatConversion.floatToUnorm(asFloat, n)).isEqualTo(code);
    }

    @Test
    void unorm_allCodesOfSmallWidths_roundTrip() {
        for (int n : new int[] {2, 4, 5, 6, 8, 10, 16}) {
            for (int code = 0; code < (1 << n); code++) {
                assertThat(FormatConversion.floatToUnorm(FormatConversion.unormToFloat(code, n), n))
                        .as("UNORM%d code %d", n, code).isEqualTo(code);
            }
        }
    }

    @Test
    void snorm_allCodes_roundTripAndMostNegativeIsMinusOne() {
        for (int n : new int[] {8, 16}) {
            int max = (1 << (n - 1)) - 1;
            for (int code = -max; code <= max; code++) {
                int asFloat = FormatConversion.snormToFloat(code, n);
                assertThat(Float.intBitsToFloat(asFloat)).isEqualTo((float) (code / (double) max));
                assertThat(FormatConversion.floatToSnorm(asFloat, n)).as("SNORM%d code %d", n, code).isEqualTo(code);
            }
            assertThat(FormatConversion.snormToFloat(-max - 1, n)).isEqualTo(f(-1f));
        }
    }

    @Provide
    Arbitrary<Integer> unormWidths() {
        return Arbitraries.of(8, 10, 16);
    }

    @Property(tries = 2000)
    void floatToUnorm_anyFloat_isWithinSixTenthsOfExact(@ForAll float value, @ForAll("unormWidths") int n) {
        int code = FormatConversion.floatToUnorm(f(value), n);
        long max = (1L << n) - 1;
        assertThat(code).isBetween(0, (int) max);
        if (!Float.isNaN(value)) {
            double exact = Math.min(Math.max(value, 0.0), 1.0) * max;
            assertThat(Math.abs(code - exact)).isLessThanOrEqualTo(0.6);
        } else {
            assertThat(code).isZero();
        }
    }

    @Property(tries = 2000)
    void floatToSnorm_anyFloat_isWithinSixTenthsAndNeverMostNegative(@ForAll float value) {
        for (int n : new int[] {8, 16}) {
            int code = FormatConversion.floatToSnorm(f(value), n);
            int max = (1 << (n - 1)) - 1;
            assertThat(code).isBetween(-max, max);
            if (!Float.isNaN(value)) {
                double exact = Math.min(Math.max(value, -1.0), 1.0) * max;
                assertThat(Math.abs(code - exact)).isLessThanOrEqualTo(0.6);
            }
        }
    }

    // ---- integers -----------------------------------------------------------------------------------

    @Test
    void clampUint_specVector24() {
        assertThat(new int[] {FormatConversion.clampUint(255, 8), FormatConversion.clampUint(256, 8),
            FormatConversion.clampUint(300, 8), FormatConversion.clampUint(0xFFFFFFFF, 8),
            FormatConversion.clampUint(300, 16), FormatConversion.clampUint(0xFFFFFFFF, 16)})
                .containsExactly(0xFF, 0xFF, 0xFF, 0xFF, 0x012C, 0xFFFF);
    }

    @Test
    void clampSint_specVector25() {
        assertThat(new int[] {FormatConversion.clampSint(127, 8) & 0xFF, FormatConversion.clampSint(128, 8) & 0xFF,
            FormatConversion.clampSint(200, 8) & 0xFF, FormatConversion.clampSint(-129, 8) & 0xFF,
            FormatConversion.clampSint(-1, 8) & 0xFF, FormatConversion.clampSint(0x80000000, 8) & 0xFF,
            FormatConversion.clampSint(0x80000000, 16) & 0xFFFF, FormatConversion.clampSint(-129, 16) & 0xFFFF})
                .containsExactly(0x7F, 0x7F, 0x7F, 0x80, 0xFF, 0x80, 0x8000, 0xFF7F);
    }

    @Property(tries = 2000)
    void clamps_anyValue_matchLongArithmetic(@ForAll int value, @ForAll @IntRange(min = 1, max = 31) int n) {
        long unsigned = Integer.toUnsignedLong(value);
        long uintMax = (1L << n) - 1;
        assertThat((long) FormatConversion.clampUint(value, n)).isEqualTo(Math.min(unsigned, uintMax));
        long sintMax = (1L << (n - 1)) - 1;
        long sintMin = -(1L << (n - 1));
        assertThat((long) FormatConversion.clampSint(value, n)).isEqualTo(Math.max(sintMin, Math.min(sintMax, value)));
    }

    // ---- float16 ----------------------------------------------------------------------------------

    /** A half's value from its definition: (−1)^s · 2^(e−15) · (1 + m/1024), denormals 2^−14 · m/1024. */
    private static double halfValue(int code) {
        int e = (code >>> 10) & 0x1F;
        int m = code & 0x3FF;
        double sign = (code & 0x8000) != 0 ? -1 : 1;
        if (e == 0x1F) {
            return m == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
        }
        return e == 0 ? sign * Math.pow(2, -14) * m / 1024.0 : sign * Math.pow(2, e - 15) * (1 + m / 1024.0);
    }

    /** An unsigned small float's value: 5-bit exponent (bias 15), {@code mantissaBits} of mantissa. */
    private static double ufloatValue(int code, int mantissaBits) {
        int e = code >>> mantissaBits;
        int m = code & ((1 << mantissaBits) - 1);
        double scale = 1 << mantissaBits;
        if (e == 0x1F) {
            return m == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        }
        return e == 0 ? Math.pow(2, -14) * m / scale : Math.pow(2, e - 15) * (1 + m / scale);
    }

    private static double[] table(int maxFiniteCode, java.util.function.IntToDoubleFunction value) {
        double[] values = new double[maxFiniteCode + 1];
        for (int code = 0; code <= maxFiniteCode; code++) {
            values[code] = value.applyAsDouble(code);
        }
        return values;
    }

    private static final double[] HALVES = table(0x7BFF, FormatConversionTest::halfValue);
    private static final double[] FLOAT11S = table(0x7BF, c -> ufloatValue(c, 6));
    private static final double[] FLOAT10S = table(0x3DF, c -> ufloatValue(c, 5));

    /** Round toward zero by search: the largest non-negative code whose value is ≤ magnitude. */
    private static int largestCodeNotAbove(double magnitude, double[] values) {
        int best = 0;
        for (int code = 0; code < values.length; code++) {
            if (values[code] <= magnitude) {
                best = code;
            }
        }
        return best;
    }

    private static boolean isF32Denormal(int bits) {
        return (bits & 0x7F800000) == 0;
    }

    @Test
    void floatToHalf_specVector26() {
        String[][] rows = {
            {"3F800000", "3C00"}, {"3F000000", "3800"}, {"477FE000", "7BFF"}, {"477FEF00", "7BFF"},
            {"477FF000", "7BFF"}, {"47C35000", "7BFF"}, {"7F800000", "7C00"}, {"FF800000", "FC00"},
            {"80000000", "8000"}, {"3F801800", "3C00"}, {"33800000", "0001"}, {"33C00000", "0001"},
            {"33000000", "0000"}, {"00000001", "0000"}, {"80000001", "8000"}};
        for (String[] row : rows) {
            assertThat(Integer.toHexString(FormatConversion.floatToHalf(hex(row[0]))))
                    .as("f32tof16(%s)", row[0]).isEqualTo(Integer.toHexString(hex(row[1])));
        }
        int nan = FormatConversion.floatToHalf(0x7FC00000);
        assertThat(nan & 0x7C00).isEqualTo(0x7C00);
        assertThat(nan & 0x03FF).isNotZero();
    }

    @Provide
    Arbitrary<Integer> halfRangeBits() {
        return Arbitraries.oneOf(
                Arbitraries.integers().between(Integer.MIN_VALUE, Integer.MAX_VALUE),
                Arbitraries.integers().between(0x32000000, 0x47800000),
                Arbitraries.integers().between(0xB2000000, 0xC7800000));
    }

    @Property(tries = 400)
    void floatToHalf_finiteFloat_isLargestHalfNotAboveMagnitude(@ForAll("halfRangeBits") int bits) {
        float value = Float.intBitsToFloat(bits);
        if (Float.isNaN(value) || Float.isInfinite(value)) {
            return;
        }
        double magnitude = isF32Denormal(bits) ? 0 : Math.abs((double) value);
        int expected = largestCodeNotAbove(magnitude, HALVES) | ((bits >>> 16) & 0x8000);
        assertThat(Integer.toHexString(FormatConversion.floatToHalf(bits))).isEqualTo(Integer.toHexString(expected));
    }

    @Test
    void halfToFloat_everyCode_matchesDefinition() {
        for (int code = 0; code < 0x10000; code++) {
            float value = Float.intBitsToFloat(FormatConversion.halfToFloat(code));
            double expected = halfValue(code);
            if (Double.isNaN(expected)) {
                assertThat(value).as("half %04x", code).isNaN();
            } else {
                assertThat((double) value).as("half %04x", code).isEqualTo(expected);
                assertThat(Float.floatToRawIntBits(value) >>> 31).as("sign of half %04x", code).isEqualTo(code >>> 15);
            }
        }
    }

    // ---- float11 / float10 ------------------------------------------------------------------------

    @Test
    void floatToUfloat_specVector27() {
        String[][] rows = {
            {"3F800000", "6", "3C0"}, {"40000000", "6", "400"}, {"3F000000", "5", "1C0"}, {"BF800000", "6", "0"},
            {"FF800000", "6", "0"}, {"7F800000", "6", "7C0"}, {"47800000", "6", "7BF"}, {"47800000", "5", "3DF"},
            {"3F8F8000", "6", "3C7"}, {"38000000", "6", "20"}, {"38000000", "5", "10"}, {"7FC00000", "6", "7C1"},
            {"7FC00000", "5", "3E1"}, {"00000001", "6", "0"}, {"7F800000", "5", "3E0"}};
        for (String[] row : rows) {
            int bits = Integer.parseInt(row[1]);
            assertThat(Integer.toHexString(FormatConversion.floatToUfloat(hex(row[0]), bits)))
                    .as("uf%d(%s)", bits + 5, row[0]).isEqualToIgnoringCase(row[2]);
        }
    }

    @Property(tries = 300)
    void floatToUfloat_finiteFloat_isLargestCodeNotAboveValue(@ForAll("halfRangeBits") int bits) {
        float value = Float.intBitsToFloat(bits);
        if (Float.isNaN(value) || Float.isInfinite(value)) {
            return;
        }
        double magnitude = value <= 0 || isF32Denormal(bits) ? 0 : value;
        assertThat(FormatConversion.floatToUfloat(bits, 6))
                .isEqualTo(largestCodeNotAbove(magnitude, FLOAT11S));
        assertThat(FormatConversion.floatToUfloat(bits, 5))
                .isEqualTo(largestCodeNotAbove(magnitude, FLOAT10S));
    }

    @Test
    void ufloatToFloat_everyCode_matchesDefinition() {
        for (int mantissaBits : new int[] {5, 6}) {
            for (int code = 0; code < (0x20 << mantissaBits); code++) {
                float value = Float.intBitsToFloat(FormatConversion.ufloatToFloat(code, mantissaBits));
                double expected = ufloatValue(code, mantissaBits);
                if (Double.isNaN(expected)) {
                    assertThat(value).isNaN();
                } else {
                    assertThat((double) value).as("uf%d %x", mantissaBits + 5, code).isEqualTo(expected);
                }
            }
        }
    }

    // ---- defaults -----------------------------------------------------------------------------------

    @Test
    void missingComponent_alphaIsOneTypedLikeTheFormat() {
        assertThat(FormatConversion.missingComponent(0, ComponentType.UINT)).isZero();
        assertThat(FormatConversion.missingComponent(2, ComponentType.FLOAT)).isZero();
        assertThat(FormatConversion.missingComponent(3, ComponentType.UINT)).isEqualTo(1);
        assertThat(FormatConversion.missingComponent(3, ComponentType.SINT)).isEqualTo(1);
        assertThat(FormatConversion.missingComponent(3, ComponentType.UNORM)).isEqualTo(0x3F800000);
        assertThat(FormatConversion.missingComponent(3, ComponentType.SNORM)).isEqualTo(0x3F800000);
        assertThat(FormatConversion.missingComponent(3, ComponentType.FLOAT)).isEqualTo(0x3F800000);
    }
}
