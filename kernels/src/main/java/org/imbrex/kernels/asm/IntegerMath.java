package org.imbrex.kernels.asm;

/**
 * The SM5 integer and bit instructions whose rules need more than one Java operator (FS §22.11–22.13).
 *
 * <pre>
 *   udiv q, r         divisor 0 → q = r = 0xFFFFFFFF
 *   imul/umul hi, lo  hi = upper 32 bits of the 64-bit product (signed / unsigned)
 *   bfi  w, o, i, b   w = src0 &amp; 31, o = src1 &amp; 31, mask = ((1 &lt;&lt; w) − 1) &lt;&lt; o:
 *                     ((i &lt;&lt; o) &amp; mask) | (b &amp; ~mask)
 *   ubfe/ibfe w, o, x w = 0 → 0; w + o &lt; 32 → x &lt;&lt; (32−w−o) then shift right by 32−w;
 *                     else x shifted right by o (logical / arithmetic)
 *   firstbit_hi/lo    index from the MSB / LSB of the first set bit; 0xFFFFFFFF when none
 *   firstbit_shi      index from the MSB of the first bit that differs from the sign; 0xFFFFFFFF for 0, −1
 * </pre>
 * Example: {@code IntegerMath.ubfe(8, 28, 0xABCDEF12)} = 0xA (only 4 bits are left above bit 28).
 */
final class IntegerMath {
    private IntegerMath() {
    }

    /**
     * Comparison results as SM5 writes them (0xFFFFFFFF true, 0 false), computed without a branch so
     * that a lane loop of them vectorizes.
     * <pre>
     *   a − b overflows only when a and b differ in sign; then the sign of a decides:
     *   lessThan(a, b) = sign of ((a − b) ^ ((a ^ b) &amp; ((a − b) ^ a)))      spread by &gt;&gt; 31
     *   unsigned: flip both sign bits first;  notZero(x) = sign of (x | −x)
     * </pre>
     */
    static int lessThan(int a, int b) {
        int d = a - b;
        return (d ^ ((a ^ b) & (d ^ a))) >> 31;
    }

    /** {@code a < b} unsigned, as a mask. */
    static int lessThanUnsigned(int a, int b) {
        return lessThan(a ^ Integer.MIN_VALUE, b ^ Integer.MIN_VALUE);
    }

    /** {@code x != 0} as a mask. */
    static int notZero(int x) {
        return (x | -x) >> 31;
    }

    static int udiv(int a, int b) {
        return b == 0 ? -1 : Integer.divideUnsigned(a, b);
    }

    static int urem(int a, int b) {
        return b == 0 ? -1 : Integer.remainderUnsigned(a, b);
    }

    static int imulHi(int a, int b) {
        return (int) (((long) a * b) >> 32);
    }

    static int umulHi(int a, int b) {
        return (int) ((Integer.toUnsignedLong(a) * Integer.toUnsignedLong(b)) >>> 32);
    }

    static int bfi(int width, int offset, int insert, int base) {
        int w = width & 31;
        int o = offset & 31;
        int mask = ((1 << w) - 1) << o;
        return ((insert << o) & mask) | (base & ~mask);
    }

    static int ubfe(int width, int offset, int value) {
        int w = width & 31;
        int o = offset & 31;
        if (w == 0) {
            return 0;
        }
        if (w + o < 32) {
            return (value << (32 - w - o)) >>> (32 - w);
        }
        return value >>> o;
    }

    static int ibfe(int width, int offset, int value) {
        int w = width & 31;
        int o = offset & 31;
        if (w == 0) {
            return 0;
        }
        if (w + o < 32) {
            return (value << (32 - w - o)) >> (32 - w);
        }
        return value >> o;
    }

    static int firstbitHi(int value) {
        return value == 0 ? -1 : Integer.numberOfLeadingZeros(value);
    }

    static int firstbitLo(int value) {
        return value == 0 ? -1 : Integer.numberOfTrailingZeros(value);
    }

    static int firstbitShi(int value) {
        int magnitude = value < 0 ? ~value : value;
        return magnitude == 0 ? -1 : Integer.numberOfLeadingZeros(magnitude);
    }
}
