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
 * The successive-elimination bound shader ({@code SeaBound.hlsl}) in Java: for every candidate lane of every
 * block (the lanes of {@link Msad4BlockMatch}), a lower bound of each x-candidate's SAD from sub-block sums,
 * refined level by level while the candidate may still beat the block's best.
 *
 * <pre>
 * Buffer&lt;uint&gt; cur_sat : register(t0);  Buffer&lt;uint&gt; prev_sat : register(t1);   // summed-area tables
 * Buffer&lt;uint&gt; best : register(t2);     // per block: SAD_BEST, RANK_BEST
 * Buffer&lt;uint&gt; prior : register(t3);    // MODE 1: the bounds at LEVEL, from an earlier Dispatch
 * RWBuffer&lt;uint4&gt; cand_bound : register(u0);
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     ... c, bx, by, dy, word0, py, px, inWindow as in Msad4BlockMatch; block = DTid.z * BLOCKS_X + DTid.y ...
 *     uint4 rank = (dy == 0 &amp;&amp; px == bx) ? 0 : 1 + (dy + RANGE) * (2 * RANGE + 1) + (px - bx + RANGE);
 *     uint level = LEVEL;
 *     uint4 bound = MODE == 1 ? prior[4 * (block * CANDIDATES + c) + 0..3] : level_bound(level);
 *     while (level &gt; MIN_LEVEL &amp;&amp; any(inWindow &amp;&amp; (bound &lt; SAD_BEST || bound == SAD_BEST &amp;&amp; rank &lt; RANK_BEST)))
 *         bound = level_bound(--level);
 *     cand_bound[block * CANDIDATES + c] = inWindow ? bound : NO_SCORE;
 * }
 * </pre>
 * Why it bounds, for sub-blocks of side s = 2^level (S the block's pixels, C the candidate's):
 * <pre>
 *   ┌───┬───┐   |Σ_Q S − Σ_Q C|  ≤  Σ_Q |S − C|         per sub-block Q (triangle inequality)
 *   │ Q │   │   Σ_Q over the (B/s)² sub-blocks  ≤  SAD   and halving s never lowers the sum
 *   ├───┼───┤   Σ_Q S = I[y+s][x+s] − I[y][x+s] − I[y+s][x] + I[y][x]   (summed-area table I: 4 loads)
 *   │   │   │
 *   └───┴───┘
 * </pre>
 * Example: a 4×4 block of 10s against a candidate of 10s and 14s in its right half: at level 2 (one
 * sub-block) the bound is |160 − 192| = 32, at level 1 (four) it is 0 + 32 + 0 + 32 = 64, the SAD itself.
 * All arithmetic wraps modulo 2^32 as HLSL's does; loads past a buffer read 0 (spec §3). The fast path
 * computes a run of lanes with one dy as contiguous x and leaves candidates outside the window to the
 * NO_SCORE select, whose values the HLSL discards as well.
 */
