package org.imbrex.kernels.intrinsics;

/**
 * The D3D11 32-bit float rules (spec §5; FS §3.1), on raw bit patterns.
 *
 * <ul>
 *   <li>arithmetic rounds to nearest even (Java {@code float} arithmetic is IEEE binary32 RNE);</li>
 *   <li>denormals are flushed to a zero of the same sign on input and output of every math op; data
 *       movement ({@code mov}, loads, stores) keeps bits;</li>
 *   <li>source modifiers: {@code _abs} first, then {@code -} (so {@code -|x|}); {@code _sat} clamps to
 *       [0, 1] with NaN → +0.</li>
 * </ul>
 * <pre>
 *   add(0x3F800000, 0x40000000) = 0x40400000            1 + 2 = 3
 *   add(0x807FFFFF, 0x007FFFFF) = 0x00000000            −den + +den = +0
 *   add(0x007E0000, 0x007E0000) = 0x00000000            FTZ (IEEE with denormals: 0x00FC0000)
 *   sat(0x7FC00000)             = 0x00000000            sat(NaN) = 0
 * </pre>
 */
public final class Fp32 {
    /** The NaN imbrex produces; D3D11 does not pin NaN bit patterns. */
    public static final int NAN = 0x7FC0_0000;
    public static final int ONE = 0x3F80_0000;
    private static final int SIGN = 0x8000_0000;

    private Fp32() {
    }

    /** Flushes a denormal to the zero of its sign; other values unchanged (FS §3.1.3.2). */
    public static int ftz(int bits) {
        return (bits & 0x7F80_0000) == 0 ? bits & SIGN : bits;
    }

    /** Source modifiers (FS §22.18): {@code _abs} clears the sign, then {@code -} flips it. */
    public static int modify(int bits, boolean abs, boolean negate) {
        if (abs) {
            bits &= 0x7FFF_FFFF;
        }
        if (negate) {
            bits ^= SIGN;
        }
        return bits;
    }

    /** {@code _sat} (FS §22.19.1): min(1, max(0, v)); NaN, −0 and negatives give +0. */
    public static int sat(int bits) {
        float f = Float.intBitsToFloat(bits);
        if (!(f > 0f)) {
            return 0;
        }
        return f >= 1f ? ONE : bits;
    }

    /** {@code add} (FS §22.10.1): flush inputs, IEEE RNE add, flush the result; NaN → {@link #NAN}. */
    public static int add(int a, int b) {
        float r = Float.intBitsToFloat(ftz(a)) + Float.intBitsToFloat(ftz(b));
        return result(r);
    }

    /** {@code mul}: flush inputs, IEEE RNE multiply, flush the result. */
    public static int mul(int a, int b) {
        float r = Float.intBitsToFloat(ftz(a)) * Float.intBitsToFloat(ftz(b));
        return result(r);
    }

    /** The canonical form of an arithmetic result: NaN → {@link #NAN}, denormal → signed zero. */
    public static int result(float value) {
        if (Float.isNaN(value)) {
            return NAN;
        }
        return ftz(Float.floatToRawIntBits(value));
    }
}
