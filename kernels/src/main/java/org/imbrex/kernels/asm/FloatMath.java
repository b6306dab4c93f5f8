package org.imbrex.kernels.asm;

import org.imbrex.kernels.intrinsics.Fp32;
import org.imbrex.kernels.resource.FormatConversion;

/**
 * The SM5 float instructions on raw 32-bit patterns, following spec §5: inputs and results of arithmetic
 * have denormals flushed to a zero of the same sign, rounding is to nearest even, NaN results are {@link
 * Fp32#NAN}.
 *
 * <pre>
 *   mad(a, b, c)    = add(mul(a, b), c)          two roundings, as D3D11's mad allows
 *   min/max         a NaN operand gives the other one; min(−0, +0) = −0
 *   frc(x)          = x − round_ni(x)            frc(−2^−30) = 1.0 − 2^−30 rounds to 1.0
 *   ftoi / ftou     NaN → 0, saturate at the integer range, truncate toward zero
 *   eq ne lt ge     0xFFFFFFFF or 0; NaN compares false except ne; ±0 and denormals are equal to 0
 * </pre>
 * Example: {@code FloatMath.ftou(0xBF800000)} (−1.0) is 0; {@code FloatMath.min(NaN, 2.0f bits)} is 2.0f.
 */
final class FloatMath {
    private FloatMath() {
    }

    static float in(int bits) {
        return Float.intBitsToFloat(Fp32.ftz(bits));
    }

    static int out(float value) {
        return Fp32.result(value);
    }

    static int mad(int a, int b, int c) {
        return Fp32.add(Fp32.mul(a, b), c);
    }

    static int div(int a, int b) {
        return out(in(a) / in(b));
    }

    static int min(int a, int b) {
        float x = in(a);
        float y = in(b);
        if (Float.isNaN(x)) {
            return Float.isNaN(y) ? Fp32.NAN : Fp32.ftz(b);
        }
        if (Float.isNaN(y)) {
            return Fp32.ftz(a);
        }
        return Float.floatToRawIntBits(Math.min(x, y));
    }

    static int max(int a, int b) {
        float x = in(a);
        float y = in(b);
        if (Float.isNaN(x)) {
            return Float.isNaN(y) ? Fp32.NAN : Fp32.ftz(b);
        }
        if (Float.isNaN(y)) {
            return Fp32.ftz(a);
        }
        return Float.floatToRawIntBits(Math.max(x, y));
    }

    static int frc(int a) {
        float x = in(a);
        return out(x - (float) Math.floor(x));
    }

    static int roundNe(int a) {
        return out((float) Math.rint(in(a)));
    }

    static int roundNi(int a) {
        return out((float) Math.floor(in(a)));
    }

    static int roundPi(int a) {
        return out((float) Math.ceil(in(a)));
    }

    static int roundZ(int a) {
        float x = in(a);
        return out((float) (x < 0 ? Math.ceil(x) : Math.floor(x)));
    }

    static int sqrt(int a) {
        return out((float) Math.sqrt(in(a)));
    }

    static int rsq(int a) {
        return out((float) (1.0 / Math.sqrt(in(a))));
    }

    static int ftoi(int a) {
        return (int) in(a);
    }

    static int ftou(int a) {
        float x = in(a);
        if (!(x > 0f)) {
            return 0;
        }
        return x >= 4294967296f ? -1 : (int) (long) x;
    }

    static int itof(int a) {
        return Float.floatToRawIntBits((float) a);
    }

    static int utof(int a) {
        return Float.floatToRawIntBits((float) Integer.toUnsignedLong(a));
    }

    static int f32tof16(int a) {
        return FormatConversion.floatToHalf(a);
    }

    static int f16tof32(int a) {
        return FormatConversion.halfToFloat(a & 0xFFFF);
    }

    static int eq(int a, int b) {
        return in(a) == in(b) ? -1 : 0;
    }

    static int ne(int a, int b) {
        return in(a) != in(b) ? -1 : 0;
    }

    static int lt(int a, int b) {
        return in(a) < in(b) ? -1 : 0;
    }

    static int ge(int a, int b) {
        return in(a) >= in(b) ? -1 : 0;
    }

    /** {@code _sat} over the lanes of one result component. */
    static void saturate(int[] values, int lanes) {
        for (int lane = 0; lane < lanes; lane++) {
            values[lane] = Fp32.sat(values[lane]);
        }
    }
}
