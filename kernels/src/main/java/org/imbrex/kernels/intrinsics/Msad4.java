package org.imbrex.kernels.intrinsics;

/**
 * HLSL {@code msad4} and the SM5 instruction {@code msad} it lowers to (spec §1; FS §22.12.15;
 * <a href="https://learn.microsoft.com/windows/win32/direct3dhlsl/dx-graphics-hlsl-msad4">msad4</a>).
 *
 * <p>{@code msad(ref, src, accum)} adds {@code |r_i − s_i|} over the four byte lanes, skipping lanes whose
 * <em>reference</em> byte is 0. {@code msad4(ref, (x, y), accum)} slides a 4-byte window over the 8 source
 * bytes, one window per result component:
 * <pre>
 *   source bytes:   x0 x1 x2 x3 y0 y1 y2 y3       (little-endian: x0 = x &amp; 0xFF)
 *   W0 = x          x0 x1 x2 x3
 *   W1                 x1 x2 x3 y0                (y &lt;&lt; 24) | (x &gt;&gt;&gt; 8)
 *   W2                    x2 x3 y0 y1             (y &lt;&lt; 16) | (x &gt;&gt;&gt; 16)
 *   W3                       x3 y0 y1 y2          (y &lt;&lt;  8) | (x &gt;&gt;&gt; 24)
 *   result[k] = msad(ref, W_k, accum[k])
 * </pre>
 * Example (spec test vector 1): {@code msad4(0xA100B2C3, 0xD7B0C372, 0x4F57C2A3, {1, 2, 3, 4})} =
 * {@code {153, 6, 92, 113}}.
 */
public final class Msad4 {
    private Msad4() {
    }

    /** SM5 {@code msad} for one component, wrapping modulo 2^32. */
    public static int msad(int ref, int src, int accum) {
        for (int shift = 0; shift < 32; shift += 8) {
            int r = (ref >>> shift) & 0xFF;
            if (r != 0) {
                accum += Math.abs(r - ((src >>> shift) & 0xFF));
            }
        }
        return accum;
    }

    /** SM5 {@code msad} for one component with the given overflow rule. */
    public static int msad(int ref, int src, int accum, MsadOverflow overflow) {
        if (overflow == MsadOverflow.WRAP) {
            return msad(ref, src, accum);
        }
        long sum = Integer.toUnsignedLong(accum) + Integer.toUnsignedLong(msad(ref, src, 0));
        return sum > 0xFFFF_FFFFL ? -1 : (int) sum;
    }

    /** The source window of result component {@code k}: bytes {@code k .. k+3} of {@code (x, y)}. */
    public static int window(int x, int y, int k) {
        return k == 0 ? x : (y << (32 - 8 * k)) | (x >>> (8 * k));
    }

    /** HLSL {@code msad4(reference, uint2(x, y), accum)}; returns a new {@code uint4}. */
    public static int[] msad4(int reference, int x, int y, int[] accum, MsadOverflow overflow) {
        int[] result = new int[4];
        for (int k = 0; k < 4; k++) {
            result[k] = msad(reference, window(x, y, k), accum[k], overflow);
        }
        return result;
    }

    /** HLSL {@code msad4} with wrapping sums. */
    public static int[] msad4(int reference, int x, int y, int[] accum) {
        return msad4(reference, x, y, accum, MsadOverflow.WRAP);
    }
}
