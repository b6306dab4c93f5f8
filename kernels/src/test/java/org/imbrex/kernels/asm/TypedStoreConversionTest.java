package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.cli.OneLineErrors;
import org.imbrex.kernels.cli.ShaderCommand;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code store_uav_typed} of one 4-component value into every typed-UAV format of spec §4.3 (required and
 * optional), through the interpreter and through {@code imbrex shader X.asm --uav 0:FORMAT:BYTES:OUT}. The
 * expected bytes are worked out by hand from the conversion rules of spec §4.2 and test vectors 20–28.
 */
class TypedStoreConversionTest {
    private static final String STORE = """
            cs_5_0
            dcl_thread_group 1, 1, 1
            dcl_constantBuffer cb0[1], immediateIndexed
            dcl_uav_typed_buffer (uint,uint,uint,uint) u0
            store_uav_typed u0.xyzw, l(1), cb0[0].xyzw
            ret
            """;

    @TempDir
    Path dir;

    /** A format, the stored value (raw shader bits) and the element's bytes. */
    record Vector(DxgiFormat format, int[] value, String bytes) {
        @Override
        public String toString() {
            return format.name();
        }
    }

    private static int f(float v) {
        return Float.floatToRawIntBits(v);
    }

    static List<Vector> vectors() {
        int nan = 0x7FC0_0000;
        return List.of(
                new Vector(DxgiFormat.R32G32B32A32_FLOAT, new int[] {f(1), f(-2), 0x1, 0x7FC0_0001},
                        "0000803f000000c0010000000100c07f"),
                new Vector(DxgiFormat.R32G32B32A32_UINT, new int[] {1, -1, 0x8000_0000, 7}, "01000000ffffffff0000008007000000"),
                new Vector(DxgiFormat.R32G32B32A32_SINT, new int[] {-2, 3, 0, 0x7FFF_FFFF}, "feffffff0300000000000000ffffff7f"),
                new Vector(DxgiFormat.R16G16B16A16_FLOAT, new int[] {f(1), f(0.5f), f(65520f), f(Float.NEGATIVE_INFINITY)},
                        "003c0038ff7b00fc"),
                new Vector(DxgiFormat.R16G16B16A16_UNORM, new int[] {f(0.5f), f(0.25f), f(0.1f), nan}, "008000409a190000"),
                new Vector(DxgiFormat.R16G16B16A16_UINT, new int[] {300, -1, 0, 65536}, "2c01ffff0000ffff"),
                new Vector(DxgiFormat.R16G16B16A16_SNORM, new int[] {f(-1), f(1), f(0.5f), nan}, "0180ff7f00400000"),
                new Vector(DxgiFormat.R16G16B16A16_SINT, new int[] {0x8000_0000, -129, 40000, -1}, "00807fffff7fffff"),
                new Vector(DxgiFormat.R32G32_FLOAT, new int[] {f(1), 0x1, 5, 6}, "0000803f01000000"),
                new Vector(DxgiFormat.R32G32_UINT, new int[] {-1, 2, 5, 6}, "ffffffff02000000"),
                new Vector(DxgiFormat.R32G32_SINT, new int[] {0x8000_0000, -3, 5, 6}, "00000080fdffffff"),
                new Vector(DxgiFormat.R10G10B10A2_UNORM, new int[] {f(1), f(0.5f), 0, f(0.5f)}, "ff030880"),
                new Vector(DxgiFormat.R10G10B10A2_UINT, new int[] {1023, 2000, 5, 7}, "ffff5fc0"),
                new Vector(DxgiFormat.R11G11B10_FLOAT, new int[] {f(1), f(2), f(0.5f), f(9)}, "c0032070"),
                new Vector(DxgiFormat.R8G8B8A8_UNORM, new int[] {f(0.5f), f(0.1f), f(2), f(-0.5f)}, "801aff00"),
                new Vector(DxgiFormat.R8G8B8A8_UINT, new int[] {1, 256, 0x7F, -1}, "01ff7fff"),
                new Vector(DxgiFormat.R8G8B8A8_SNORM, new int[] {f(1), f(-1), f(0.5f), f(-0.5f)}, "7f8140c0"),
                new Vector(DxgiFormat.R8G8B8A8_SINT, new int[] {127, 200, -129, -1}, "7f7f80ff"),
                new Vector(DxgiFormat.R16G16_FLOAT, new int[] {0x3F80_1800, 0x3380_0000, 0, 0}, "003c0100"),
                new Vector(DxgiFormat.R16G16_UNORM, new int[] {f(0.5f), f(1.5f), 0, 0}, "0080ffff"),
                new Vector(DxgiFormat.R16G16_UINT, new int[] {300, 70000, 0, 0}, "2c01ffff"),
                new Vector(DxgiFormat.R16G16_SNORM, new int[] {f(-1), f(-2), 0, 0}, "01800180"),
                new Vector(DxgiFormat.R16G16_SINT, new int[] {0x8000_0000, 32767, 0, 0}, "0080ff7f"),
                new Vector(DxgiFormat.R32_FLOAT, new int[] {0x1, 2, 3, 4}, "01000000"),
                new Vector(DxgiFormat.R32_UINT, new int[] {0xDEAD_BEEF, 2, 3, 4}, "efbeadde"),
                new Vector(DxgiFormat.R32_SINT, new int[] {0x8000_0000, 2, 3, 4}, "00000080"),
                new Vector(DxgiFormat.R8G8_UNORM, new int[] {f(0.25f), f(1), 0, 0}, "40ff"),
                new Vector(DxgiFormat.R8G8_UINT, new int[] {255, 256, 0, 0}, "ffff"),
                new Vector(DxgiFormat.R8G8_SNORM, new int[] {f(-2), f(0.5f), 0, 0}, "8140"),
                new Vector(DxgiFormat.R8G8_SINT, new int[] {128, 0x8000_0000, 0, 0}, "7f80"),
                new Vector(DxgiFormat.R16_FLOAT, new int[] {f(65519f), 0, 0, 0}, "ff7b"),
                new Vector(DxgiFormat.R16_UNORM, new int[] {f(0.1f), 0, 0, 0}, "9a19"),
                new Vector(DxgiFormat.R16_UINT, new int[] {-1, 0, 0, 0}, "ffff"),
                new Vector(DxgiFormat.R16_SNORM, new int[] {f(-1), 0, 0, 0}, "0180"),
                new Vector(DxgiFormat.R16_SINT, new int[] {-129, 0, 0, 0}, "7fff"),
                new Vector(DxgiFormat.R8_UNORM, new int[] {f(0.1f), 0, 0, 0}, "1a"),
                new Vector(DxgiFormat.R8_UINT, new int[] {300, 0, 0, 0}, "ff"),
                new Vector(DxgiFormat.R8_SNORM, new int[] {f(-1), 0, 0, 0}, "81"),
                new Vector(DxgiFormat.R8_SINT, new int[] {-129, 0, 0, 0}, "80"),
                new Vector(DxgiFormat.A8_UNORM, new int[] {f(1), f(1), f(1), f(0.5f)}, "80"),
                new Vector(DxgiFormat.B5G6R5_UNORM, new int[] {f(1), f(0.5f), 0, 0}, "00fc"),
                new Vector(DxgiFormat.B5G5R5A1_UNORM, new int[] {0, f(1), f(0.5f), f(1)}, "f083"),
                new Vector(DxgiFormat.B4G4R4A4_UNORM, new int[] {f(1), 0, f(0.2f), f(0.5f)}, "038f"));
    }

