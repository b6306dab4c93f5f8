package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.TypedBuffer;
import org.junit.jupiter.api.Test;

/** The vector forms' byte planes: little-endian bytes of the words, 0 past the buffer's end. */
class ShortPlaneTest {

    @Test
    void load_spreadsWordsIntoBytes_zeroOutOfBounds() {
        TypedBuffer buffer = TypedBuffer.ofWords(DxgiFormat.R32_UINT, new int[] {0x44332211, 0x88776655, 0xFF00FF01}, 3);
        short[] plane = new short[12];
        java.util.Arrays.fill(plane, (short) -1);
        ShortPlane.load(buffer, 1, 3, new int[3], plane);
        assertThat(plane).containsExactly((short) 0x55, (short) 0x66, (short) 0x77, (short) 0x88, (short) 0x01,
                (short) 0xFF, (short) 0x00, (short) 0xFF, (short) 0, (short) 0, (short) 0, (short) 0);
    }
}
