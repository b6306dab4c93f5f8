package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.Msad4Search;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The msad4 search cases of {@code conformance/msad4/}, whose UAVs a real D3D11 runtime produced, through
 * the interpreted assembly in both dialects: vkd3d-compiler's {@code msad4.vkd3d.asm} (ld, ushr/ishl/or,
 * if_nz/break) and the shipped fxc-style {@code Msad4Search.asm} (ld_indexable, ushr/bfi/mov, breakc_nz;
 * spec §1.2), bit for bit.
 */
class Msad4ConformanceTest {
    private BufferAllocator allocator;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void close() {
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    static List<Msad4Case> cases() throws IOException, URISyntaxException {
        Path dir = Path.of(Msad4ConformanceTest.class.getResource("/conformance/msad4").toURI());
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".case")).sorted().map(f -> {
                try {
                    return Msad4Case.read(f);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void vkd3dAsm_msad4Case_matchesTheRuntime(Msad4Case c) throws IOException, URISyntaxException {
        Path asm = Path.of(getClass().getResource("/conformance/msad4/msad4.vkd3d.asm").toURI());
        assertThat(run(AsmShader.load(asm), c)).isEqualTo(c.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shippedFxcAsm_msad4Case_matchesTheRuntime(Msad4Case c) {
        assertThat(run(AsmShader.fromResource(Msad4Search.class, "Msad4Search.asm"), c)).isEqualTo(c.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void javaShader_msad4Case_matchesTheRuntime(Msad4Case c) {
        assertThat(run(new Msad4Search(), c)).isEqualTo(c.expected());
    }

    private int[] run(ComputeShader shader, Msad4Case c) {
        try (RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, c.expected().length / 4, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, c.reference(), c.reference().length))
                    .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, c.source(), c.source().length))
                    .setUnorderedAccessView(0, accum)
                    .setConstantBuffer(0, ConstantBuffer.ofWords(c.refSize()));
            new DeviceContext().dispatch(shader, resources, c.dispatch());
            int[] words = new int[c.expected().length];
            ByteBuffer.wrap(accum.contents()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
            return words;
        }
    }
}