    /** Element 0 stays zero; element 1 holds the converted value; element 2 stays zero. */
    private static byte[] expected(Vector v) {
        byte[] element = HexFormat.of().parseHex(v.bytes());
        assertThat(element).hasSize(v.format().byteSize());
        byte[] all = new byte[3 * element.length];
        System.arraycopy(element, 0, all, element.length, element.length);
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void storeUavTyped_everyUavFormat_convertsAsSpec42(Vector v) {
        try (BufferAllocator allocator = new RootAllocator()) {
            try (RWBuffer u0 = RWBuffer.allocate(v.format(), 3, allocator)) {
                ShaderResources resources = new ShaderResources().setUnorderedAccessView(0, u0)
                        .setConstantBuffer(0, ConstantBuffer.ofWords(v.value()));
                new DeviceContext().dispatch(AsmShader.parse("store.asm", STORE), resources, Dispatch.of(1));
                assertThat(u0.contents()).isEqualTo(expected(v));
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void shaderCommand_uavOfEveryFormat_writesTheConvertedBytes(Vector v) throws IOException {
        Path asm = Files.writeString(dir.resolve("store.asm"), STORE);
        ByteBuffer cb = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        for (int word : v.value()) {
            cb.putInt(word);
        }
        Path cb0 = Files.write(dir.resolve("cb0.bin"), cb.array());
        Path out = dir.resolve("u0.bin");
        int exit = OneLineErrors.commandLine(new ShaderCommand()).execute(asm.toString(), "1", "--cb", "0:" + cb0,
                "--uav", "0:" + v.format() + ":" + 3 * v.format().byteSize() + ":" + out);
        assertThat(exit).isZero();
        assertThat(out).hasBinaryContent(expected(v));
    }
}
