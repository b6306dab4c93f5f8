package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.TypedBuffer;
import org.junit.jupiter.api.Test;

/** The source planes of the search shader: bytes in order, shifted planes, zeros out of bounds. */
class ShiftedPlanesTest {

    @Test
    void load_twoWords_givesBytesAndShiftedBytes() {
        ShiftedPlanes planes = new ShiftedPlanes(64);
        planes.load(TypedBuffer.ofWords(DxgiFormat.R32_UINT, new int[] {0x44332211, 0x88776655}, 2), 0, 2);
        assertThat(planes.plane(0)).startsWith(0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88);
        assertThat(planes.plane(5)[0]).isEqualTo(0x66);
        assertThat(planes.plane(0)[7]).isEqualTo(0x88);
        assertThat(planes.plane(3)).startsWith(0x44, 0x55, 0x66, 0x77, 0x88);
    }

    @Test
    void load_pastTheEnd_readsZeroBytes() {
        ShiftedPlanes planes = new ShiftedPlanes(64);
        int[] words = new int[100];
        java.util.Arrays.fill(words, -1);
        planes.load(TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, 100), 98, 4);
        assertThat(planes.plane(0)).startsWith(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0);
        assertThat(planes.plane(15)[0]).isZero();
        assertThat(planes.plane(7)[0]).isEqualTo(0xFF);
    }

    @Test
    void plane_everyShift_equalsThePlaneFromThatByte() {
        ShiftedPlanes planes = new ShiftedPlanes(64);
        int[] words = new int[96];
        for (int i = 0; i < words.length; i++) {
            words[i] = i * 0x01010101 + 0x00010203;
        }
        planes.load(TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, words.length), 0, 64 + ShiftedPlanes.BLOCK);
        for (int r = 0; r < 16; r++) {
            for (int x = 0; x < planes.length(); x++) {
                assertThat(planes.plane(r)[x]).isEqualTo(planes.plane(0)[r + x]);
            }
        }
    }
}
