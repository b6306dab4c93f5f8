package org.imbrex.io.motion;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.ShaderModel;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.Msad4BlockGather;
import org.imbrex.kernels.shaders.SeaBound;
import org.imbrex.kernels.shaders.SeaSelect;

/**
 * The pruned search of one stripe: successive elimination in front of msad4, five Dispatches (six for B ≥
 * 32) that give each block FFmpeg's vector while msad4 scores only the candidates that could still win.
 *
 * <pre>
 *   1 sea-bound   every candidate's bound with 4×4 sub-blocks of B/4 (MotionPlan#coarseLevel)
 *   2 sea-select  per block: the lowest bound's lane (the zero vector's among equals)
 *   3 msad4-block-gather   its exact SADs            → best (SAD, rank) per block, here
 *   4 sea-bound   from the bounds of 1, refined one level finer where a candidate may win (B ≥ 32 only)
 *   5 sea-select  per block: every lane that may still win against its best
 *   6 msad4-block-gather   their exact SADs          → the block's vector, here
 * </pre>
 * A candidate left out has bound &gt; best SAD, or bound = best SAD and a later place in FFmpeg's order (the
 * zero vector first, then raster order), so its exact SAD cannot make it the winner: the vectors are the
 * exhaustive search's, bit for bit. On a frame with zero pixels, each gather runs a second time over the
 * complemented planes as the exhaustive search does. UAVs grow as needed and are reused; {@link #close()}
 * frees them. Example: on a panned noise texture with temporal noise at B = 16, R = 7, pass 5 lists no lane
 * for a block whose content is in frame n−1, and most lanes for one that moved in from outside the frame.
 */
final class SeaPasses implements AutoCloseable {
    private final MotionPlan plan;
    private final BufferAllocator allocator;
    /** One device and one set of bindings per shader, so each keeps its group context between Dispatches. */
    private final DeviceContext boundDevice = new DeviceContext();
    private final DeviceContext selectDevice = new DeviceContext();
    private final DeviceContext gatherDevice = new DeviceContext();
    private final ShaderResources boundResources = new ShaderResources();
    private final ShaderResources selectResources = new ShaderResources();
    private final ShaderResources gatherResources = new ShaderResources();
    private final SeaBound bound = new SeaBound();
    private final SeaSelect select = new SeaSelect();
    /**
     * The lane loops of this JVM ({@link LaneLoops#active()}): with the vector API, a gather's lanes run a
     * register lane per pixel of a block row; the same stores either way.
     */
    private final Msad4BlockGather gather = new Msad4BlockGather();
    private RWBuffer bounds;
    private RWBuffer lanes;
    private RWBuffer counts;
    private RWBuffer scores;
    private RWBuffer zeroScores;
    private int[] boundWords = new int[0];
    private int[] laneWords = new int[0];
    private int[] countWords = new int[0];
    private int[] best = new int[0];
    private int[] bestDx = new int[0];
    private int[] bestDy = new int[0];
    private boolean complementPass;

    SeaPasses(MotionPlan plan, BufferAllocator allocator) {
        this.plan = plan;
        this.allocator = allocator;
    }

    /** Whether a stripe of this width fits the bound pass's Dispatch (groups along x within the limit). */
    boolean fits(int width) {
        return (long) plan.blocksX(width) * ((plan.candidates() + SeaBound.LANES - 1) / SeaBound.LANES)
                <= ShaderModel.MAX_GROUPS_PER_DIMENSION;
    }

    /** The packed planes (t0, t1 of msad4; marks and complement or null) and the tables of both frames. */
    record Planes(TypedBuffer cur, TypedBuffer prev, TypedBuffer marks, TypedBuffer complement, TypedBuffer curSat,
            TypedBuffer prevSat) {
    }

