package org.imbrex.kernels.resource;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Element layout and conversion of every typed UAV format (spec §4.1–4.3) and {@code ld} decoding (spec §3). */
class FormatCodecTest {

    /** Spec §4.3, "Required" (without the video formats), then the three optional 16-bit formats. */
    static final List<String> REQUIRED_STORE_FORMATS = List.of(
            "R32G32B32A32_FLOAT", "R32G32B32A32_UINT", "R32G32B32A32_SINT",
            "R16G16B16A16_FLOAT", "R16G16B16A16_UNORM", "R16G16B16A16_UINT", "R16G16B16A16_SNORM",
            "R16G16B16A16_SINT", "R32G32_FLOAT", "R32G32_UINT", "R32G32_SINT", "R10G10B10A2_UNORM",
            "R10G10B10A2_UINT", "R11G11B10_FLOAT", "R8G8B8A8_UNORM", "R8G8B8A8_UINT", "R8G8B8A8_SNORM",
            "R8G8B8A8_SINT", "R16G16_FLOAT", "R16G16_UNORM", "R16G16_UINT", "R16G16_SNORM", "R16G16_SINT",
            "R32_FLOAT", "R32_UINT", "R32_SINT", "R8G8_UNORM", "R8G8_UINT", "R8G8_SNORM", "R8G8_SINT",
            "R16_FLOAT", "R16_UNORM", "R16_UINT", "R16_SNORM", "R16_SINT", "R8_UNORM", "R8_UINT", "R8_SNORM",
            "R8_SINT", "A8_UNORM");
    static final List<String> OPTIONAL_STORE_FORMATS = List.of("B5G6R5_UNORM", "B5G5R5A1_UNORM", "B4G4R4A4_UNORM");

    private static int f(float value) {
        return Float.floatToRawIntBits(value);
    }

    private static String encode(DxgiFormat format, int... rgba) {
        ByteBuffer out = ByteBuffer.allocate(format.byteSize());
        FormatCodec.encode(format, rgba, out, 0);
        return HexFormat.of().withUpperCase().formatHex(out.array());
    }

    private static int[] decode(DxgiFormat format, String hex) {
        int[] rgba = new int[4];
        FormatCodec.decode(format, ByteBuffer.wrap(HexFormat.of().parseHex(hex)), 0, rgba);
        return rgba;
    }

    @Test
    void formats_specSection43_areAllKnownTypedUavFormats() {
        for (String name : REQUIRED_STORE_FORMATS) {
            assertThat(DxgiFormat.parse(name).name()).as(name).isEqualTo(name);
        }
        for (String name : OPTIONAL_STORE_FORMATS) {
            assertThat(DxgiFormat.parse("DXGI_FORMAT_" + name.toLowerCase()).name()).isEqualTo(name);
        }
    }

