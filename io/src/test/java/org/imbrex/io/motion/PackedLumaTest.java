package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;

import org.imbrex.io.video.LumaFrame;
import org.junit.jupiter.api.Test;

class PackedLumaTest {
    private static final byte[] ROWS = {1, 2, 3, 4, 5, 0, (byte) 255, 0, 1, 9};   // 5 pixels a row, 2 rows

    @Test
    void pack_plane_fourPixelsPerLittleEndianWordPaddedRows() {
        int[] words = new int[4];
        assertThat(PackedLuma.pack(ROWS, 5, 0, 2, PackedLuma.Form.PLANE, words)).isTrue();
        assertThat(words).containsExactly(0x04030201, 0x05, 0x0100FF00, 0x09);
    }

    @Test
    void pack_complement_is255MinusEachPixelPaddingStaysZero() {
        int[] words = new int[4];
        PackedLuma.pack(ROWS, 5, 0, 2, PackedLuma.Form.COMPLEMENT, words);
        assertThat(words).containsExactly(0xFBFCFDFE, 0xFA, 0xFEFF00FF, 0xF6);
    }

    @Test
    void pack_zeroMarks_are255ExactlyWhereThePixelIs0() {
        int[] words = new int[4];
        PackedLuma.pack(ROWS, 5, 0, 2, PackedLuma.Form.ZERO_MARKS, words);
        assertThat(words).containsExactly(0x00000000, 0x00, 0x00FF00FF, 0x00);
    }

    @Test
    void pack_rowRangeWithoutZeros_reportsNoZero() {
        byte[] plane = {0, 0, 0, 0, 7, 8, 9, 10};
        int[] words = new int[1];
        assertThat(PackedLuma.pack(plane, 4, 1, 1, PackedLuma.Form.PLANE, words)).isFalse();
        assertThat(words[0]).isEqualTo(0x0A090807);
    }

    @Test
    void plane_zeros_areTheRowsThatHoldAZeroPixel() {
        byte[] luma = {5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 0, 1, 1, 1};   // 4 pixels a row, zeros in rows 1 and 3
        PackedLuma.Plane plane = PackedLuma.Plane.of(new LumaFrame(0, 4, 4, luma), 0, 4, null);
        assertThat(plane.zeros(0, 4)).isTrue();
        assertThat(plane.zeros(0, 1)).isFalse();
        assertThat(plane.zeros(1, 1)).isTrue();
        assertThat(plane.zeros(2, 1)).isFalse();
        assertThat(plane.zeros(2, 2)).isTrue();
        PackedLuma.Plane lower = PackedLuma.Plane.of(new LumaFrame(0, 4, 4, luma), 2, 2, plane);
        assertThat(lower.words()).startsWith(0x06050403, 0x01010100);
        assertThat(lower.zeros(0, 1)).as("rows are counted from row0").isFalse();
        assertThat(lower.zeros(1, 1)).isTrue();
        byte[] noZero = {1, 2, 3, 4};
        assertThat(PackedLuma.Plane.of(new LumaFrame(0, 4, 1, noZero), 0, 1, null).zeros(0, 1)).isFalse();
    }
}
