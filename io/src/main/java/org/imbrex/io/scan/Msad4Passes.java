package org.imbrex.io.scan;

import java.util.Arrays;
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
 * When only some thread groups can still match ({@link SurvivingGroups}), a pass runs on those alone: their
 * words are copied into slots of 128 words, one slot per surviving group, and two groups are dispatched
 * per slot (the second is spare: it only keeps slot j + 1's words out of slot j's reach).
 * <pre>
 *   t1 slot j    words [wordOffset + 64·G_j, + 64 + REF_SIZE) of the tile, at 128·j (64 + REF_SIZE ≤ 128)
 *   Dispatch(2·survivors)    u0[128·j + e] = the share at tile offsets 4·(64·G_j + e) + k
 * </pre>
 * Only the public Dispatch API is used, so any shader with these bindings works (the Java shader or the
 * interpreted assembly). Reads of {@code t1} past the tile data return 0; they only meet masked reference
 * bytes, since an owned window ends inside the data ({@link org.imbrex.io.tile.TilePlan}).
 */
final class Msad4Passes implements AutoCloseable {
    private static final int LANES = 64;
    /** Words per slot of a compacted pass: a group's 64 lanes plus up to 64 reference words. */
    private static final int SLOT = 2 * LANES;

    private final ComputeShader shader;
    private final DeviceContext device = new DeviceContext();
    private final ShaderResources resources = new ShaderResources();
    private final RWBuffer accum;
    private final TypedBuffer[] references;
    private final ConstantBuffer[] refSizes;
    private final int[] shifted;
    /** One pass's sums, copied out of the UAV before they are added. */
    private final int[] shares;

    Msad4Passes(List<ReferencePass> passes, int maxElements, BufferAllocator allocator, ComputeShader shader) {
        this.shader = shader;
        this.references = ReferencePass.references(passes);
        this.refSizes = ReferencePass.refSizes(passes);
        int maxGroups = (maxElements + LANES - 1) / LANES;
        this.shifted = new int[Math.max(maxElements + SearchPlan.MAX_PASS_WORDS + 1, LANES * maxGroups + SLOT)];
        this.accum = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, maxElements, allocator);
        this.shares = new int[4 * maxElements];
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
        dispatch(index, source, (elements + LANES - 1) / LANES);
    }

    /**
     * Dispatches pass {@code index} for the surviving groups only; the caller keeps {@code 2·survivors ≤
     * groups of the tile}, so the slots fit the UAV.
     */
    void runSurvivors(int index, ReferencePass pass, TileData data, SurvivingGroups survivors) {
        int[] words = data.words(pass.kind());
        int reach = LANES + pass.refSize();
        for (int j = 0; j < survivors.count(); j++) {
            int from = pass.wordOffset() + LANES * survivors.group(j);
            int count = Math.max(0, Math.min(reach, data.wordCount() - from));
            System.arraycopy(words, from, shifted, SLOT * j, count);
            Arrays.fill(shifted, SLOT * j + count, SLOT * (j + 1), 0);
        }
        int slots = SLOT * survivors.count();
        dispatch(index, TypedBuffer.ofWords(DxgiFormat.R32_UINT, shifted, slots), 2 * survivors.count());
    }

    private void dispatch(int index, TypedBuffer source, int groups) {
        resources.setShaderResource(0, references[index])
                .setShaderResource(1, source)
                .setConstantBuffer(0, refSizes[index]);
        device.dispatch(shader, resources, Dispatch.of(groups));
    }

    /**
     * Writes ({@code first}) or adds the last pass's sums at tile offsets {@code [0, count)} into {@code sums}:
     * offset t is component t % 4 of element t / 4, i.e. word t of the UAV.
     */
    void collect(int[] sums, int count, boolean first) {
        if (first) {
            accum.readWords(0, sums, count);
            return;
        }
        accum.readWords(0, shares, count);
        for (int t = 0; t < count; t++) {
            sums[t] += shares[t];
        }
    }

    /** Adds the last {@link #runSurvivors} pass's sums into {@code sums}, at tile offsets below {@code count}. */
    void collectSurvivors(int[] sums, int count, SurvivingGroups survivors) {
        for (int j = 0; j < survivors.count(); j++) {
            int first = SurvivingGroups.OFFSETS_PER_GROUP * survivors.group(j);
            int length = Math.min(count, first + SurvivingGroups.OFFSETS_PER_GROUP) - first;
            // Slot j's element SLOT·j + e holds offsets first + 4e + k: word 4·SLOT·j + (t − first).
            accum.readWords(4 * SLOT * j, shares, length);
            for (int i = 0; i < length; i++) {
                sums[first + i] += shares[i];
            }
        }
    }

    @Override
    public void close() {
        accum.close();
    }
}
