package org.imbrex.kernels.shaders;

import static org.imbrex.kernels.shaders.BlockParams.udiv;

import java.util.Arrays;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * {@link SeaBound}'s fast path for a whole block row at LEVEL: every candidate's bound of every block of the
 * row, computed as long loops over x instead of one short run per block and dy.
 *
 * <pre>
 *   x  0 ...... bx₀−R ···· bx₀+R ····· bx₁−R ···· bx₁+R ·········· xMax
 *   phase 0      [ block 0's window ]     [ block P's window ]  ...     P = 2R / B + 1: windows of blocks
 *   phase 1                 [ block 1's window ]   ...                  k and k + P never overlap
 *
 *   box[y][j][x] = Σ of the s×s box at (x + j·s, y) of frame n−1, from the table: once per frame row y
 *   per phase, dy and sub-block (i, j):  acc[x] += |cur(i, j) of the block whose window holds x − box[dy + R + i·s][x + j·s]|
 *   then acc[window of block k] is lane c = (dy + R)·X_GROUPS + xg, component x − 4·word0 of block k
 * </pre>
 * It holds for blocks that are a multiple of 4 pixels, CANDIDATES = (2R + 1)·X_GROUPS (the lanes the motion
 * job dispatches) and tables whose every load for a candidate in the window is in bounds; otherwise {@link
 * #compute} returns false and the shader runs lane by lane. Candidates outside the window are NO_SCORE, as
 * the HLSL stores them. Example: B = 16, R = 7, a 1280-pixel row: one phase, 15 rows of dy, 4 sub-blocks, loops
 * of 1265 x.
 */
final class CoarseRow {
    private int[] rowBound = new int[0];
    private int[] acc = new int[0];
    private int[][] curTerm = new int[0][0];
    /** Whether rows whose bounds fit 16 bits run in 16-bit vector lanes ({@link CoarseRowShorts}). */
    private final boolean vectorShorts;
    /**
     * Whether this row runs in 16 bits: the vector API, a bound of at most B · B · 255 ≤ 65,535 (B ≤ 16), and
     * box sums of at most s · s · 255 ≤ 32,767 (s ≤ 8), whose differences a signed short holds.
     */
    private boolean narrow;
    private short[] accShorts = new short[0];
    private short[][] curTermShorts = new short[0][0];
    private short[][][] boxShorts = new short[0][0][0];
    private boolean boxNarrow;
    private int[][][] box = new int[0][0][0];
    /** Which frame row each ring slot of {@link #box} holds, and for which table, level and shape. */
    private long[] boxY = new long[0];
    private TypedBuffer boxSat;
    private int boxLevel;
    private int boxPitch;
    private int boxRow0;
    private int boxColumns;
    private int boxRing = -1;
    private int[] blockTerms = new int[0];
    private final int[] out = new int[4 * SeaBound.LANES];
    private int candidates;

    /** A row path with 32-bit sums, or 16-bit where they fit when {@code vectorShorts} (needs the vector API). */
    CoarseRow(boolean vectorShorts) {
        this.vectorShorts = vectorShorts;
    }

    /** The row's layout, once {@link #layout} accepted it. */
    private int blocksX;
    private int xMax;
    private int yMax;
    private long by;
    private long pyLow;
    private long pyHigh;

    /**
     * Whether block row {@code row} has the shape the row paths need (blocks a multiple of 4 pixels, lanes
     * (2R + 1)·X_GROUPS, the call holding the whole row); sets the row's layout.
     */
    private boolean layout(BlockParams p, int row, int groups, int groupsPerBlock) {
        int block = p.block();
        int range = p.range();
        int xGroups = p.xGroups();
        blocksX = p.blocksX();
        int blocksY = block > 0 ? udiv(p.height(), block) : 0;
        if (block < 4 || block % 4 != 0 || range < 0 || range > 1024 || xGroups <= 0 || blocksX <= 0 || blocksY <= 0
                || (long) blocksX * groupsPerBlock != groups || (long) (2 * range + 1) * xGroups != p.candidates()
                || (long) blocksX * 4 * p.candidates() > Integer.MAX_VALUE / 2) {
            return false;
        }
        xMax = (blocksX - 1) * block;
        yMax = (blocksY - 1) * block;
        by = ((long) p.blockRow0() + row) * block;
        pyLow = Math.max(0, by - range);
        pyHigh = Math.min(yMax, by + range);
        candidates = p.candidates();
        return by <= Integer.MAX_VALUE;
    }

    /**
     * MODE 1's row: the bounds at LEVEL read from {@code prior} for the candidates in the window, NO_SCORE for
     * the others; false (nothing read) where the row paths do not hold or a read would leave {@code prior}.
     */
    boolean copyPrior(BlockParams p, TypedBuffer prior, int row, int groups, int groupsPerBlock) {
        if (!prior.hasWords() || !layout(p, row, groups, groupsPerBlock)) {
            return false;
        }
        long firstWord = 4L * ((long) row * blocksX) * candidates;
        if (firstWord + 4L * blocksX * candidates > prior.numElements()) {
            return false;
        }
        int[] words = prior.words();
        int slots = blocksX * 4 * candidates;
        if (rowBound.length < slots) {
            rowBound = new int[slots];
        }
        Arrays.fill(rowBound, 0, slots, SeaBound.NO_SCORE);
        int range = p.range();
        for (int dyIndex = 0; dyIndex <= 2 * range; dyIndex++) {
            long y = by + dyIndex - range;
            if (y < 0 || y > yMax) {
                continue;
            }
            for (int k = 0; k < blocksX; k++) {
                int bx = k * p.block();
                int xa = Math.max(0, bx - range);
                int xb = Math.min(xMax, bx + range);
                int offset = k * 4 * candidates + 4 * dyIndex * p.xGroups() - 4 * ((bx >>> 2) - ((range + 3) >>> 2));
                System.arraycopy(words, (int) firstWord + offset + xa, rowBound, offset + xa, xb - xa + 1);
            }
        }
        return true;
    }

    /** Computes block row {@code row} of the stripe at LEVEL; false (nothing computed) where it does not hold. */
    boolean compute(BlockParams p, TypedBuffer curSat, TypedBuffer prevSat, int row, int groups, int groupsPerBlock) {
        int level = p.level();
        if (!curSat.hasWords() || !prevSat.hasWords() || Integer.compareUnsigned(level, 6) > 0
                || (p.block() >>> level) == 0 || p.satPitch() <= 0 || !layout(p, row, groups, groupsPerBlock)) {
            return false;
        }
        int block = p.block();
        int range = p.range();
        int s = 1 << level;
        int n = block >>> level;
        long ip = p.satPitch();
        long extent = (long) n * s;
        if (by - p.prevRow0() < 0 || pyLow - p.prevRow0() < 0
                || (by - p.prevRow0() + extent) * ip + xMax + extent >= curSat.numElements()
                || pyLow <= pyHigh && (pyHigh - p.prevRow0() + extent) * ip + xMax + extent >= prevSat.numElements()) {
            return false;
        }
        int slots = blocksX * 4 * candidates;
        if (rowBound.length < slots) {
            rowBound = new int[slots];
        }
        if (pyLow > pyHigh) {
            Arrays.fill(rowBound, 0, slots, SeaBound.NO_SCORE);
            return true; // no row of the window is in the frame: every candidate is NO_SCORE
        }
        int width = xMax + 1;
        int terms = n * n;
        narrow = vectorShorts && (long) block * block * 255 <= 0xFFFF && (long) s * s * 255 <= Short.MAX_VALUE;
        int boxWidth = (int) (xMax + extent - s + 1);
        int boxRows = 2 * range + 1 + (n - 1) * s;
        ensureScratch(width, boxWidth, terms, boxRows, blocksX);
        int pitch = p.satPitch();
        blockTerms(curSat.words(), (int) (by - p.prevRow0()) * pitch, pitch, block, n, s);
        boxRows(p, prevSat, row, level, n, s, boxWidth, boxRows);
        int phases = 2 * range / block + 1;
        for (int phase = 0; phase < Math.min(phases, blocksX); phase++) {
            phase(p, phase, phases, n, s, boxRows);
        }
        return true;
    }

    /** The sums of every block's own 4 × 4 (n × n) sub-blocks, from frame n's table. Methods stay small, so
     * that the JIT compiles each of them soon. */
    private void blockTerms(int[] cur, int curRow, int pitch, int block, int n, int s) {
        int terms = n * n;
        int step = s * pitch;
        for (int k = 0; k < blocksX; k++) {
            for (int t = 0; t < terms; t++) {
                int a = curRow + (t / n) * step + k * block + (t % n) * s;
                blockTerms[k * terms + t] = cur[a + step + s] - cur[a + s] - cur[a + step] + cur[a];
            }
        }
    }

    /**
     * Box sums of side s at every x of the rows the window's sub-blocks start on; a row already computed for
     * the block row above (same Dispatch, same table) is reused: the rows are a ring by frame row.
     */
    private void boxRows(BlockParams p, TypedBuffer prevSat, int row, int level, int n, int s, int boxWidth,
            int boxRows) {
        int pitch = p.satPitch();
        if (row == 0 || boxSat != prevSat || boxLevel != level || boxPitch != pitch || boxRow0 != p.prevRow0()
                || boxColumns != boxWidth || boxRing != boxRows || boxNarrow != narrow) {
            boxNarrow = narrow;
            boxSat = prevSat;
            boxLevel = level;
            boxPitch = pitch;
            boxRow0 = p.prevRow0();
            boxColumns = boxWidth;
            boxRing = boxRows;
            Arrays.fill(boxY, 0, boxRows, Long.MIN_VALUE);
        }
        int[] prev = prevSat.words();
        for (int r = 0; r < boxRows; r++) {
            long y = by - p.range() + r;
            if (y < pyLow || y > pyHigh + (long) (n - 1) * s) {
                continue;
            }
            int slot = (int) Math.floorMod(y, (long) boxRows);
            if (boxY[slot] == y) {
                continue;
            }
            boxY[slot] = y;
            int a = (int) (y - p.prevRow0()) * pitch;
            // the row shifted by each sub-block column, so that every sum below reads index x of its arrays
            if (narrow) {
                CoarseRowShorts.boxRow(prev, a, s * pitch, s, boxShorts[slot][0], boxWidth);
                for (int j = 1; j < n; j++) {
                    System.arraycopy(boxShorts[slot][0], j * s, boxShorts[slot][j], 0, boxWidth - j * s);
                }
                continue;
            }
            boxRow(prev, a, s * pitch, s, box[slot][0], boxWidth);
            for (int j = 1; j < n; j++) {
                System.arraycopy(box[slot][0], j * s, box[slot][j], 0, boxWidth - j * s);
            }
        }
    }

    private static void boxRow(int[] sat, int a, int step, int s, int[] out, int width) {
        for (int x = 0; x < width; x++) {
            out[x] = sat[a + step + s + x] - sat[a + s + x] - sat[a + step + x] + sat[a + x];
        }
    }

    /** One phase: the blocks k ≡ phase (mod phases), whose windows do not overlap, over every dy. */
    private void phase(BlockParams p, int phase, int phases, int n, int s, int boxRows) {
        int block = p.block();
        int range = p.range();
        int terms = n * n;
        int lo = Math.max(0, phase * block - range);
        int last = phase + (blocksX - 1 - phase) / phases * phases;
        int hi = Math.min(xMax, last * block + range);
        for (int k = phase; k < blocksX; k += phases) {
            int xa = Math.max(0, k * block - range);
            int xb = Math.min(xMax, k * block + range);
            for (int t = 0; t < terms; t++) {
                if (narrow) {
                    Arrays.fill(curTermShorts[t], xa, xb + 1, (short) blockTerms[k * terms + t]);
                } else {
                    Arrays.fill(curTerm[t], xa, xb + 1, blockTerms[k * terms + t]);
                }
            }
        }
        // The window's rows y = by + dy − R outside 0..yMax are NO_SCORE: dy below dyLo and above dyHi. They are
        // filled by ranges, empty inside the frame, rather than behind a branch per dy, which C2 would compile as
        // never taken from the profile of a frame's middle rows and throw away at the next frame's top row.
        //   span of block k:  [ dy < dyLo: NO_SCORE | dyLo ≤ dy ≤ dyHi: sums | dy > dyHi: NO_SCORE ]
        int dyLo = (int) Math.min(2L * range + 1, Math.max(0, range - by));
        int dyHi = (int) Math.max(-1, Math.min(2L * range, yMax - by + range));
        for (int k = phase; k < blocksX; k += phases) {
            int span = k * 4 * candidates;
            Arrays.fill(rowBound, span, span + 4 * dyLo * p.xGroups(), SeaBound.NO_SCORE);
            Arrays.fill(rowBound, span + 4 * Math.max(dyLo, dyHi + 1) * p.xGroups(),
                    span + 4 * (2 * range + 1) * p.xGroups(), SeaBound.NO_SCORE);
        }
        for (int dyIndex = dyLo; dyIndex <= dyHi; dyIndex++) {
            if (narrow) {
                accumulateShorts(by - range + dyIndex, n, s, terms, boxRows, lo, hi);
            } else {
                Arrays.fill(acc, lo, hi + 1, 0);
                for (int t = 0; t < terms; t++) {
                    int slot = (int) Math.floorMod(by - range + dyIndex + (t / n) * s, (long) boxRows);
                    // the same index in every array keeps the loop one C2 can vectorize
                    accumulate(acc, curTerm[t], box[slot][t % n], lo, hi);
                }
            }
            scatter(p, phase, phases, dyIndex);
        }
    }

    /**
     * The 16-bit sums of one dy whose window starts on frame row {@code y}: the sub-block terms four at a time
     * ({@link CoarseRowShorts#accumulate4}, the first four writing acc without reading it), then one by one.
     */
    private void accumulateShorts(long y, int n, int s, int terms, int boxRows, int lo, int hi) {
        int t = 0;
        for (; t + 4 <= terms; t += 4) {
            CoarseRowShorts.accumulate4(accShorts, curTermShorts[t], boxOf(y, t, n, s, boxRows),
                    curTermShorts[t + 1], boxOf(y, t + 1, n, s, boxRows), curTermShorts[t + 2],
                    boxOf(y, t + 2, n, s, boxRows), curTermShorts[t + 3], boxOf(y, t + 3, n, s, boxRows), lo, hi,
                    t == 0);
        }
        if (t == 0) {
            Arrays.fill(accShorts, lo, hi + 1, (short) 0);
        }
        for (; t < terms; t++) {
            CoarseRowShorts.accumulate(accShorts, curTermShorts[t], boxOf(y, t, n, s, boxRows), lo, hi);
        }
    }

    /** The box row of term t (sub-block row t / n, column t % n) for the window that starts on row y. */
    private short[] boxOf(long y, int t, int n, int s, int boxRows) {
        return boxShorts[(int) Math.floorMod(y + (long) (t / n) * s, (long) boxRows)][t % n];
    }

    /**
     * acc's windows into the row's words: lane (dy + R)·X_GROUPS + xg, component x − 4·word0 of block k; the
     * dy's other components (x outside the window) NO_SCORE.
     * <pre>
     *   span of (k, dy)   x = firstX ............................ firstX + 4·X_GROUPS − 1
     *                       [ NO_SCORE ][ acc[xa .. xb]          ][ NO_SCORE ]
     * </pre>
     */
    private void scatter(BlockParams p, int phase, int phases, int dyIndex) {
        int block = p.block();
        int range = p.range();
        int spanWords = 4 * p.xGroups();
        for (int k = phase; k < blocksX; k += phases) {
            int bx = k * block;
            int xa = Math.max(0, bx - range);
            int xb = Math.min(xMax, bx + range);
            int firstX = 4 * ((bx >>> 2) - ((range + 3) >>> 2));
            int span = k * 4 * candidates + 4 * dyIndex * p.xGroups();
            int offset = span - firstX;
            Arrays.fill(rowBound, span, offset + xa, SeaBound.NO_SCORE);
            if (narrow) {
                for (int x = xa; x <= xb; x++) {
                    rowBound[offset + x] = accShorts[x] & 0xFFFF;
                }
            } else {
                System.arraycopy(acc, xa, rowBound, offset + xa, xb - xa + 1);
            }
            Arrays.fill(rowBound, offset + xb + 1, span + spanWords, SeaBound.NO_SCORE);
        }
    }

    /** {@code acc[x] += |cur[x] − box[x]|} over {@code [lo, hi]}. */
    private static void accumulate(int[] acc, int[] cur, int[] box, int lo, int hi) {
        for (int x = lo; x <= hi; x++) {
            acc[x] += Math.abs(cur[x] - box[x]);
        }
    }

    /** The row's arrays, 32-bit or 16-bit as the row runs: only the form in use is allocated. */
    private void ensureScratch(int width, int boxWidth, int terms, int boxRows, int blocksX) {
        int columns = Math.max(width, boxWidth);
        int shifts = (int) Math.sqrt(terms);
        if (boxY.length < boxRows) {
            boxY = new long[boxRows];
        }
        if (blockTerms.length < terms * blocksX) {
            blockTerms = new int[terms * blocksX];
        }
        if (narrow) {
            // whole registers past the row's end (CoarseRowShorts.SLACK): the loop needs no scalar tail
            int padded = columns + CoarseRowShorts.SLACK;
            if (accShorts.length < padded) {
                accShorts = new short[padded];
            }
            if (curTermShorts.length < terms || curTermShorts[0].length < padded) {
                curTermShorts = new short[Math.max(terms, curTermShorts.length)][padded];
            }
            if (boxShorts.length < boxRows || boxShorts.length > 0
                    && (boxShorts[0].length < shifts || boxShorts[0][0].length < padded)) {
                boxShorts = new short[Math.max(boxRows, boxShorts.length)][Math.max(shifts,
                        boxShorts.length > 0 ? boxShorts[0].length : 0)][padded];
                boxRing = -1; // the rows are gone: compute them again
            }
            return;
        }
        if (acc.length < columns) {
            acc = new int[columns];
        }
        if (curTerm.length < terms || curTerm[0].length < columns) {
            curTerm = new int[Math.max(terms, curTerm.length)][columns];
        }
        if (box.length < boxRows || box.length > 0 && (box[0].length < shifts || box[0][0].length < columns)) {
            box = new int[Math.max(boxRows, box.length)][Math.max(shifts, box.length > 0 ? box[0].length : 0)][columns];
            boxRing = -1; // the rows are gone: compute them again
        }
    }

    /** The row's words: 4 per lane, block after block ({@code blockCol · 4 · CANDIDATES + 4 · c + k}). */
    int[] words() {
        return rowBound;
    }

    /** The first word of block column {@code blockCol}'s lane {@code c} in {@link #words()}. */
    int wordOf(int blockCol, int c) {
        return blockCol * 4 * candidates + 4 * c;
    }

    /** The four words per lane of lanes {@code firstLane ..} of block column {@code blockCol}, as stored. */
    int[] bounds(int blockCol, int firstLane) {
        int from = blockCol * 4 * candidates + 4 * firstLane;
        int count = Math.min(out.length, blockCol * 4 * candidates + 4 * candidates - from);
        System.arraycopy(rowBound, from, out, 0, count);
        return out;
    }
}
