package org.imbrex.io.motion;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.Msad4BlockMatch;

/**
 * Block matching of a frame pair: for every whole B×B block of frame n, the displacement within ±R whose
 * block in frame n−1 has the lowest exact SAD, with FFmpeg's tie rules. Two searches give the same vectors:
 * {@link Search#PRUNED} (the default) bounds every candidate from sub-block sums first and lets msad4 score
 * only the candidates that could still win ({@link SeaPasses}); {@link Search#EXHAUSTIVE} scores them all.
 *
 * <p>Exhaustive, per stripe ({@link MotionPlan#stripes}) one Dispatch writes every candidate's msad4 sums, band by
 * band, to a {@code R32G32B32A32_UINT} UAV ({@link Msad4BlockMatch}). When the stripe of frame n holds a
 * zero pixel, which msad4 masks, a second Dispatch over the zero marks and the complemented frame n−1 adds
 * the missing |0 − b| terms ({@link PackedLuma}). The bands are added here, so a score is the exact SAD
 * even where it passes msad4's 65535. {@link CandidateScores} then picks each block's vector with
 * FFmpeg's tie rules. The UAVs come from the allocator given, grow when a frame needs more, are reused
 * from frame pair to frame pair, and are freed by {@link #close()}.
 *
 * <pre>{@code
 * try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(16, 7), allocator)) {
 *     List<MotionVector> vectors = matcher.match(previousFrame, currentFrame);
 * }
 * }</pre>
 * Not thread-safe: one matcher per task thread. The views the shaders read hold whole frames (CUR_ROW0 =
 * PREV_ROW0 = 0), whatever the stripes: a frame's packed plane and summed-area table are computed once, and
 * kept for the next pair, where the frame matched as frame n is frame n−1.
 */
public final class BlockMatcher implements AutoCloseable {
    /** How the candidates are scored. */
    public enum Search { PRUNED, EXHAUSTIVE }

    private final Search search;
    private final SeaPasses sea;
    private final FrameCache<int[]> tables = new FrameCache<>(
            (frame, row0, rows, old) -> SummedAreaTable.of(frame.luma(), frame.width(), row0, rows, old));
    private final FrameCache<PackedLuma.Plane> planes = new FrameCache<>(PackedLuma.Plane::of);
    /** The complement pass's planes: zero marks of frame n, complement of frame n−1 (only where n has a 0). */
    private final FrameCache<int[]> marks = new FrameCache<>((frame, row0, rows, old) -> packed(frame, row0, rows,
            PackedLuma.Form.ZERO_MARKS, old));
    private final FrameCache<int[]> complements = new FrameCache<>((frame, row0, rows, old) -> packed(frame, row0,
            rows, PackedLuma.Form.COMPLEMENT, old));
    private final MotionPlan plan;
    private final BufferAllocator allocator;
    private final DeviceContext device = new DeviceContext();
    private final Msad4BlockMatch shader = new Msad4BlockMatch();
    private RWBuffer scores;
    private RWBuffer zeroScores;

    public BlockMatcher(MotionPlan plan, BufferAllocator allocator) {
        this(plan, allocator, Search.PRUNED);
    }

    public BlockMatcher(MotionPlan plan, BufferAllocator allocator, Search search) {
        this.plan = plan;
        this.allocator = allocator;
        this.search = search;
        this.sea = new SeaPasses(plan, allocator);
    }

    public MotionPlan plan() {
        return plan;
    }

    /** Every block's vector, in raster order of blocks, the frame cut into the plan's stripes. */
    public List<MotionVector> match(LumaFrame previous, LumaFrame current) {
        checkPair(previous, current);
        List<MotionVector> vectors = new ArrayList<>();
        for (Stripe stripe : plan.stripes(current.width(), current.height())) {
            vectors.addAll(match(previous, current, stripe));
        }
        return vectors;
    }

