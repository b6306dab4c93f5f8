package org.imbrex.kernels.intrinsics;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** {@code msad} and {@code msad4} (spec §1), test vectors 1–7, and a byte-loop oracle. */
class Msad4Test {

    /** The spec's definition, byte by byte: source bytes x0..x3 y0..y3, window k starts at byte k. */
    private static long[] oracle(int reference, int x, int y, int[] accum, boolean saturate) {
        int[] source = new int[8];
        for (int b = 0; b < 4; b++) {
            source[b] = (x >>> (8 * b)) & 0xFF;
            source[4 + b] = (y >>> (8 * b)) & 0xFF;
        }
        long[] result = new long[4];
        for (int k = 0; k < 4; k++) {
            long sum = Integer.toUnsignedLong(accum[k]);
            for (int j = 0; j < 4; j++) {
                int r = (reference >>> (8 * j)) & 0xFF;
                if (r != 0) {
                    sum += Math.abs(r - source[k + j]);
                }
            }
            result[k] = saturate ? Math.min(sum, 0xFFFF_FFFFL) : sum & 0xFFFF_FFFFL;
        }
        return result;
    }

    private static long[] unsigned(int[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Integer.toUnsignedLong(values[i]);
        }
        return out;
    }

    @Test
    void msad4_docsExample_matchesVector1() {
        assertThat(Msad4.msad4(0xA100B2C3, 0xD7B0C372, 0x4F57C2A3, new int[] {1, 2, 3, 4}))
                .containsExactly(153, 6, 92, 113);
    }

    @Test
    void msad4_zeroReference_isMaskedVector2() {
        assertThat(Msad4.msad4(0x00000000, 0xFFFFFFFF, 0x00000000, new int[] {1, 2, 3, 4}))
                .containsExactly(1, 2, 3, 4);
    }

    @Test
    void msad4_dxcRows_matchVectors3And4() {
        assertThat(Msad4.msad4(0xFFFF01C1, 0x38A03AEF, 0x38194DA3, new int[] {0, 0, 0, 0}))
                .containsExactly(397, 585, 358, 707);
        assertThat(Msad4.msad4(0xFFFFFFFF, 0xFFFFFFFF, 0x00000000, new int[] {10, 10, 10, 10}))
                .containsExactly(10, 265, 520, 775);
    }

    @Test
    void msad_zeroReferenceBytes_skipOnlyThoseLanesVector5() {
        assertThat(Msad4.msad(0x00FF00FF, 0x01020304, 100)).isEqualTo(604);
    }

    @Test
    void msad_zeroSourceBytes_areNotMaskedVector6() {
        assertThat(Msad4.msad(0x80808080, 0x00000000, 0)).isEqualTo(512);
        assertThat(Msad4.msad(0xFFFFFFFF, 0xFFFFFFFF, 7)).isEqualTo(7);
    }

    @Test
    void msad4_overflow_wrapsByDefaultVector7() {
        int[] accum = {0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFC};
        assertThat(Msad4.msad4(0x01010101, 0, 0, accum)).containsExactly(3, 2, 1, 0);
        assertThat(Msad4.msad4(0xFFFFFFFF, 0, 0, new int[] {0xFFFFFF00, 0, 0xFFFF, 0x7FFFFFFF}))
                .containsExactly(0x2FC, 0x3FC, 0x103FB, 0x800003FB);
    }

    @Test
    void msad4_overflowSaturating_clampsVector7() {
        int[] accum = {0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFC};
        assertThat(Msad4.msad4(0x01010101, 0, 0, accum, MsadOverflow.SATURATE)).containsOnly(0xFFFFFFFF);
        assertThat(Msad4.msad4(0xFFFFFFFF, 0, 0, new int[] {0xFFFFFF00, 0, 0xFFFF, 0x7FFFFFFF},
                MsadOverflow.SATURATE)).containsExactly(0xFFFFFFFF, 0x3FC, 0x103FB, 0x800003FB);
        assertThat(Msad4.msad(0xFFFFFFFF, 0, 0xFFFFFF00, MsadOverflow.SATURATE)).isEqualTo(0xFFFFFFFF);
        assertThat(Msad4.msad(0xFFFFFFFF, 0, 0xFFFFFF00, MsadOverflow.WRAP)).isEqualTo(0x2FC);
    }

    @Test
    void window_docsExample_matchesSpecWindows() {
        assertThat(new int[] {Msad4.window(0xD7B0C372, 0x4F57C2A3, 0), Msad4.window(0xD7B0C372, 0x4F57C2A3, 1),
            Msad4.window(0xD7B0C372, 0x4F57C2A3, 2), Msad4.window(0xD7B0C372, 0x4F57C2A3, 3)})
                .containsExactly(0xD7B0C372, 0xA3D7B0C3, 0xC2A3D7B0, 0x57C2A3D7);
    }

    @Property(tries = 2000)
    void msad4_randomInputs_matchByteLoop(@ForAll int reference, @ForAll int x, @ForAll int y, @ForAll int a0,
            @ForAll int a1, @ForAll int a2, @ForAll int a3) {
        int[] accum = {a0, a1, a2, a3};
        assertThat(unsigned(Msad4.msad4(reference, x, y, accum))).containsExactly(oracle(reference, x, y, accum,
                false));
        assertThat(unsigned(Msad4.msad4(reference, x, y, accum, MsadOverflow.SATURATE)))
                .containsExactly(oracle(reference, x, y, accum, true));
    }

    @Property(tries = 1000)
    void msad4_referenceWithZeroBytes_matchesByteLoop(@ForAll byte r0, @ForAll byte r2, @ForAll int x,
            @ForAll int y) {
        int reference = (r0 & 0xFF) | ((r2 & 0xFF) << 16);
        int[] accum = {0, 0, 0, 0};
        assertThat(unsigned(Msad4.msad4(reference, x, y, accum))).containsExactly(oracle(reference, x, y, accum,
                false));
    }
}
