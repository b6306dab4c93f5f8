package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
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

/**
 * The shipped search shader's two forms write identical UAVs: {@code Msad4Search.java} (the fast path)
 * and its assembly {@code Msad4Search.asm} run by the interpreter. Inputs are random signatures of 1–9
 * words (so not a multiple of 4 words), bytes that are often 0 (masked reference bytes, zero source
 * bytes), and source buffers shorter than the Dispatch needs (out-of-bounds reads at the end, spec §3).
 */
class Msad4SearchAsmPropertyTest {
    private static final AsmShader ASM = ShaderCatalog.assembly(Msad4Search.NAME);

    /** One search: the signature words, the source words and the number of groups. */
    record Search(int[] reference, int[] source, int groups) {
    }

    @Property(tries = 60)
    void msad4SearchAsm_randomSearch_writesTheJavaShadersUav(@ForAll("searches") Search search) {
        assertThat(run(ASM.copy(), search)).isEqualTo(run(new Msad4Search(), search));
    }

    @Provide
    Arbitrary<Search> searches() {
        Arbitrary<Integer> word = Arbitraries.integers().between(0, 3).flatMap(zeroBytes -> Arbitraries.integers()
                .map(w -> maskBytes(w, zeroBytes)));
        Arbitrary<int[]> reference = word.array(int[].class).ofMinSize(1).ofMaxSize(9);
        Arbitrary<int[]> source = word.array(int[].class).ofMinSize(0).ofMaxSize(200);
        return Combinators.combine(reference, source, Arbitraries.integers().between(1, 4)).as(Search::new);
    }

    /** Clears {@code count} of the word's bytes, chosen by the word's own bits. */
    private static int maskBytes(int word, int count) {
        int w = word;
        for (int k = 0; k < count; k++) {
            int lane = (word >>> (2 * k)) & 3;
            w &= ~(0xFF << (8 * lane));
        }
        return w;
    }

    private static int[] run(ComputeShader shader, Search search) {
        try (BufferAllocator allocator = new RootAllocator()) {
            int[] words = new int[4 * 64 * search.groups()];
            try (RWBuffer accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, 64 * search.groups(), allocator)) {
                ShaderResources resources = new ShaderResources()
                        .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, search.reference(),
                                search.reference().length))
                        .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, search.source(),
                                search.source().length))
                        .setUnorderedAccessView(0, accum)
                        .setConstantBuffer(0, ConstantBuffer.ofWords(search.reference().length));
                new DeviceContext().dispatch(shader, resources, Dispatch.of(search.groups()));
                for (int i = 0; i < words.length; i++) {
                    words[i] = accum.uint(i / 4, i % 4);
                }
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
            return words;
        }
    }
}
