package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.testing.ArrowExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code store_uav_typed} through an {@link RWBuffer}: spec test vectors 20–28, element after element. */
@ExtendWith(ArrowExtension.class)
class TypedStoreVectorsTest {

    private static int f(float value) {
        return Float.floatToRawIntBits(value);
    }

    /** Stores each value as x of element i (y, z, w = x too) and returns the UAV bytes in hex. */
    private static String storeEach(DxgiFormat format, BufferAllocator allocator, int... values) {
        try (RWBuffer u = RWBuffer.allocate(format, values.length, allocator)) {
            for (int i = 0; i < values.length; i++) {
                u.store(i, new int[] {values[i], values[i], values[i], values[i]});
            }
            return HexFormat.of().withUpperCase().formatHex(u.contents());
        }
    }

    @Test
    void r8Unorm_vector20(BufferAllocator allocator) {
        assertThat(storeEach(DxgiFormat.R8_UNORM, allocator, f(0.5f), f(0.25f), f(0.1f), f(1f), f(2f), f(-0.5f),
                f(Float.NaN))).isEqualTo("80401AFFFF0000");
    }

    @Test
    void r16Unorm_vector21(BufferAllocator allocator) {
        assertThat(storeEach(DxgiFormat.R16_UNORM, allocator, f(0.5f), f(0.25f), f(0.1f)))
                .isEqualTo("008000409A19");
    }

    @Test
    void snorm_vector22(BufferAllocator allocator) {
        assertThat(storeEach(DxgiFormat.R8_SNORM, allocator, f(1f), f(-1f), f(-2f), f(0.5f), f(-0.5f), f(Float.NaN)))
                .isEqualTo("7F818140C000");
        assertThat(storeEach(DxgiFormat.R16_SNORM, allocator, f(-1f))).isEqualTo("0180");
    }

    @Test
    void r10g10b10a2Unorm_vector23(BufferAllocator allocator) {
        try (RWBuffer u = RWBuffer.allocate(DxgiFormat.R10G10B10A2_UNORM, 1, allocator)) {
            u.store(0, new int[] {f(1f), f(0.5f), f(0f), f(0.5f)});
            assertThat(HexFormat.of().withUpperCase().formatHex(u.contents())).isEqualTo("FF030880");
            assertThat(((org.apache.arrow.vector.UInt4Vector) u.vector()).get(0)).isEqualTo(0x800803FF);
        }
    }

    @Test
    void uintClamps_vector24(BufferAllocator allocator) {
        assertThat(storeEach(DxgiFormat.R8_UINT, allocator, 255, 256, 300, 0xFFFFFFFF)).isEqualTo("FFFFFFFF");
        assertThat(storeEach(DxgiFormat.R16_UINT, allocator, 300, 0xFFFFFFFF)).isEqualTo("2C01FFFF");
    }

    @Test
    void sintClamps_vector25(BufferAllocator allocator) {
        assertThat(storeEach(DxgiFormat.R8_SINT, allocator, 127, 128, 200, -129, -1, 0x80000000))
                .isEqualTo("7F7F7F80FF80");
        assertThat(storeEach(DxgiFormat.R16_SINT, allocator, 0x80000000, -129)).isEqualTo("00807FFF");
    }

    @Test
    void float16RoundsTowardZeroAndClamps_vector26(BufferAllocator allocator) {
        // 1.0, 0.5, 65504, 65519, 65520, 100000, +INF, -INF, -0, 1.000732421875, 2^-24, 1.5·2^-24, 2^-25, denormal
        assertThat(storeEach(DxgiFormat.R16_FLOAT, allocator, 0x3F800000, 0x3F000000, 0x477FE000, 0x477FEF00,
                0x477FF000, 0x47C35000, 0x7F800000, 0xFF800000, 0x80000000, 0x3F801800, 0x33800000, 0x33C00000,
                0x33000000, 0x00000001))
                .isEqualTo("003C" + "0038" + "FF7B" + "FF7B" + "FF7B" + "FF7B" + "007C" + "00FC" + "0080" + "003C"
                        + "0100" + "0100" + "0000" + "0000");
    }

    @Test
    void r11g11b10Float_vector27(BufferAllocator allocator) {
        try (RWBuffer u = RWBuffer.allocate(DxgiFormat.R11G11B10_FLOAT, 2, allocator)) {
            u.store(0, new int[] {f(1f), f(2f), f(0.5f), 0});
            u.store(1, new int[] {f(-1f), 0x7F800000, 0x47800000, 0});
            int second = 0 | (0x7C0 << 11) | (0x3DF << 22);
            assertThat(HexFormat.of().withUpperCase().formatHex(u.contents()))
                    .isEqualTo("C0032070" + String.format("%02X%02X%02X%02X", second & 0xFF, (second >>> 8) & 0xFF,
                            (second >>> 16) & 0xFF, second >>> 24));
        }
    }

    @Test
    void r32FloatKeepsDenormalBits_vector28(BufferAllocator allocator) {
        assertThat(storeEach(DxgiFormat.R32_FLOAT, allocator, 0x00000001, 0x807FFFFF)).isEqualTo("01000000FFFF7F80");
    }
}
