package org.imbrex.kernels.shaders;

import static org.imbrex.kernels.shaders.BlockParams.udiv;
import static org.imbrex.kernels.shaders.BlockParams.urem;

import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The successive-elimination selection shader ({@code SeaSelect.hlsl}) in Java: per block, the candidate
 * lanes {@link Msad4BlockGather} must score, from {@link SeaBound}'s bounds. One thread per block.
 *
 * <pre>
 * Buffer&lt;uint&gt; cand_bound : register(t0);     // SeaBound's UAV as words: 4 · (block · CANDIDATES + c) + k
 * Buffer&lt;uint&gt; best : register(t1);           // per block: SAD_BEST, RANK_BEST (MODE 1)
 * RWBuffer&lt;uint&gt; lanes : register(u0);        // per block: CANDIDATES slots
 * RWBuffer&lt;uint&gt; lane_count : register(u1);
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     col = DTid.x; if (col &gt;= WIDTH / BLOCK) return;  block = DTid.y * (WIDTH / BLOCK) + col;
 *     MODE 0: lanes = the lane of the lowest bound: the zero vector's if it is among the lowest, else the
 *             first in raster order
 *     MODE 1: lanes = every c with a component k: bound != NO_SCORE &amp;&amp; rank != RANK_BEST
 *                           &amp;&amp; (bound &lt; SAD_BEST || bound == SAD_BEST &amp;&amp; rank &lt; RANK_BEST)
 *     lane_count[block] = count;
 * }
 * </pre>
 * Why a lane left out cannot change the block's vector: FFmpeg's order takes the lowest SAD, then the lowest
 * rank (the zero vector first, then raster order). With (SAD_BEST, RANK_BEST) a candidate already scored, a
 * candidate with bound &gt; SAD_BEST has SAD &gt; SAD_BEST, and one with bound = SAD_BEST and a higher rank
 * cannot come before it either; the best itself is scored already. Example: bounds (9, 4, 7, NO_SCORE) in lane 3 and SAD_BEST = 5, RANK_BEST
 * = 40: lane 3 is listed for its 4. Dispatch {@code (ceil(BLOCKS_X / 64), blockRows, 1)}.
 */
