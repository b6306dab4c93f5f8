package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.testing.ArrowExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code RWTexture2D}: row-major elements, a store outside width × height writes nothing (vector 32). */
@ExtendWith(ArrowExtension.class)
class RWTexture2DTest {

    @Test
    void store_outsideTexture_writesNothingVector32(BufferAllocator allocator) {
        try (RWTexture2D u0 = RWTexture2D.allocate(DxgiFormat.R32_FLOAT, 32, 32, allocator)) {
            int[] value = {0x3F800000, 0, 0, 0};
            u0.store(32, 0, value);
            u0.store(0, 32, value);
            u0.store(0xFFFFFFFF, 0, value);
            u0.store(0, 0xFFFFFFFF, value);
            assertThat(u0.contents()).hasSize(32 * 32 * 4).containsOnly(0);
        }
    }

    @Test
    void store_inside_isRowMajorAndLoadsBack(BufferAllocator allocator) {
        try (RWTexture2D u0 = RWTexture2D.allocate(DxgiFormat.R8G8_UINT, 4, 2, allocator)) {
            u0.store(3, 1, new int[] {7, 300, 0, 0});
            byte[] contents = u0.contents();
            assertThat(contents[2 * (1 * 4 + 3)]).isEqualTo((byte) 7);
            assertThat(contents[2 * (1 * 4 + 3) + 1]).isEqualTo((byte) 0xFF);
            int[] rgba = new int[4];
            u0.load(3, 1, rgba);
            assertThat(rgba).containsExactly(7, 255, 0, 1);
            u0.load(4, 1, rgba);
            assertThat(rgba).containsExactly(0, 0, 0, 1);
            assertThat(u0.width()).isEqualTo(4);
            assertThat(u0.height()).isEqualTo(2);
            assertThat(u0.numElements()).isEqualTo(8);
        }
    }

    @Test
    void allocate_negativeSize_isRejected(BufferAllocator allocator) {
        assertThatThrownBy(() -> RWTexture2D.allocate(DxgiFormat.R32_UINT, -1, -1, allocator))
                .hasMessageContaining("-1");
    }
}