    /** The vectors of one stripe's blocks, in raster order. */
    public List<MotionVector> match(LumaFrame previous, LumaFrame current, Stripe stripe) {
        checkPair(previous, current);
        int width = current.width();
        int block = plan.block();
        int range = plan.range();
        if (stripe.firstBlockRow() + stripe.blockRows() > plan.blocksY(current.height())) {
            throw new IllegalArgumentException("stripe of block rows " + stripe.firstBlockRow() + ".."
                    + (stripe.firstBlockRow() + stripe.blockRows() - 1) + " passes the frame's "
                    + plan.blocksY(current.height()) + " block rows");
        }
        // Every view holds the whole frame (CUR_ROW0 = PREV_ROW0 = 0), computed once per frame whatever the
        // stripes: a frame matched as frame n is frame n−1 of the next pair. A stripe only chooses block rows.
        int height = current.height();
        int pitch = PackedLuma.pitch(width);
        int wordCount = pitch * height;
        PackedLuma.Plane prev = planes.of(previous, 0, height);
        PackedLuma.Plane cur = planes.of(current, 0, height);
        boolean zeros = cur.zeros(stripe.curRow0(block), stripe.curRows(block));
        int[] cb = {width, height, block, range, pitch, plan.bandRows(), plan.bands(), plan.xGroups(), 0, 0,
            stripe.firstBlockRow(), plan.candidates()};
        int[] markWords = zeros ? marks.of(current, 0, height) : null;
        int[] complementWords = zeros ? complements.of(previous, 0, height) : null;
        if (search == Search.PRUNED && sea.fits(width)) {
            int satWords = SummedAreaTable.size(width, height);
            int[] prevSat = tables.of(previous, 0, height);
            int[] curSat = tables.of(current, 0, height);
            return sea.match(width, stripe, cb, new SeaPasses.Planes(cur.view(), prev.view(),
                    zeros ? words(markWords, wordCount) : null, zeros ? words(complementWords, wordCount) : null,
                    words(curSat, satWords), words(prevSat, satWords)));
        }
        int elements = plan.blocksX(width) * stripe.blockRows() * plan.candidates() * plan.bands();
        ConstantBuffer constants = ConstantBuffer.ofWords(cb);
        scores = ensure(scores, elements);
        dispatch(cur.words(), wordCount, prev.words(), wordCount, scores, constants, stripe);
        if (zeros) {
            zeroScores = ensure(zeroScores, elements);
            dispatch(markWords, wordCount, complementWords, wordCount, zeroScores, constants, stripe);
        }
        return new CandidateScores(plan, scores, zeros ? zeroScores : null).best(width, stripe);
    }

    private static int[] packed(LumaFrame frame, int row0, int rows, PackedLuma.Form form, int[] old) {
        int[] words = PackedLuma.ensure(old, PackedLuma.pitch(frame.width()) * rows);
        PackedLuma.pack(frame.luma(), frame.width(), row0, rows, form, words);
        return words;
    }

    private static TypedBuffer words(int[] words, int count) {
        return TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, count);
    }

    private void dispatch(int[] cur, int curCount, int[] prev, int prevCount, RWBuffer target, ConstantBuffer cb,
            Stripe stripe) {
        ShaderResources resources = new ShaderResources()
                .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, cur, curCount))
                .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, prev, prevCount))
                .setUnorderedAccessView(0, target)
                .setConstantBuffer(0, cb);
        int groupsX = (plan.candidates() + Msad4BlockMatch.LANES - 1) / Msad4BlockMatch.LANES;
        int blocksX = cb.get(0, 0) / plan.block();
        device.dispatch(shader, resources, Dispatch.of(groupsX, blocksX, stripe.blockRows()));
    }

    /** A UAV of at least {@code elements} elements: the current one, or a larger replacement. */
    private RWBuffer ensure(RWBuffer current, int elements) {
        if (current != null && current.numElements() >= elements) {
            return current;
        }
        if (current != null) {
            current.close();
        }
        return RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, elements, allocator);
    }

    private void checkPair(LumaFrame previous, LumaFrame current) {
        if (previous.width() != current.width() || previous.height() != current.height()) {
            throw new IllegalArgumentException("frames " + previous.index() + " and " + current.index()
                    + " differ in size: " + previous.width() + "x" + previous.height() + " and " + current.width()
                    + "x" + current.height());
        }
        plan.checkFrame(current.width(), current.height(), "frame " + current.index());
    }

    @Override
    public void close() {
        sea.close();
        if (scores != null) {
            scores.close();
            scores = null;
        }
        if (zeroScores != null) {
            zeroScores.close();
            zeroScores = null;
        }
    }
}
