package org.imbrex.kernels.shaders;

import static org.imbrex.kernels.shaders.BlockParams.udiv;
import static org.imbrex.kernels.shaders.BlockParams.urem;

import java.util.Arrays;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The body of the msad4 block-matching loop, run SIMT over up to 64 candidate lanes of one block: what
 * {@link Msad4BlockMatch} runs for a group's consecutive lanes and {@link Msad4BlockGather} for the lanes a
 * selection listed. Every statement is a loop over the active lanes.
 *
 * <pre>
 *   lane i scores candidate lane c = lanes[i] of block (blockCol, blockRow):
 *     dy = c / X_GROUPS − RANGE,   word0 = bx/4 − ceil(RANGE/4) + c % X_GROUPS
 *     for band: accum = Σ_rows Σ_k msad4(cur[curWord + r·PITCH + k], prev[prevWord + r·PITCH + k, +1], accum)
 *     cand_sad[((blockRow·BLOCKS_X + blockCol)·CANDIDATES + c)·BANDS + band] = inWindow ? accum : NO_SCORE
 * </pre>
 * One instance per shader instance: it keeps its lane registers between groups. In the {@link
 * LaneLoops#VECTOR} form, lanes over consecutive source words run as one register of x-candidates
 * ({@link BlockMatchVectorLanes}) where such runs average two lanes or more; a gather's lanes run one at a
 * time with a register lane per pixel of a block row, from the Dispatch's buffers unpacked to a short per
 * pixel ({@link BlockMatchPlaneVector}), where the block is a multiple of 16 pixels up to 64.
 */
final class BlockMatchLanes {
    static final int LANES = 64;
    /** Up to this many lanes, each lane runs its whole loop on its own: lane loops that short cost more than they save. */
    private static final int FEW_LANES = 8;
    /** The vector form takes blocks of up to 64 pixels a row. */
    private static final int MAX_VECTOR_WORDS_PER_ROW = 16;

    private final int[] prevWord = new int[LANES];
    /** The least and the greatest of the active lanes' prevWord, as setUpLanes left them. */
    private int lowestPrevWord;
    private int highestPrevWord;
    private final int[] base = new int[LANES];
    private final int[] keepX = new int[LANES];
    private final int[] keepY = new int[LANES];
    private final int[] keepZ = new int[LANES];
    private final int[] keepW = new int[LANES];
    private final int[] srcX = new int[LANES];
    private final int[] srcY = new int[LANES];
    private final int[] accumX = new int[LANES];
    private final int[] accumY = new int[LANES];
    private final int[] accumZ = new int[LANES];
    private final int[] accumW = new int[LANES];
    /** The 16-bit vector form for runs of lanes over consecutive words, or null for the superword loops. */
    private final BlockMatchVectorLanes vectorLanes;
    /** The vector form lane by lane, for lanes that do not make runs (a gather's), or null for the superword loops. */
    private final BlockMatchPlaneVector laneVector;
    private final int[] laneSums = new int[4];
    private final int[] bandSums = new int[4 * LANES];
    private final int[] runSums = new int[4 * LANES];

    /**
     * The lane loops in the given form ({@link LaneLoops#VECTOR} needs the module {@code jdk.incubator.vector}):
     * with {@code runs}, the vector form scores runs of lanes over consecutive words together (the dense
     * shader's lanes); without, it scores every lane on its own (a gather's, which seldom make runs).
     */
    BlockMatchLanes(LaneLoops loops, boolean runs) {
        boolean vector = loops == LaneLoops.VECTOR;
        this.vectorLanes = vector && runs ? new BlockMatchVectorLanes(MAX_VECTOR_WORDS_PER_ROW) : null;
        this.laneVector = vector && !runs ? new BlockMatchPlaneVector() : null;
    }

    /**
     * A new Dispatch starts: what the lanes derived from its views (the unpacked planes) is read again, as a
     * Dispatch reads its views as they were when it was issued.
     */
    void dispatchStarts() {
        if (laneVector != null) {
            laneVector.dispatchStarts();
        }
    }

    /** The form these lane loops take. */
    LaneLoops laneLoops() {
        return vectorLanes != null || laneVector != null ? LaneLoops.VECTOR : LaneLoops.SUPERWORD;
    }

    /**
     * Scores candidate lanes {@code lanes[0, active)} of block (blockCol, blockRow of the stripe) into
     * {@code candSad}.
     */
    void score(BlockParams p, TypedBuffer curLuma, TypedBuffer prevLuma, RWBuffer candSad, int[] lanes, int active,
            int blockCol, int blockRow) {
        // uint bx = DTid.y * BLOCK;  uint by = (BLOCK_ROW0 + DTid.z) * BLOCK;   (numthreads y = z = 1)
        int bx = blockCol * p.block();
        int by = (p.blockRow0() + blockRow) * p.block();
        setUpLanes(p, lanes, active, bx, by, blockCol, blockRow);
        int curWord = (by - p.curRow0()) * p.pitch() + (bx >>> 2);
        boolean direct = sourceInBounds(p, prevLuma);
        int wordsPerRow = p.block() >>> 2;
        if (vectorLanes != null && active > FEW_LANES && wordsPerRow >= 1 && wordsPerRow <= MAX_VECTOR_WORDS_PER_ROW
                && p.bands() >= 1 && p.bandRows() >= 1
                && (long) p.bands() * p.bandRows() <= BlockMatchVectorLanes.MAX_ROWS && 2 * runs(active) <= active) {
            scoreInRuns(p, curLuma, prevLuma, candSad, active, curWord, wordsPerRow);
            return;
        }
        boolean lanesDirect = direct && curLuma.hasWords() && wordsPerRow >= 0 && p.bands() >= 0
                && p.bandRows() >= 0 && curWord >= 0
                && (long) curWord + ((long) p.bands() * p.bandRows() - 1) * p.pitch() + wordsPerRow <= curLuma.numElements()
                && (long) p.bands() * p.bandRows() * p.pitch() < Integer.MAX_VALUE;
        if (laneVector != null && lanesDirect && BlockMatchPlaneVector.takes(p.block(), p.bands(), p.bandRows())) {
            laneVector.sync(curLuma, prevLuma);
            scoreLaneVectors(p, candSad, active, curWord);
            return;
        }
        if (active <= FEW_LANES && lanesDirect) {
            scoreLaneByLane(p, curLuma.words(), prevLuma.words(), candSad, active, curWord);
            return;
        }
        for (int band = 0; band < p.bands(); band++) {
            // uint4 accum = uint4(0, 0, 0, 0);
            Arrays.fill(accumX, 0, active, 0);
            Arrays.fill(accumY, 0, active, 0);
            Arrays.fill(accumZ, 0, active, 0);
            Arrays.fill(accumW, 0, active, 0);
            for (int r = band * p.bandRows(); r < (band + 1) * p.bandRows(); r++) {
                for (int k = 0; Integer.compareUnsigned(k, p.block() >>> 2) < 0; k++) {
                    int reference = curLuma.ldX(curWord + r * p.pitch() + k);
                    if (reference == 0) {
                        continue; // msad4 masks every byte of a zero reference: accum stays as it is
                    }
                    loadSourceLanes(prevLuma, r * p.pitch() + k, active, direct);
                    msad4Lanes(reference, active);
                }
            }
            // cand_sad[base + band] = inWindow ? accum : NO_SCORE;
            for (int lane = 0; lane < active; lane++) {
                candSad.storeUint4(base[lane] + band, select(keepX[lane], accumX[lane]),
                        select(keepY[lane], accumY[lane]), select(keepZ[lane], accumZ[lane]),
                        select(keepW[lane], accumW[lane]));
            }
        }
    }

    /**
     * How many runs of lanes over consecutive source words the active lanes make: the vector form pays per run,
     * so it runs only where runs average two lanes or more (the dense shader's; a gather's list is mostly single
     * lanes).
     */
    private int runs(int active) {
        int runs = 1;
        for (int lane = 1; lane < active; lane++) {
            if (prevWord[lane] != prevWord[lane - 1] + 1) {
                runs++;
            }
        }
        return runs;
    }

    /**
     * The same loop in the vector form: lanes whose source words are consecutive ({@code prevWord[i + 1] =
     * prevWord[i] + 1}, the x-groups of one dy) score as one run of x-candidates, up to {@link
     * BlockMatchVectorLanes#GROUPS_PER_CHUNK} lanes a run; the stores keep the HLSL loop's order (band by
     * band, lane by lane).
     */
    private void scoreInRuns(BlockParams p, TypedBuffer curLuma, TypedBuffer prevLuma, RWBuffer candSad, int active,
            int curWord, int wordsPerRow) {
        vectorLanes.prepare(curLuma, curWord, p.pitch(), p.bands() * p.bandRows(), wordsPerRow);
        for (int band = 0; band < p.bands(); band++) {
            int rowStart = band * p.bandRows();
            int rowEnd = (band + 1) * p.bandRows();
            for (int first = 0; first < active; ) {
                int count = 1;
                while (first + count < active && count < BlockMatchVectorLanes.GROUPS_PER_CHUNK
                        && prevWord[first + count] == prevWord[first + count - 1] + 1) {
                    count++;
                }
                vectorLanes.band(prevLuma, prevWord[first], p.pitch(), rowStart, rowEnd, wordsPerRow, count,
                        runSums);
                System.arraycopy(runSums, 0, bandSums, 4 * first, 4 * count);
                first += count;
            }
            // cand_sad[base + band] = inWindow ? accum : NO_SCORE;
            for (int lane = 0; lane < active; lane++) {
                candSad.storeUint4(base[lane] + band, select(keepX[lane], bandSums[4 * lane]),
                        select(keepY[lane], bandSums[4 * lane + 1]), select(keepZ[lane], bandSums[4 * lane + 2]),
                        select(keepW[lane], bandSums[4 * lane + 3]));
            }
        }
    }

    /**
     * The same loop one lane after the other in the vector form ({@link BlockMatchPlaneVector}): a gather's
     * lanes, every load of both frames in bounds, the planes synced.
     */
    private void scoreLaneVectors(BlockParams p, RWBuffer candSad, int active, int curWord) {
        int bandRows = p.bandRows();
        laneVector.prepare(curWord, p.pitch(), p.bands() * bandRows, p.block());
        for (int lane = 0; lane < active; lane++) {
            for (int band = 0; band < p.bands(); band++) {
                laneVector.band(prevWord[lane], band * bandRows, (band + 1) * bandRows, laneSums);
                candSad.storeUint4(base[lane] + band, select(keepX[lane], laneSums[0]),
                        select(keepY[lane], laneSums[1]), select(keepZ[lane], laneSums[2]),
                        select(keepW[lane], laneSums[3]));
            }
        }
    }

    /** The same loop one lane after the other, for a gather's few lanes, every load of both frames in bounds. */
    private void scoreLaneByLane(BlockParams p, int[] cur, int[] prev, RWBuffer candSad, int active,
            int curWord) {
        int pitch = p.pitch();
        int wordsPerRow = p.block() >>> 2;
        int bandRows = p.bandRows();
        for (int lane = 0; lane < active; lane++) {
            for (int band = 0; band < p.bands(); band++) {
                int a0 = 0;
                int a1 = 0;
                int a2 = 0;
                int a3 = 0;
                for (int r = band * bandRows; r < (band + 1) * bandRows; r++) {
                    int refRow = curWord + r * pitch;
                    int srcRow = prevWord[lane] + r * pitch;
                    for (int k = 0; k < wordsPerRow; k++) {
                        int reference = cur[refRow + k];
                        if (reference == 0) {
                            continue;
                        }
                        int x = prev[srcRow + k];
                        int y = prev[srcRow + k + 1];
                        int b0 = x & 0xFF;
                        int b1 = (x >>> 8) & 0xFF;
                        int b2 = (x >>> 16) & 0xFF;
                        int b3 = x >>> 24;
                        int b4 = y & 0xFF;
                        int b5 = (y >>> 8) & 0xFF;
                        int b6 = (y >>> 16) & 0xFF;
                        int r0 = reference & 0xFF;
                        int r1 = (reference >>> 8) & 0xFF;
                        int r2 = (reference >>> 16) & 0xFF;
                        int r3 = reference >>> 24;
                        if ((((reference & 0x7F7F7F7F) + 0x7F7F7F7F) | reference | 0x7F7F7F7F) == -1) {
                            // no byte of the reference is 0, so none is masked: the plain sums
                            a0 += Math.abs(r0 - b0) + Math.abs(r1 - b1) + Math.abs(r2 - b2) + Math.abs(r3 - b3);
                            a1 += Math.abs(r0 - b1) + Math.abs(r1 - b2) + Math.abs(r2 - b3) + Math.abs(r3 - b4);
                            a2 += Math.abs(r0 - b2) + Math.abs(r1 - b3) + Math.abs(r2 - b4) + Math.abs(r3 - b5);
                            a3 += Math.abs(r0 - b3) + Math.abs(r1 - b4) + Math.abs(r2 - b5) + Math.abs(r3 - b6);
                            continue;
                        }
                        int m0 = r0 == 0 ? 0 : -1;
                        int m1 = r1 == 0 ? 0 : -1;
                        int m2 = r2 == 0 ? 0 : -1;
                        int m3 = r3 == 0 ? 0 : -1;
                        a0 += (Math.abs(r0 - b0) & m0) + (Math.abs(r1 - b1) & m1) + (Math.abs(r2 - b2) & m2)
                                + (Math.abs(r3 - b3) & m3);
                        a1 += (Math.abs(r0 - b1) & m0) + (Math.abs(r1 - b2) & m1) + (Math.abs(r2 - b3) & m2)
                                + (Math.abs(r3 - b4) & m3);
                        a2 += (Math.abs(r0 - b2) & m0) + (Math.abs(r1 - b3) & m1) + (Math.abs(r2 - b4) & m2)
                                + (Math.abs(r3 - b5) & m3);
                        a3 += (Math.abs(r0 - b3) & m0) + (Math.abs(r1 - b4) & m1) + (Math.abs(r2 - b5) & m2)
                                + (Math.abs(r3 - b6) & m3);
                    }
                }
                candSad.storeUint4(base[lane] + band, select(keepX[lane], a0), select(keepY[lane], a1),
                        select(keepZ[lane], a2), select(keepW[lane], a3));
            }
        }
    }

    /** The per-lane statements before the band loop: dy, word0, py, px, inWindow, base and prevWord. */
    private void setUpLanes(BlockParams p, int[] lanes, int active, int bx, int by, int blockCol, int blockRow) {
        int xMax = (udiv(p.width(), p.block()) - 1) * p.block();
        int yMax = (udiv(p.height(), p.block()) - 1) * p.block();
        int blocksX = p.blocksX();
        int lowest = Integer.MAX_VALUE;
        int highest = Integer.MIN_VALUE;
        for (int lane = 0; lane < active; lane++) {
            int c = lanes[lane];
            int dy = udiv(c, p.xGroups()) - p.range();
            int word0 = (bx >>> 2) - ((p.range() + 3) >>> 2) + urem(c, p.xGroups());
            int py = by + dy;
            boolean rowInWindow = py >= 0 && py <= yMax;
            keepX[lane] = inWindow(rowInWindow, 4 * word0, bx, xMax, p.range());
            keepY[lane] = inWindow(rowInWindow, 4 * word0 + 1, bx, xMax, p.range());
            keepZ[lane] = inWindow(rowInWindow, 4 * word0 + 2, bx, xMax, p.range());
            keepW[lane] = inWindow(rowInWindow, 4 * word0 + 3, bx, xMax, p.range());
            base[lane] = ((blockRow * blocksX + blockCol) * p.candidates() + c) * p.bands();
            prevWord[lane] = (py - p.prevRow0()) * p.pitch() + word0;
            lowest = Math.min(lowest, prevWord[lane]);
            highest = Math.max(highest, prevWord[lane]);
        }
        lowestPrevWord = lowest;
        highestPrevWord = highest;
    }

    private static int inWindow(boolean rowInWindow, int px, int bx, int xMax, int range) {
        return rowInWindow && px >= 0 && px <= xMax && Math.abs(px - bx) <= range ? -1 : 0;
    }

    private static int select(int keep, int accum) {
        return keep != 0 ? accum : Msad4BlockMatch.NO_SCORE;
    }

    /** True when every source word the active lanes read lies inside t1, so no lane needs the bounds rule. */
    private boolean sourceInBounds(BlockParams p, TypedBuffer prevLuma) {
        if (!prevLuma.hasWords()) {
            return false;
        }
        long rows = (long) p.bands() * p.bandRows();
        long lastRead = highestPrevWord + (rows - 1) * p.pitch() + (p.block() >>> 2);
        return lowestPrevWord >= 0 && lastRead < prevLuma.numElements();
    }

    /** {@code uint2(prev_luma[src], prev_luma[src + 1])} for every lane, {@code src = prevWord + offset}. */
    private void loadSourceLanes(TypedBuffer prevLuma, int offset, int active, boolean direct) {
        if (direct) {
            int[] words = prevLuma.words();
            for (int lane = 0; lane < active; lane++) {
                int src = prevWord[lane] + offset;
                srcX[lane] = words[src];
                srcY[lane] = words[src + 1];
            }
            return;
        }
        for (int lane = 0; lane < active; lane++) {
            int src = prevWord[lane] + offset;
            srcX[lane] = prevLuma.ldX(src);
            srcY[lane] = prevLuma.ldX(src + 1);
        }
    }

    /**
     * {@code msad4} for the active lanes with wrapping sums (the window sums here never pass 65535). Window k
     * compares reference byte j with source byte k + j; a zero reference byte is masked by an all-zero
     * mask, uniform across lanes, so the loop has no branch.
     */
    private void msad4Lanes(int reference, int active) {
        int r0 = reference & 0xFF;
        int r1 = (reference >>> 8) & 0xFF;
        int r2 = (reference >>> 16) & 0xFF;
        int r3 = reference >>> 24;
        int m0 = r0 == 0 ? 0 : -1;
        int m1 = r1 == 0 ? 0 : -1;
        int m2 = r2 == 0 ? 0 : -1;
        int m3 = r3 == 0 ? 0 : -1;
        // One loop per component keeps each loop small enough for C2 to vectorize.
        for (int lane = 0; lane < active; lane++) {
            int x = srcX[lane];
            accumX[lane] += (Math.abs(r0 - (x & 0xFF)) & m0) + (Math.abs(r1 - ((x >>> 8) & 0xFF)) & m1)
                    + (Math.abs(r2 - ((x >>> 16) & 0xFF)) & m2) + (Math.abs(r3 - (x >>> 24)) & m3);
        }
        for (int lane = 0; lane < active; lane++) {
            int x = srcX[lane];
            int y = srcY[lane];
            accumY[lane] += (Math.abs(r0 - ((x >>> 8) & 0xFF)) & m0) + (Math.abs(r1 - ((x >>> 16) & 0xFF)) & m1)
                    + (Math.abs(r2 - (x >>> 24)) & m2) + (Math.abs(r3 - (y & 0xFF)) & m3);
        }
        for (int lane = 0; lane < active; lane++) {
            int x = srcX[lane];
            int y = srcY[lane];
            accumZ[lane] += (Math.abs(r0 - ((x >>> 16) & 0xFF)) & m0) + (Math.abs(r1 - (x >>> 24)) & m1)
                    + (Math.abs(r2 - (y & 0xFF)) & m2) + (Math.abs(r3 - ((y >>> 8) & 0xFF)) & m3);
        }
        for (int lane = 0; lane < active; lane++) {
            int x = srcX[lane];
            int y = srcY[lane];
            accumW[lane] += (Math.abs(r0 - (x >>> 24)) & m0) + (Math.abs(r1 - (y & 0xFF)) & m1)
                    + (Math.abs(r2 - ((y >>> 8) & 0xFF)) & m2) + (Math.abs(r3 - ((y >>> 16) & 0xFF)) & m3);
        }
    }
}
