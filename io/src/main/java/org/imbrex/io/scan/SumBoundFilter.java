package org.imbrex.io.scan;

import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.SumBound;

/**
 * The second stage of a fuzzy anchored scan: the {@link SumBound} shader bounds the SAD of each candidate
 * word's four offsets from the tile's prefix sums, and words whose four bounds are all above the limit are
 * dropped before msad4 scores the rest. Exact anchors check their window's bytes exactly already, so only
 * signatures searched with a limit above 0 go through it.
 * <pre>
 *   t0 = tile prefix sums   t1 = the signature's runs (SumRuns)   t2 = candidate words   cb0[0].x = RUNS
 *   u0 = R32G32B32A32_UINT, one element per candidate: the bound at offsets 4·word + 0..3
 *   keep word x when min_k u0[x].k ≤ limit      (bound ≤ SAD: a dropped word holds no match)
 * </pre>
 * Example: a candidate of {@code 4D 5A 90 00} at data {@code 00 00 00 00} has the bound |0 − 311| = 311,
 * far above a limit of 8: it is dropped without an msad4 Dispatch.
 */
final class SumBoundFilter implements AutoCloseable {
    private final ComputeShader shader;
    private final DeviceContext device = new DeviceContext();
    private final ShaderResources resources = new ShaderResources();
    private final RWBuffer bound;
    private final TypedBuffer[] runs;
    private final ConstantBuffer[] runCounts;
    private final int[] bounds = new int[4 * GatherPasses.BATCH];

    SumBoundFilter(SearchPlan plan, BufferAllocator allocator, ComputeShader shader) {
        this.shader = shader;
        this.runs = new TypedBuffer[plan.signatureCount()];
        this.runCounts = new ConstantBuffer[plan.signatureCount()];
        for (int s = 0; s < plan.signatureCount(); s++) {
            int[] words = SumRuns.of(plan.signature(s));
            runs[s] = TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, words.length);
            runCounts[s] = ConstantBuffer.ofWords(words.length / 3);
        }
        this.bound = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, GatherPasses.BATCH, allocator);
        resources.setUnorderedAccessView(0, bound);
    }

    /**
     * Keeps, in place and in order, the candidate words {@code words[0, count)} of signature {@code s} with a
     * bound ≤ {@code maxSad} at one of their offsets; returns how many. Counts Dispatches in {@code
     * dispatches[0]}.
     */
    int keep(int s, TileData data, int[] words, int count, int maxSad, int[] at, long[] dispatches) {
        TypedBuffer prefix = TypedBuffer.ofWords(DxgiFormat.R32_UINT, data.prefixSums(), data.prefixLength());
        int kept = 0;
        for (int first = 0; first < count; first += GatherPasses.BATCH) {
            int n = Math.min(GatherPasses.BATCH, count - first);
            System.arraycopy(words, first, at, 0, n);
            resources.setShaderResource(0, prefix)
                    .setShaderResource(1, runs[s])
                    .setShaderResource(2, TypedBuffer.ofWords(DxgiFormat.R32_UINT, at, n))
                    .setConstantBuffer(0, runCounts[s]);
            device.dispatch(shader, resources, Dispatch.of((n + SumBound.LANES - 1) / SumBound.LANES));
            dispatches[0]++;
            bound.readWords(0, bounds, 4 * n);
            for (int x = 0; x < n; x++) {
                int o = 4 * x;
                if (bounds[o] <= maxSad || bounds[o + 1] <= maxSad || bounds[o + 2] <= maxSad
                        || bounds[o + 3] <= maxSad) {
                    words[kept++] = at[x];
                }
            }
        }
        return kept;
    }

    @Override
    public void close() {
        bound.close();
    }
}