public final class SeaBound implements GroupShader {
    /** Threads per group. */
    public static final int LANES = 64;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader sea-bound}. */
    public static final String NAME = "sea-bound";
    /** What a candidate outside the search window holds in every component. */
    public static final int NO_SCORE = 0xFFFFFFFF;
    /** cb0[3].w: compute the bounds at LEVEL. */
    public static final int MODE_COMPUTE = 0;
    /** cb0[3].w: read the bounds at LEVEL from t3. */
    public static final int MODE_PRIOR = 1;

    /**
     * Groups one call runs: a whole block row of up to 4096 groups (a 4K frame at B = 16, R = 32), which the
     * row fast path needs; the lane arrays of a call are 6 × 64 × 4096 words, allocated once per context.
     */
    public static final int GROUPS_PER_CALL = 4096;

    private final int[] bound = new int[4 * LANES];
    private final int[] px = new int[4 * LANES];
    private final int[] rank = new int[4 * LANES];
    private final boolean[] inWindow = new boolean[4 * LANES];
    private final int[] py = new int[LANES];
    private int[] curBox = new int[16];
    /** What {@link #curBox} holds: the block, level and table it was computed for. */
    private TypedBuffer curBoxSat;
    private int curBoxX;
    private int curBoxY;
    private int curBoxLevel = -1;
    private int curBoxPitch;
    private int curBoxRow0;
    private int curBoxN;
    private final CoarseRow coarseRow;

    /** The shader, its row path in this JVM's {@link LaneLoops#active()} form. */
    public SeaBound() {
        this(LaneLoops.active());
    }

    /**
     * The shader with the given lane loops: with {@link LaneLoops#VECTOR} (needs the module {@code
     * jdk.incubator.vector}), rows whose bounds fit 16 bits (B ≤ 16) run in 16-bit vector lanes; the same
     * stores either way.
     */
    public SeaBound(LaneLoops loops) {
        this.coarseRow = new CoarseRow(loops == LaneLoops.VECTOR);
    }

    /**
     * A candidate's place in FFmpeg's order among equal SADs: 0 for the zero vector, else 1 + its place in
     * raster order (dy, then dx) of the ±R window; arithmetic wraps as HLSL's does. Example: {@code rank(-7,
     * -7, 7)} is 1, {@code rank(0, 0, 7)} is 0.
     */
    public static int rank(int dx, int dy, int range) {
        return dx == 0 && dy == 0 ? 0 : 1 + (dy + range) * (2 * range + 1) + dx + range;
    }

    /**
     * Whether a candidate with this bound (or SAD) and rank can still come before the best (SAD_BEST,
     * RANK_BEST) in FFmpeg's order, all compared as uint: lower, or equal and earlier.
     */
    public static boolean mayWin(int bound, int rank, int sadBest, int rankBest) {
        // (bound, rank) before (sadBest, rankBest) in uint order, as one unsigned 64-bit comparison: a tie of
        // the bound with the best is rare, and a branch for it made C2 throw its compiled loop away at the first
        return Long.compareUnsigned(order(bound, rank), order(sadBest, rankBest)) < 0;
    }

    /** {@code high} and {@code low} as one unsigned 64-bit number, {@code high} in its upper word. */
    private static long order(int high, int low) {
        return (long) high << 32 | (low & 0xFFFF_FFFFL);
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
    public int groupsPerCall() {
        return GROUPS_PER_CALL;
    }

    @Override
    public void main(GroupContext group) {
        TypedBuffer curSat = group.resources().typedBuffer(0);
        TypedBuffer prevSat = group.resources().typedBuffer(1);
        TypedBuffer best = group.resources().typedBuffer(2);
        TypedBuffer prior = group.resources().typedBuffer(3);
        RWBuffer candBound = group.resources().rwBuffer(0);
        BlockParams p = BlockParams.of(group.resources().constantBuffer(0));
        // uint groupsPerBlock = (CANDIDATES + 63) / 64;
        int groupsPerBlock = (p.candidates() + 63) >>> 6;
        curBoxLevel = -1; // tables may have changed since the last call
        int row = group.groupIdY();
        int firstGroup = group.groupIdX();
        int groups = group.groups();
        boolean rowComputed = firstGroup == 0 && (p.mode() == MODE_PRIOR
                ? coarseRow.copyPrior(p, prior, row, groups, groupsPerBlock)
                : coarseRow.compute(p, curSat, prevSat, row, groups, groupsPerBlock));
        for (int g = firstGroup; g < firstGroup + groups; g++) {
            // uint blockCol = Gid.x / groupsPerBlock;  uint c = (Gid.x % groupsPerBlock) * 64 + GTid.x;
            int blockCol = udiv(g, groupsPerBlock);
            int firstLane = urem(g, groupsPerBlock) * LANES;
            int active = (int) Math.max(0, Math.min(LANES,
                    Integer.toUnsignedLong(p.candidates()) - Integer.toUnsignedLong(firstLane)));
            if (active > 0) {
                runGroup(p, curSat, prevSat, best, prior, candBound, row, blockCol, firstLane, active, rowComputed);
            }
        }
    }

    /** One group: lanes {@code [firstLane, firstLane + active)} of block (blockCol, row of the stripe). */
    private void runGroup(BlockParams p, TypedBuffer curSat, TypedBuffer prevSat, TypedBuffer best, TypedBuffer prior,
            RWBuffer candBound, int row, int blockCol, int firstLane, int active, boolean rowComputed) {
        int bx = blockCol * p.block();
        int by = (p.blockRow0() + row) * p.block();
        int block = row * p.blocksX() + blockCol;
        int sadBest = best.ldX(2 * block);
        int rankBest = best.ldX(2 * block + 1);
        int level = p.level();
        int element = block * p.candidates() + firstLane;
        // Nothing is below (0, 0): with that best no lane refines, and the coarse bounds are the result.
        boolean refines = Integer.compareUnsigned(level, p.minLevel()) > 0 && (sadBest != 0 || rankBest != 0);
        if (rowComputed) {
            if (refines) {
                refineRowLanes(p, curSat, prevSat, blockCol, firstLane, active, bx, by, sadBest, rankBest);
            }
            candBound.storeUint4Lanes(element, coarseRow.bounds(blockCol, firstLane), active);
            return;
        }
        setUpLanes(p, firstLane, active, bx, by);
        if (p.mode() == MODE_PRIOR) {
            int e = 4 * element;
            for (int slot = 0; slot < 4 * active; slot++) {
                bound[slot] = prior.ldX(e + slot);
            }
        } else {
            for (int lane = 0; lane < active; lane++) {
                laneBound(p, curSat, prevSat, lane, bx, by, level);
            }
        }
        // while (level > MIN_LEVEL && any(inWindow && mayWin)) bound = level_bound(--level);   per lane
        if (refines) {
            for (int lane = 0; lane < active; lane++) {
                int laneLevel = level;
                while (Integer.compareUnsigned(laneLevel, p.minLevel()) > 0 && mayWin(lane, sadBest, rankBest)) {
                    laneLevel--;
                    laneBound(p, curSat, prevSat, lane, bx, by, laneLevel);
                }
            }
        }
        // cand_bound[block * CANDIDATES + c] = inWindow ? bound : NO_SCORE;
        for (int slot = 0; slot < 4 * active; slot++) {
            if (!inWindow[slot]) {
                bound[slot] = NO_SCORE;
            }
        }
        candBound.storeUint4Lanes(element, bound, active);
    }

    /**
     * The refinement of the row path: lanes of a block whose words in {@link CoarseRow#words()} have a
     * component in the window that may win are refined there; the others are left as they are, without a
     * set-up. Lanes run in order, dy and x-group counted up instead of divided out.
     */
    private void refineRowLanes(BlockParams p, TypedBuffer curSat, TypedBuffer prevSat, int blockCol, int firstLane,
            int active, int bx, int by, int sadBest, int rankBest) {
        int[] words = coarseRow.words();
        int range = p.range();
        int xGroups = p.xGroups();
        int xMax = (p.blocksX() - 1) * p.block();
        int yMax = (udiv(p.height(), p.block()) - 1) * p.block();
        int xLow = Math.max(0, bx - range);
        int xHigh = Math.min(xMax, bx + range);
        int dyIndex = firstLane / xGroups;
        int xGroup = firstLane % xGroups;
        int wordBase = (bx >>> 2) - ((range + 3) >>> 2);
        for (int lane = 0; lane < active; lane++, xGroup++) {
            if (xGroup == xGroups) {
                xGroup = 0;
                dyIndex++;
            }
            int y = by + dyIndex - range;
            if (y < 0 || y > yMax) {
                continue;
            }
            int at = coarseRow.wordOf(blockCol, firstLane + lane);
            int x0 = 4 * (wordBase + xGroup);
            boolean may = false;
            for (int k = 0; k < 4 && !may; k++) {
                int x = x0 + k;
                int b = words[at + k];
                // the rank only matters at bound == SAD_BEST: skip it for the bounds above
                if (x >= xLow && x <= xHigh && Integer.compareUnsigned(b, sadBest) <= 0) {
                    may = mayWin(b, rank(x - bx, dyIndex - range, range), sadBest, rankBest);
                }
            }
            if (!may) {
                continue;
            }
            setUpLanes(p, firstLane + lane, 1, bx, by);
            System.arraycopy(words, at, bound, 0, 4);
            int level = p.level();
            while (Integer.compareUnsigned(level, p.minLevel()) > 0 && mayWin(0, sadBest, rankBest)) {
                level--;
                laneBound(p, curSat, prevSat, 0, bx, by, level);
            }
            for (int k = 0; k < 4; k++) {
                words[at + k] = inWindow[k] ? bound[k] : NO_SCORE;
            }
        }
    }

    /** dy, py, px, inWindow and rank of every active lane's four components. */
    private void setUpLanes(BlockParams p, int firstLane, int active, int bx, int by) {
        int xMax = (udiv(p.width(), p.block()) - 1) * p.block();
        int yMax = (udiv(p.height(), p.block()) - 1) * p.block();
        int range = p.range();
        for (int lane = 0; lane < active; lane++) {
            int c = firstLane + lane;
            int dy = udiv(c, p.xGroups()) - range;
            int word0 = (bx >>> 2) - ((range + 3) >>> 2) + urem(c, p.xGroups());
            int y = by + dy;
            py[lane] = y;
            boolean rowInWindow = y >= 0 && y <= yMax;
            for (int k = 0; k < 4; k++) {
                int slot = 4 * lane + k;
                int x = 4 * word0 + k;
                px[slot] = x;
                inWindow[slot] = rowInWindow && x >= 0 && x <= xMax && Math.abs(x - bx) <= range;
                rank[slot] = rank(x - bx, dy, range);
            }
        }
    }

    private boolean mayWin(int lane, int sadBest, int rankBest) {
        for (int slot = 4 * lane; slot < 4 * lane + 4; slot++) {
            int b = bound[slot];
            if (inWindow[slot] && mayWin(b, rank[slot], sadBest, rankBest)) {
                return true;
            }
        }
        return false;
    }

    /** The sums of the block's own sub-blocks at {@code level}, row-major, into {@link #curBox}. */
    private int curBoxes(BlockParams p, TypedBuffer curSat, int bx, int by, int level) {
        int s = 1 << level;
        int n = p.block() >>> level;
        if (curBoxSat == curSat && curBoxX == bx && curBoxY == by && curBoxLevel == level && curBoxPitch == p.satPitch()
                && curBoxRow0 == p.prevRow0() && curBoxN == n) {
            return n;
        }
        curBoxSat = curSat;
        curBoxX = bx;
        curBoxY = by;
        curBoxLevel = level;
        curBoxPitch = p.satPitch();
        curBoxRow0 = p.prevRow0();
        curBoxN = n;
        if (curBox.length < n * n) {
            curBox = new int[n * n];
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                curBox[i * n + j] = box(curSat, p.satPitch(), bx + j * s, by + i * s - p.prevRow0(), s);
            }
        }
        return n;
    }

    /** {@code level_bound} of one lane's four components, every load through {@code ld}. */
    private void laneBound(BlockParams p, TypedBuffer curSat, TypedBuffer prevSat, int lane, int bx, int by,
            int level) {
        int n = curBoxes(p, curSat, bx, by, level);
        int s = 1 << level;
        int ip = p.satPitch();
        if (prevSat.hasWords() && n > 0 && ip > 0) {
            long first = ((long) py[lane] - p.prevRow0()) * ip + px[4 * lane];
            long last = ((long) py[lane] - p.prevRow0() + (long) n * s) * ip + px[4 * lane] + 3 + (long) n * s;
            if (first >= 0 && last < prevSat.numElements() && (long) n * s * (ip + 1) < Integer.MAX_VALUE) {
                laneBoundDirect(prevSat.words(), lane, n, s, ip, (int) first);
                return;
            }
        }
        for (int k = 0; k < 4; k++) {
            int slot = 4 * lane + k;
            int sum = 0;
            for (int i = 0; i < n; i++) {
                int y = py[lane] + i * s - p.prevRow0();
                for (int j = 0; j < n; j++) {
                    sum += Math.abs(curBox[i * n + j] - box(prevSat, ip, px[slot] + j * s, y, s));
                }
            }
            bound[slot] = sum;
        }
    }

    /** {@link #laneBound} with every load inside {@code sat}: {@code first} is the index of (px, py) of component 0. */
    private void laneBoundDirect(int[] sat, int lane, int n, int s, int ip, int first) {
        int step = s * ip;
        int b0 = 0;
        int b1 = 0;
        int b2 = 0;
        int b3 = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int cur = curBox[i * n + j];
                int a = first + i * step + j * s;
                int c = a + step;
                b0 += Math.abs(cur - (sat[c + s] - sat[a + s] - sat[c] + sat[a]));
                b1 += Math.abs(cur - (sat[c + s + 1] - sat[a + s + 1] - sat[c + 1] + sat[a + 1]));
                b2 += Math.abs(cur - (sat[c + s + 2] - sat[a + s + 2] - sat[c + 2] + sat[a + 2]));
                b3 += Math.abs(cur - (sat[c + s + 3] - sat[a + s + 3] - sat[c + 3] + sat[a + 3]));
            }
        }
        bound[4 * lane] = b0;
        bound[4 * lane + 1] = b1;
        bound[4 * lane + 2] = b2;
        bound[4 * lane + 3] = b3;
    }

    private static int box(TypedBuffer sat, int ip, int x, int y, int s) {
        return sat.ldX((y + s) * ip + x + s) - sat.ldX(y * ip + x + s) - sat.ldX((y + s) * ip + x)
                + sat.ldX(y * ip + x);
    }

}
