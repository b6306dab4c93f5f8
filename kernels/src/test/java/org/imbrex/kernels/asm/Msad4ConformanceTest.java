package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.Msad4Search;
import org.imbrex.kernels.shaders.ShaderCatalog;
import org.imbrex.kernels.testing.Msad4Case;
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

    static List<String> cases() {
        return Msad4Case.names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void vkd3dAsm_msad4Case_matchesTheRuntime(String name) throws URISyntaxException {
        Path asm = Path.of(getClass().getResource("/conformance/msad4/msad4.vkd3d.asm").toURI());
        try {
            assertThat(run(AsmShader.load(asm), Msad4Case.load(name))).isEqualTo(Msad4Case.load(name).expected());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shippedFxcAsm_msad4Case_matchesTheRuntime(String name) {
        Msad4Case c = Msad4Case.load(name);
        assertThat(run(ShaderCatalog.assembly(Msad4Search.NAME), c)).isEqualTo(c.expected());
    }

    private int[] run(ComputeShader shader, Msad4Case c) {
        try (RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, c.expected().length / 4, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, c.reference(), c.reference().length))
                    .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, c.source(), c.source().length))
                    .setUnorderedAccessView(0, accum)
                    .setConstantBuffer(0, ConstantBuffer.ofWords(c.refSize()));
            new DeviceContext().dispatch(shader, resources, Dispatch.of(c.groupsX(), c.groupsY(), c.groupsZ()));
            int[] words = new int[c.expected().length];
            ByteBuffer.wrap(accum.contents()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
            return words;
        }
    }
}