    /** The vectors of the stripe's blocks in raster order; {@code cb} holds cb0[0..2] as msad4 reads them. */
    List<MotionVector> match(int width, Stripe stripe, int[] cb, Planes planes) {
        int blocksX = plan.blocksX(width);
        int blocks = blocksX * stripe.blockRows();
        int candidates = plan.candidates();
        int elements = blocks * candidates;
        bounds = ensure(bounds, DxgiFormat.R32G32B32A32_UINT, elements);
        lanes = ensure(lanes, DxgiFormat.R32_UINT, elements);
        counts = ensure(counts, DxgiFormat.R32_UINT, blocks);
        scores = ensure(scores, DxgiFormat.R32G32B32A32_UINT, elements * plan.bands());
        complementPass = planes.marks() != null;
        if (complementPass) {
            zeroScores = ensure(zeroScores, DxgiFormat.R32G32B32A32_UINT, elements * plan.bands());
        }
        if (best.length < 2 * blocks) {
            best = new int[2 * blocks];
            bestDx = new int[blocks];
            bestDy = new int[blocks];
        }
        Arrays.fill(best, 0, 2 * blocks, Integer.MAX_VALUE);
        int coarse = plan.coarseLevel();
        int groupsPerBlock = (candidates + SeaBound.LANES - 1) / SeaBound.LANES;
        Dispatch perCandidate = Dispatch.of(groupsPerBlock, blocksX, stripe.blockRows());
        Dispatch perRow = Dispatch.of(blocksX * groupsPerBlock, stripe.blockRows(), 1);
        Dispatch perBlock = Dispatch.of((blocksX + SeaSelect.LANES - 1) / SeaSelect.LANES, stripe.blockRows(), 1);

        // 1, 2, 3: the coarse bounds, the lowest bound's lane, its SADs
        ConstantBuffer first = params(cb, width, coarse, coarse, SeaBound.MODE_COMPUTE);
        boundDevice.dispatch(bound, boundResources.setShaderResource(0, planes.curSat())
                .setShaderResource(1, planes.prevSat()).setShaderResource(2, TypedBuffer.unbound())
                .setShaderResource(3, TypedBuffer.unbound()).setUnorderedAccessView(0, bounds)
                .setConstantBuffer(0, first), perRow);
        boundWords = copy(bounds, 4 * elements, boundWords);
        selectLanes(first, perBlock, SeaSelect.MODE_FIRST, blocks, elements);
        score(cb, planes, perCandidate);
        improveBest(width, blocks);

        // 4, 5, 6: refine while a candidate may win, list those that still may, score them
        if (plan.fineLevel() < coarse) {
            ConstantBuffer refine = params(cb, width, coarse, plan.fineLevel(), SeaBound.MODE_PRIOR);
            boundDevice.dispatch(bound, boundResources.setShaderResource(2, words(best, 2 * blocks))
                    .setShaderResource(3, words(boundWords, 4 * elements)).setConstantBuffer(0, refine), perRow);
            boundWords = copy(bounds, 4 * elements, boundWords);
        }
        selectLanes(params(cb, width, coarse, plan.fineLevel(), SeaSelect.MODE_SURVIVORS), perBlock,
                SeaSelect.MODE_SURVIVORS, blocks, elements);
        score(cb, planes, perCandidate);
        improveBest(width, blocks);
        return vectors(stripe, blocksX);
    }

    private void selectLanes(ConstantBuffer params, Dispatch perBlock, int mode, int blocks, int elements) {
        selectResources.setShaderResource(0, words(boundWords, 4 * elements))
                .setShaderResource(1, mode == SeaSelect.MODE_SURVIVORS ? words(best, 2 * blocks) : TypedBuffer.unbound())
                .setUnorderedAccessView(0, lanes).setUnorderedAccessView(1, counts).setConstantBuffer(0, params);
        selectDevice.dispatch(select, selectResources, perBlock);
        countWords = copy(counts, blocks, countWords);
        laneWords = copy(lanes, elements, laneWords);
    }