    static Stream<Arguments> storedBytes() {
        float half = 0.5f;
        return Stream.of(
                // vector 23: R10G10B10A2_UNORM (1.0, 0.5, 0.0, 0.5) → 0x800803FF, little-endian
                Arguments.of("R10G10B10A2_UNORM", new int[] {f(1f), f(half), f(0f), f(half)}, "FF030880"),
                // vector 27: R11G11B10_FLOAT (1.0, 2.0, 0.5) → 0x702003C0
                Arguments.of("R11G11B10_FLOAT", new int[] {f(1f), f(2f), f(half), 0}, "C0032070"),
                // vector 28: a 32-bit float store moves bits, denormals included
                Arguments.of("R32_FLOAT", new int[] {0x00000001, 7, 7, 7}, "01000000"),
                Arguments.of("R32G32B32A32_UINT", new int[] {1, 2, 3, 0xFFFFFFFF}, "010000000200000003000000FFFFFFFF"),
                Arguments.of("R32G32_SINT", new int[] {-2, 5, 9, 9}, "FEFFFFFF05000000"),
                Arguments.of("R16G16B16A16_FLOAT", new int[] {f(1f), f(half), f(-0f), f(65520f)}, "003C00380080FF7B"),
                Arguments.of("R16G16B16A16_UNORM", new int[] {f(half), f(0.25f), f(0.1f), f(2f)}, "008000409A19FFFF"),
                Arguments.of("R16G16B16A16_UINT", new int[] {300, 0xFFFFFFFF, 0, 65535}, "2C01FFFF0000FFFF"),
                Arguments.of("R16G16B16A16_SNORM", new int[] {f(-1f), f(1f), f(0f), f(-2f)}, "0180FF7F00000180"),
                Arguments.of("R16G16B16A16_SINT", new int[] {0x80000000, -129, 40000, 1}, "00807FFFFF7F0100"),
                Arguments.of("R10G10B10A2_UINT", new int[] {1023, 5000, 1, 7},
                        hex32(1023 | (1023 << 10) | (1 << 20) | (3 << 30))),
                Arguments.of("R8G8B8A8_UNORM", new int[] {f(half), f(0.25f), f(0.1f), f(Float.NaN)}, "80401A00"),
                Arguments.of("R8G8B8A8_UINT", new int[] {255, 256, 300, 0xFFFFFFFF}, "FFFFFFFF"),
                Arguments.of("R8G8B8A8_SNORM", new int[] {f(1f), f(-1f), f(half), f(-half)}, "7F8140C0"),
                Arguments.of("R8G8B8A8_SINT", new int[] {127, 128, -129, -1}, "7F7F80FF"),
                Arguments.of("R16G16_FLOAT", new int[] {0x33C00000, 0x7F800000, 0, 0}, "0100007C"),
                Arguments.of("R16G16_UNORM", new int[] {f(half), f(-1f), 0, 0}, "00800000"),
                Arguments.of("R16G16_UINT", new int[] {300, 70000, 0, 0}, "2C01FFFF"),
                Arguments.of("R16G16_SNORM", new int[] {f(-1f), f(half), 0, 0}, "01800040"),
                Arguments.of("R16G16_SINT", new int[] {0x80000000, 0x7FFFFFFF, 0, 0}, "0080FF7F"),
                Arguments.of("R32_UINT", new int[] {0xDEADBEEF, 1, 2, 3}, "EFBEADDE"),
                Arguments.of("R32_SINT", new int[] {-1, 1, 2, 3}, "FFFFFFFF"),
                Arguments.of("R8G8_UNORM", new int[] {f(1f), f(half), 0, 0}, "FF80"),
                Arguments.of("R8G8_UINT", new int[] {1, 2, 3, 4}, "0102"),
                Arguments.of("R8G8_SNORM", new int[] {f(-2f), f(0f), 0, 0}, "8100"),
                Arguments.of("R8G8_SINT", new int[] {-200, 200, 0, 0}, "807F"),
                Arguments.of("R16_FLOAT", new int[] {0x3F801800, 0, 0, 0}, "003C"),
                Arguments.of("R16_UNORM", new int[] {f(0.1f), 0, 0, 0}, "9A19"),
                Arguments.of("R16_UINT", new int[] {0xFFFFFFFF, 0, 0, 0}, "FFFF"),
                Arguments.of("R16_SNORM", new int[] {f(-1f), 0, 0, 0}, "0180"),
                Arguments.of("R16_SINT", new int[] {-129, 0, 0, 0}, "7FFF"),
                Arguments.of("R8_UNORM", new int[] {f(0.1f), 0, 0, 0}, "1A"),
                Arguments.of("R8_UINT", new int[] {300, 0, 0, 0}, "FF"),
                Arguments.of("R8_SNORM", new int[] {f(-half), 0, 0, 0}, "C0"),
                Arguments.of("R8_SINT", new int[] {0x80000000, 0, 0, 0}, "80"),
                Arguments.of("A8_UNORM", new int[] {f(1f), f(1f), f(1f), f(0.25f)}, "40"),
                Arguments.of("R32G32B32A32_FLOAT", new int[] {0x80000001, 0x7FC00001, f(1f), 0}, "010000800100C07F0000803F00000000"),
                Arguments.of("R32G32B32A32_SINT", new int[] {-1, -2, 3, 4}, "FFFFFFFFFEFFFFFF0300000004000000"),
                Arguments.of("R32G32_FLOAT", new int[] {f(half), f(-2f), 0, 0}, "0000003F000000C0"),
                Arguments.of("R32G32_UINT", new int[] {1, 0x80000000, 0, 0}, "0100000000000080"),
                // B5G6R5: B in bits 0–4, G in 5–10, R in 11–15
                Arguments.of("B5G6R5_UNORM", new int[] {f(1f), f(0f), f(0f), 0}, hex16(0x1F << 11)),
                Arguments.of("B5G5R5A1_UNORM", new int[] {f(0f), f(0f), f(1f), f(1f)}, hex16(0x1F | 0x8000)),
                Arguments.of("B4G4R4A4_UNORM", new int[] {f(1f), f(0f), f(0f), f(half)}, hex16((0xF << 8) | (0x8 << 12))));
    }

    private static String hex32(int word) {
        ByteBuffer out = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(word);
        return HexFormat.of().withUpperCase().formatHex(out.array());
    }

