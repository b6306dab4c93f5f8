package org.imbrex.io.scan;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * Runs reference passes through the msad4 search shader with its HLSL bindings, and adds their sums.
 * <pre>
 *   t0  = the pass's reference words (R32_UINT)        cb0[0].x = REF_SIZE
 *   t1  = tile words from the pass's wordOffset on      (plain or complemented, R32_UINT)
 *   u0  = RWBuffer&lt;uint4&gt; R32G32B32A32_UINT, one element per 4 tile offsets, allocated once
 *   Dispatch(ceil(elements / 64), 1, 1)                 elements = ceil(offsets / 4)
 *   u0[t / 4].component(t % 4) = the pass's share of the score at tile offset t
 * </pre>
 * Only the public Dispatch API is used, so any shader with these bindings works (the Java shader or the
 * interpreted assembly). Reads of {@code t1} past the tile data return 0; they only meet masked reference
 * bytes, since an owned window ends inside the data ({@link org.imbrex.io.tile.TilePlan}).
 */
final class Msad4Passes implements AutoCloseable {
    private static final int LANES = 64;

    private final ComputeShader shader;
    private final DeviceContext device = new DeviceContext();
    private final ShaderResources resources = new ShaderResources();
    private final RWBuffer accum;
    private final TypedBuffer[] references;
    private final ConstantBuffer[] refSizes;
    private final int[] shifted;

    Msad4Passes(List<ReferencePass> passes, int maxElements, BufferAllocator allocator, ComputeShader shader) {
        this.shader = shader;
        this.references = new TypedBuffer[passes.size()];
        this.refSizes = new ConstantBuffer[passes.size()];
        for (int p = 0; p < passes.size(); p++) {
            int[] words = passes.get(p).words();
            references[p] = TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, words.length);
            refSizes[p] = ConstantBuffer.ofWords(words.length);
        }
        this.shifted = new int[maxElements + SearchPlan.MAX_PASS_WORDS + 1];
        this.accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, maxElements, allocator);
        resources.setUnorderedAccessView(0, accum);
    }

    /** Dispatches pass {@code index} over the first {@code elements} u0 elements of the tile. */
    void run(int index, ReferencePass pass, TileData data, int elements) {
        int[] words = data.words(pass.kind());
        TypedBuffer source;
        if (pass.wordOffset() == 0) {
            source = TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, data.wordCount());
        } else {
            // Element x reads words x + i and x + i + 1 for i < REF_SIZE: elements + REF_SIZE words at most.
            int count = Math.max(0, Math.min(data.wordCount() - pass.wordOffset(), elements + pass.refSize()));
            System.arraycopy(words, pass.wordOffset(), shifted, 0, count);
            source = TypedBuffer.ofWords(DxgiFormat.R32_UINT, shifted, count);
        }
        resources.setShaderResource(0, references[index])
                .setShaderResource(1, source)
                .setConstantBuffer(0, refSizes[index]);
        device.dispatch(shader, resources, Dispatch.of((elements + LANES - 1) / LANES));
    }

    /** Writes ({@code first}) or adds the last pass's sums at tile offsets {@code [0, count)} into {@code sums}. */
    void collect(int[] sums, int count, boolean first) {
        if (first) {
            for (int t = 0; t < count; t++) {
                sums[t] = accum.uint(t >> 2, t & 3);
            }
        } else {
            for (int t = 0; t < count; t++) {
                sums[t] += accum.uint(t >> 2, t & 3);
            }
        }
    }

    @Override
    public void close() {
        accum.close();
    }
}