    private void score(int[] cb, Planes planes, Dispatch perCandidate) {
        ConstantBuffer params = ConstantBuffer.ofWords(cb);
        gatherResources.setShaderResource(2, words(laneWords, laneWords.length))
                .setShaderResource(3, words(countWords, countWords.length)).setConstantBuffer(0, params);
        gatherDevice.dispatch(gather, gatherResources.setShaderResource(0, planes.cur())
                .setShaderResource(1, planes.prev()).setUnorderedAccessView(0, scores), perCandidate);
        if (complementPass) {
            gatherDevice.dispatch(gather, gatherResources.setShaderResource(0, planes.marks())
                    .setShaderResource(1, planes.complement()).setUnorderedAccessView(0, zeroScores), perCandidate);
        }
    }

    /**
     * Folds the exact SADs of the listed lanes into each block's best by FFmpeg's order: lower SAD, then
     * lower rank (0 for the zero vector, 1 + its place in raster order for the others).
     */
    private void improveBest(int width, int blocks) {
        int candidates = plan.candidates();
        int blocksX = plan.blocksX(width);
        for (int b = 0; b < blocks; b++) {
            int bx = (b % blocksX) * plan.block();
            for (int i = 0; i < countWords[b]; i++) {
                int c = laneWords[b * candidates + i];
                int dy = plan.candidateDy(c);
                for (int j = 0; j < 4; j++) {
                    int sad = score(b * candidates + c, j);
                    if (sad < 0) {
                        continue;
                    }
                    int dx = plan.candidateDx(bx, c, j);
                    int rank = SeaBound.rank(dx, dy, plan.range());
                    if (SeaBound.mayWin(sad, rank, best[2 * b], best[2 * b + 1])) {
                        best[2 * b] = sad;
                        best[2 * b + 1] = rank;
                        bestDx[b] = dx;
                        bestDy[b] = dy;
                    }
                }
            }
        }
    }

    /** The exact SAD of component j of lane element {@code element}, or −1 for NO_SCORE. */
    private int score(int element, int j) {
        return CandidateScores.exactSad(plan, scores, complementPass ? zeroScores : null, element, j);
    }

    private List<MotionVector> vectors(Stripe stripe, int blocksX) {
        List<MotionVector> vectors = new ArrayList<>(blocksX * stripe.blockRows());
        for (int row = 0; row < stripe.blockRows(); row++) {
            for (int col = 0; col < blocksX; col++) {
                int b = row * blocksX + col;
                vectors.add(new MotionVector(col * plan.block(), (stripe.firstBlockRow() + row) * plan.block(),
                        bestDx[b], bestDy[b], best[2 * b]));
            }
        }
        return vectors;
    }

    /** cb0 of the bound and select passes: the msad4 registers, then IPITCH, LEVEL, MIN_LEVEL, MODE. */
    private static ConstantBuffer params(int[] cb, int width, int level, int minLevel, int mode) {
        int[] words = Arrays.copyOf(cb, 16);
        words[12] = width + 1;
        words[13] = level;
        words[14] = minLevel;
        words[15] = mode;
        return ConstantBuffer.ofWords(words);
    }

    private static TypedBuffer words(int[] words, int count) {
        return TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, count);
    }

    private static int[] copy(RWBuffer uav, int count, int[] reuse) {
        int[] out = reuse.length >= count ? reuse : new int[count];
        uav.readWords(0, out, count);
        return out;
    }

    private RWBuffer ensure(RWBuffer current, DxgiFormat format, int elements) {
        if (current != null && current.numElements() >= elements) {
            return current;
        }
        if (current != null) {
            current.close();
        }
        return RWBuffer.allocate(format, Math.max(1, elements), allocator);
    }

    @Override
    public void close() {
        for (RWBuffer uav : new RWBuffer[] {bounds, lanes, counts, scores, zeroScores}) {
            if (uav != null) {
                uav.close();
            }
        }
        bounds = lanes = counts = scores = zeroScores = null;
    }
}