    private static String hex16(int word) {
        return hex32(word).substring(0, 4);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("storedBytes")
    void encode_everyStoreFormat_writesSpecBytes(String format, int[] rgba, String expected) {
        assertThat(encode(DxgiFormat.parse(format), rgba)).isEqualTo(expected);
    }

    @Test
    void storedBytes_coverEveryFormatOfSection43() {
        List<Object> covered = storedBytes().map(a -> a.get()[0]).toList();
        assertThat(covered).containsAll(REQUIRED_STORE_FORMATS).containsAll(OPTIONAL_STORE_FORMATS);
    }

    @ParameterizedTest
    @EnumSource(DxgiFormat.class)
    void encode_oneChannelAtATime_touchesOnlyThatComponentsBits(DxgiFormat format) {
        int one = format.componentType().isFloatOnShaderSide() ? f(1f) : 1;
        for (DxgiFormat.Component c : format.components()) {
            int[] rgba = new int[4];
            rgba[c.channel()] = one;
            ByteBuffer out = ByteBuffer.allocate(format.byteSize());
            FormatCodec.encode(format, rgba, out, 0);
            byte[] bigEndian = new byte[out.capacity()];
            for (int i = 0; i < bigEndian.length; i++) {
                bigEndian[i] = out.get(out.capacity() - 1 - i);
            }
            BigInteger element = new BigInteger(1, bigEndian);
            BigInteger fieldMask = BigInteger.valueOf(c.maxCode()).shiftLeft(c.bitOffset());
            assertThat(element.andNot(fieldMask)).as("%s %s: bits outside the field", format, c)
                    .isEqualTo(BigInteger.ZERO);
            assertThat(element.and(fieldMask)).as("%s %s", format, c).isNotEqualTo(BigInteger.ZERO);
        }
    }

    @ParameterizedTest
    @EnumSource(DxgiFormat.class)
    void decode_missingComponents_defaultTo0001(DxgiFormat format) {
        int[] rgba = new int[4];
        FormatCodec.decode(format, ByteBuffer.allocate(16), 0, rgba);
        int one = format.componentType().isFloatOnShaderSide() ? 0x3F800000 : 1;
        for (int channel = 0; channel < 4; channel++) {
            int expected = format.hasChannel(channel) || channel < 3 ? 0 : one;
            assertThat(rgba[channel]).as("%s channel %d", format, channel).isEqualTo(expected);
        }
    }

    @Test
    void decode_r8Unorm_givesExactQuotientAndFloatOneAlphaVector30() {
        assertThat(decode(DxgiFormat.R8_UNORM, "DE")).containsExactly(0x3F5EDEDF, 0, 0, 0x3F800000);
    }

    @Test
    void decode_signedFormats_signExtendAndMostNegativeSnormIsMinusOne() {
        assertThat(decode(DxgiFormat.R16G16_SINT, "0080FF7F")).containsExactly(-32768, 32767, 0, 1);
        assertThat(decode(DxgiFormat.R8G8_SNORM, "8081")).containsExactly(f(-1f), f(-1f), 0, 0x3F800000);
        assertThat(decode(DxgiFormat.R8_SNORM, "40")).containsExactly(f(64 / 127f), 0, 0, 0x3F800000);
    }

    @Test
    void decode_packedFormats_readFieldsFromLeastSignificantBits() {
        assertThat(decode(DxgiFormat.R10G10B10A2_UINT, hex32(5 | (6 << 10) | (7 << 20) | (2 << 30))))
                .containsExactly(5, 6, 7, 2);
        assertThat(decode(DxgiFormat.R11G11B10_FLOAT, "C0032070")).containsExactly(f(1f), f(2f), f(0.5f), 0x3F800000);
        assertThat(decode(DxgiFormat.B5G6R5_UNORM, hex16(0x1F << 11))).containsExactly(f(1f), 0, 0, 0x3F800000);
        assertThat(decode(DxgiFormat.R16_FLOAT, "0100")).containsExactly(f(0x1p-24f), 0, 0, 0x3F800000);
    }

    @ParameterizedTest
    @EnumSource(DxgiFormat.class)
    void outOfBounds_presentComponentsReadZero(DxgiFormat format) {
        int[] rgba = {9, 9, 9, 9};
        FormatCodec.outOfBounds(format, rgba);
        int one = format.componentType().isFloatOnShaderSide() ? 0x3F800000 : 1;
        assertThat(rgba).containsExactly(0, 0, 0, format.hasChannel(3) ? 0 : one);
    }

    @Test
    void parse_unknownFormat_namesIt() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DxgiFormat.parse("R9G9B9E5_SHAREDEXP"))
                .hasMessageContaining("R9G9B9E5_SHAREDEXP");
        assertThat(DxgiFormat.parse(" r32_uint ").byteSize()).isEqualTo(4);
        assertThat(DxgiFormat.R11G11B10_FLOAT.byteSize()).isEqualTo(4);
        assertThat(DxgiFormat.B4G4R4A4_UNORM.byteSize()).isEqualTo(2);
    }
}
