package org.imbrex.kernels.resource;

/**
 * The data conversions of D3D11 typed stores and loads, bit for bit (spec §4.2, §3; FS §3.2).
 *
 * <p>Every method takes and returns raw 32-bit patterns: floats go in as {@link Float#floatToRawIntBits}
 * bits. The float → UNORM/SNORM rules are computed in float32 exactly as Microsoft's reference routines in
 * {@code D3DX_DXGIFormatConvert.inl} do. Examples (spec test vectors 20–27):
 * <pre>
 *   floatToUnorm(0.1f bits, 8)       = 0x1A        floatToSnorm(-1.0f bits, 8) = -127 (stored 0x81)
 *   floatToHalf(65520.0f bits)       = 0x7BFF      (round toward zero, clamp to 65504, FS §3.2.2)
 *   floatToUfloat(1.12109375f, 6)    = 0x3C7       (float11, round toward zero)
 * </pre>
 */
public final class FormatConversion {
    private static final int SIGN = 0x8000_0000;
    private static final int ONE = 0x3F80_0000;

    private FormatConversion() {
    }

    /** UNORM n (FS §3.2.3.6): NaN → 0, clamp to [0, 1], {@code floor(c·(2^n−1) + 0.5)} in float32. */
    public static int floatToUnorm(int bits, int n) {
        float c = Float.intBitsToFloat(bits);
        if (Float.isNaN(c)) {
            return 0;
        }
        c = Math.min(Math.max(c, 0f), 1f);
        float scaled = c * (float) ((1L << n) - 1);
        return (int) Math.floor(scaled + 0.5f);
    }

    /**
     * SNORM n (FS §3.2.3.4): NaN → 0, clamp to [−1, 1], {@code c·(2^(n−1)−1) ± 0.5} truncated toward zero.
     * Returns the signed code; −2^(n−1) is never produced.
     */
    public static int floatToSnorm(int bits, int n) {
        float c = Float.intBitsToFloat(bits);
        if (Float.isNaN(c)) {
            return 0;
        }
        c = Math.min(Math.max(c, -1f), 1f);
        float scaled = c * (float) ((1 << (n - 1)) - 1);
        scaled = scaled >= 0f ? scaled + 0.5f : scaled - 0.5f;
        return (int) scaled;
    }

    /** UINT n &lt; 32: the uint32 value clamped to [0, 2^n − 1] (FS §3.2.3.13). */
    public static int clampUint(int value, int n) {
        long max = (1L << n) - 1;
        return (int) Math.min(Integer.toUnsignedLong(value), max);
    }

    /** SINT n &lt; 32: the int32 value clamped to [−2^(n−1), 2^(n−1) − 1]. */
    public static int clampSint(int value, int n) {
        int max = (1 << (n - 1)) - 1;
        int min = -(1 << (n - 1));
        return Math.max(min, Math.min(max, value));
    }

    /**
     * float32 → float16 as D3D11 typed stores and {@code f32tof16} define it: round toward zero; finite
     * values beyond the range become ±65504; ±INF stays ±INF; NaN becomes a half NaN; float32 denormals
     * become ±0; half denormals are produced where representable.
     */
    public static int floatToHalf(int bits) {
        int sign = (bits >>> 16) & 0x8000;
        int exponent = (bits >>> 23) & 0xFF;
        int mantissa = bits & 0x7F_FFFF;
        if (exponent == 0xFF) {
            return mantissa != 0 ? sign | 0x7E00 : sign | 0x7C00;
        }
        if (exponent == 0) {
            return sign;
        }
        int e = exponent - 127;
        if (e > 15) {
            return sign | 0x7BFF;
        }
        if (e >= -14) {
            return sign | ((e + 15) << 10) | (mantissa >>> 13);
        }
        int shift = -e - 1;
        return shift >= 32 ? sign : sign | (((1 << 23) | mantissa) >>> shift);
    }

    /**
     * float32 → the unsigned small floats of {@code R11G11B10_FLOAT} (5-bit exponent, bias 15, no sign):
     * negative values → 0, round toward zero, overflow → largest finite, +INF → INF, NaN → NaN, denormals kept.
     *
     * @param mantissaBits 6 for float11, 5 for float10
     */
    public static int floatToUfloat(int bits, int mantissaBits) {
        int exponent = (bits >>> 23) & 0xFF;
        int mantissa = bits & 0x7F_FFFF;
        int infinity = 0x1F << mantissaBits;
        if (exponent == 0xFF) {
            if (mantissa != 0) {
                return infinity | 1;
            }
            return (bits & SIGN) != 0 ? 0 : infinity;
        }
        if ((bits & SIGN) != 0 || exponent == 0) {
            return 0;
        }
        int e = exponent - 127;
        int maxFinite = (0x1E << mantissaBits) | ((1 << mantissaBits) - 1);
        if (e > 15) {
            return maxFinite;
        }
        if (e >= -14) {
            return ((e + 15) << mantissaBits) | (mantissa >>> (23 - mantissaBits));
        }
        // value = (2^23 + m)·2^(e−23); one denormal step = 2^(−14 − mantissaBits)
        int shift = 9 - e - mantissaBits;
        return shift >= 32 ? 0 : ((1 << 23) | mantissa) >>> shift;
    }

    /** UNORM code → float32, exact: {@code c / (2^n − 1)}. */
    public static int unormToFloat(int code, int n) {
        double max = (double) ((1L << n) - 1);
        return Float.floatToRawIntBits((float) (Integer.toUnsignedLong(code) / max));
    }

    /** SNORM code (sign-extended) → float32: the most negative code is −1.0, else {@code c / (2^(n−1) − 1)}. */
    public static int snormToFloat(int code, int n) {
        int max = (1 << (n - 1)) - 1;
        if (code <= -max) {
            return Float.floatToRawIntBits(-1f);
        }
        return Float.floatToRawIntBits((float) (code / (double) max));
    }

    /** float16 → float32, exact (half denormals become float32 normals). */
    public static int halfToFloat(int half) {
        int sign = (half & 0x8000) << 16;
        int exponent = (half >>> 10) & 0x1F;
        int mantissa = half & 0x3FF;
        return sign | smallFloatMagnitude(exponent, mantissa, 10);
    }

    /** float11/float10 → float32, exact. */
    public static int ufloatToFloat(int code, int mantissaBits) {
        int exponent = (code >>> mantissaBits) & 0x1F;
        int mantissa = code & ((1 << mantissaBits) - 1);
        return smallFloatMagnitude(exponent, mantissa, mantissaBits);
    }

    private static int smallFloatMagnitude(int exponent, int mantissa, int mantissaBits) {
        if (exponent == 0x1F) {
            return mantissa == 0 ? 0x7F80_0000 : 0x7FC0_0000;
        }
        if (exponent == 0) {
            float value = mantissa * (float) Math.scalb(1.0, -14 - mantissaBits);
            return Float.floatToRawIntBits(value);
        }
        return ((exponent - 15 + 127) << 23) | (mantissa << (23 - mantissaBits));
    }

    /** The default of a missing component (FS §19.1.3.3): 0 for R, G, B; "1" typed like the format for A. */
    public static int missingComponent(int channel, ComponentType type) {
        if (channel != 3) {
            return 0;
        }
        return type.isFloatOnShaderSide() ? ONE : 1;
    }
}