public final class SeaSelect implements GroupShader {
    /** Threads per group. */
    public static final int LANES = 64;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader sea-select}. */
    public static final String NAME = "sea-select";
    /** cb0[3].w: the lowest bound's lane. */
    public static final int MODE_FIRST = 0;
    /** cb0[3].w: every lane that may still win. */
    public static final int MODE_SURVIVORS = 1;

    private static final int NO_SCORE = SeaBound.NO_SCORE;

    /** Whether the scans of a block's bounds run in vector lanes ({@link SeaSelectLanes}). */
    private final boolean vectorLanes;

    /** The shader, its scans in this JVM's {@link LaneLoops#active()} form. */
    public SeaSelect() {
        this(LaneLoops.active());
    }

    /**
     * The shader with the given lane loops: with {@link LaneLoops#VECTOR} (needs the module {@code
     * jdk.incubator.vector}), a block's bounds held in a word view are scanned a register at a time; the same
     * stores either way.
     */
    public SeaSelect(LaneLoops loops) {
        this.vectorLanes = loops == LaneLoops.VECTOR;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public NumThreads numThreads() {
        return NUM_THREADS;
    }

    @Override
    public void main(GroupContext group) {
        TypedBuffer candBound = group.resources().typedBuffer(0);
        TypedBuffer best = group.resources().typedBuffer(1);
        RWBuffer lanes = group.resources().rwBuffer(0);
        RWBuffer laneCount = group.resources().rwBuffer(1);
        BlockParams p = BlockParams.of(group.resources().constantBuffer(0));
        int[] firstCols = group.dispatchThreadIdX();
        int blocksX = p.blocksX();
        for (int lane = 0; lane < group.lanes(); lane++) {
            int col = firstCols[lane];
            if (Integer.compareUnsigned(col, blocksX) >= 0) {
                continue;
            }
            int block = group.dispatchThreadIdY()[lane] * blocksX + col;
            int count = p.mode() == MODE_FIRST ? first(p, candBound, lanes, block)
                    : survivors(p, candBound, best, lanes, block, col * p.block());
            laneCount.storeUint(block, count);
        }
    }

    /** The bounds' words when they are a word view holding all of the block's lanes, else null (read by ld). */
    private static int[] blockWords(BlockParams p, TypedBuffer candBound, int first) {
        long end = 4L * (Integer.toUnsignedLong(first) + Integer.toUnsignedLong(p.candidates()));
        return candBound.hasWords() && end <= candBound.numElements() ? candBound.words() : null;
    }

    private int first(BlockParams p, TypedBuffer candBound, RWBuffer lanes, int block) {
        int first = block * p.candidates();
        int zeroLane = p.range() * p.xGroups() + ((p.range() + 3) >>> 2);
        int lowLane = zeroLane;
        int low = candBound.ldX(4 * (first + zeroLane));
        int[] words = blockWords(p, candBound, first);
        boolean direct = words != null;
        if (direct && p.candidates() >= 0 && vectorLanes) {
            // the zero vector's lane if its bound is the lowest, else the first lane that holds the lowest
            int lowest = SeaSelectLanes.lowest(words, 4 * first, p.candidates());
            if (Integer.compareUnsigned(lowest, low) < 0) {
                lowLane = SeaSelectLanes.firstHolding(words, 4 * first, p.candidates(), lowest);
            }
        } else if (direct && p.candidates() >= 0) {
            int e = 4 * first;
            for (int c = 0; c < p.candidates(); c++, e += 4) {
                // bounds are far below 2^31 and NO_SCORE is −1: a signed minimum of b + 2^31 is the unsigned one
                int m = Math.min(Math.min(words[e] ^ Integer.MIN_VALUE, words[e + 1] ^ Integer.MIN_VALUE),
                        Math.min(words[e + 2] ^ Integer.MIN_VALUE, words[e + 3] ^ Integer.MIN_VALUE));
                if (m < (low ^ Integer.MIN_VALUE)) {
                    low = m ^ Integer.MIN_VALUE;
                    lowLane = c;
                }
            }
        } else {
            for (int c = 0; Integer.compareUnsigned(c, p.candidates()) < 0; c++) {
                for (int k = 0; k < 4; k++) {
                    int e = 4 * (first + c) + k;
                    int b = direct ? words[e] : candBound.ldX(e);
                    if (Integer.compareUnsigned(b, low) < 0) {
                        low = b;
                        lowLane = c;
                    }
                }
            }
        }
        lanes.storeUint(first, lowLane);
        return 1;
    }

    private int survivors(BlockParams p, TypedBuffer candBound, TypedBuffer best, RWBuffer lanes, int block, int bx) {
        int first = block * p.candidates();
        int sadBest = best.ldX(2 * block);
        int rankBest = best.ldX(2 * block + 1);
        int[] words = blockWords(p, candBound, first);
        boolean direct = words != null;
        int count = 0;
        int bestFlipped = sadBest ^ Integer.MIN_VALUE;
        int c = 0;
        if (direct && vectorLanes) {
            // SeaSelectLanes.LANES lanes a register: a register without a word at most SAD_BEST is skipped whole
            for (; c + SeaSelectLanes.LANES <= p.candidates(); c += SeaSelectLanes.LANES) {
                if (SeaSelectLanes.anyAtMost(words, 4 * (first + c), sadBest)) {
                    for (int j = c; j < c + SeaSelectLanes.LANES; j++) {
                        if (keep(p, words, candBound, first, j, bx, sadBest, rankBest)) {
                            lanes.storeUint(first + count, j);
                            count++;
                        }
                    }
                }
            }
        }
        for (; Integer.compareUnsigned(c, p.candidates()) < 0; c++) {
            int e = 4 * (first + c);
            // as uint, the least of the four above SAD_BEST: the signed minimum of the words with their top bits
            // flipped, without a branch per word (NO_SCORE is above unless SAD_BEST is 0xFFFFFFFF)
            if (direct && Math.min(Math.min(words[e] ^ Integer.MIN_VALUE, words[e + 1] ^ Integer.MIN_VALUE),
                    Math.min(words[e + 2] ^ Integer.MIN_VALUE, words[e + 3] ^ Integer.MIN_VALUE)) > bestFlipped) {
                continue;
            }
            if (keep(p, words, candBound, first, c, bx, sadBest, rankBest)) {
                lanes.storeUint(first + count, c);
                count++;
            }
        }
        return count;
    }

    /**
     * MODE 1's test of lane c: a component with bound != NO_SCORE, rank != RANK_BEST and (bound, rank) before
     * (SAD_BEST, RANK_BEST); the bounds from {@code words} when not null, else loaded.
     */
    private static boolean keep(BlockParams p, int[] words, TypedBuffer candBound, int first, int c, int bx,
            int sadBest, int rankBest) {
        int range = p.range();
        int e = 4 * (first + c);
        int dy = udiv(c, p.xGroups()) - range;
        int word0 = (bx >>> 2) - ((range + 3) >>> 2) + urem(c, p.xGroups());
        boolean keep = false;
        for (int k = 0; k < 4; k++) {
            int px = 4 * word0 + k;
            int b = words != null ? words[e + k] : candBound.ldX(e + k);
            int rank = SeaBound.rank(px - bx, dy, range);
            keep |= b != NO_SCORE && rank != rankBest && SeaBound.mayWin(b, rank, sadBest, rankBest);
        }
        return keep;
    }
}
