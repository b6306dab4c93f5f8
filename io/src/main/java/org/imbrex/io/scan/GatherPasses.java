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
import org.imbrex.kernels.shaders.Msad4Gather;

/**
 * Scores a signature's candidate words exactly: its reference passes through the {@link Msad4Gather}
 * shader, one thread per candidate word, adding the passes' sums as {@link Msad4Passes} does for whole
 * tiles. After each pass but the last, words whose four partial scores are all above the limit are
 * dropped, since passes only add.
 * <pre>
 *   t0 = the pass's reference words    t1 = tile words (plain or complemented)    cb0[0].x = REF_SIZE
 *   t2 = at[x] = word[x] + the pass's wordOffset, for the candidate words of the batch
 *   u0 = R32G32B32A32_UINT, one element per candidate:  u0[x].k = the pass's share at offset 4·word[x] + k
 *   Dispatch(ceil(candidates / 64)), in batches of at most {@link #BATCH} candidates
 * </pre>
 * Example: for candidates {7, 20} of a one-pass signature, {@code score} leaves in {@code sums} the exact
 * SADs at tile offsets 28..31 and 80..83.
 */
final class GatherPasses implements AutoCloseable {
    /** Candidate words per Dispatch. */
    static final int BATCH = 16384;

    private final ComputeShader shader;
    private final DeviceContext device = new DeviceContext();
    private final ShaderResources resources = new ShaderResources();
    private final RWBuffer accum;
    private final TypedBuffer[] references;
    private final ConstantBuffer[] refSizes;
    private final int[] at = new int[BATCH];
    private final int[] shares = new int[4 * BATCH];
    private int[] sums = new int[4 * 256];

    GatherPasses(List<ReferencePass> passes, BufferAllocator allocator, ComputeShader shader) {
        this.shader = shader;
        this.references = ReferencePass.references(passes);
        this.refSizes = ReferencePass.refSizes(passes);
        this.accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, BATCH, allocator);
        resources.setUnorderedAccessView(0, accum);
    }

    /**
     * Scores signature {@code s}'s candidate words {@code words[0, count)} (ascending) in the loaded tile;
     * keeps, in place and still ascending, those with a score ≤ {@code maxSad} at one of their offsets, and
     * returns how many. Their scores are then {@link #sums()}{@code [4x + k]}. Counts Dispatches in {@code
     * dispatches[0]}.
     */
    int score(SearchPlan plan, int s, TileData data, int[] words, int count, int maxSad, long[] dispatches) {
        if (sums.length < 4 * count) {
            sums = new int[4 * Math.max(count, 2 * sums.length / 4)];
        }
        java.util.Arrays.fill(sums, 0, 4 * count, 0);
        int kept = count;
        for (int p = plan.firstPass(s); p < plan.endPass(s) && kept > 0; p++) {
            ReferencePass pass = plan.passes().get(p);
            TypedBuffer source = TypedBuffer.ofWords(DxgiFormat.R32_UINT, data.words(pass.kind()), data.wordCount());
            for (int first = 0; first < kept; first += BATCH) {
                int n = Math.min(BATCH, kept - first);
                for (int x = 0; x < n; x++) {
                    at[x] = words[first + x] + pass.wordOffset();
                }
                resources.setShaderResource(0, references[p])
                        .setShaderResource(1, source)
                        .setShaderResource(2, TypedBuffer.ofWords(DxgiFormat.R32_UINT, at, n))
                        .setConstantBuffer(0, refSizes[p]);
                device.dispatch(shader, resources, Dispatch.of((n + Msad4Gather.LANES - 1) / Msad4Gather.LANES));
                dispatches[0]++;
                accum.readWords(0, shares, 4 * n);
                int base = 4 * first;
                for (int i = 0; i < 4 * n; i++) {
                    sums[base + i] += shares[i];
                }
            }
            kept = keepWithin(words, kept, maxSad);
        }
        return kept;
    }

    /** Compacts the words (and their sums) with an offset still within {@code maxSad}. */
    private int keepWithin(int[] words, int count, int maxSad) {
        int kept = 0;
        for (int x = 0; x < count; x++) {
            int o = 4 * x;
            if (sums[o] <= maxSad || sums[o + 1] <= maxSad || sums[o + 2] <= maxSad || sums[o + 3] <= maxSad) {
                words[kept] = words[x];
                System.arraycopy(sums, o, sums, 4 * kept, 4);
                kept++;
            }
        }
        return kept;
    }

    /** The scores of the words {@link #score} kept: {@code sums()[4x + k]} is offset {@code 4·words[x] + k}. */
    int[] sums() {
        return sums;
    }

    @Override
    public void close() {
        accum.close();
    }
}
