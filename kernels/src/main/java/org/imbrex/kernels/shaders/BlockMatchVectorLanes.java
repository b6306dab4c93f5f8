package org.imbrex.kernels.shaders;

import java.util.Arrays;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The msad4 block-matching loop of {@link BlockMatchLanes} for a run of consecutive candidate lanes, in 16-bit
 * vector lanes (the JDK's vector API), one register lane per x-candidate. Loading this class needs the module
 * {@code jdk.incubator.vector}.
 *
 * <p>Lanes of one dy with consecutive x-groups read consecutive source words, so their candidates are the
 * consecutive x-offsets {@code x' = 4·(lane − first) + k} of one row of bytes: component k of lane i adds
 * {@code |ref_j − plane[x' + j]|} where plane is the source row from the first lane's word, one short a byte.
 * Each reference byte j of a row is one term for every candidate of the run at once:
 * <pre>
 *   run lanes    i0    i0+1  i0+2  i0+3          (dy = −6, x-groups 0..3)
 *   x'           0..3  4..7  8..11 12..15        register lanes; L = 32 covers 8 x-groups a chunk
 *   row r        plane = bytes of prev_luma[prevWord(i0) + r·PITCH ..], a short each
 *   term (r, j)  acc[x'] += |cur_rj − plane[x' + j]|    cur_rj = byte j%4 of cur_luma[curWord + r·PITCH + j/4],
 *                                                       left out when 0 (msad4's mask)
 * </pre>
 * A row's 16-bit sums (at most {@value #MAX_TERMS_PER_ROW} terms of at most 255, so below 65,536) are
 * widened into the 32-bit sums after the row, and those wrap as msad4's adds do: every component gets the
 * bits the HLSL computes. Out-of-bounds words read 0 ({@link TypedBuffer#ldRange}).
 * Example: a run of 4 lanes over a 16×16 block scores 16 x-candidates with 256 terms a band.
 */
final class BlockMatchVectorLanes {
    /** Terms of a row of the widest block (64 pixels); a row's sum is at most 64 · 255 = 16,320. */
    static final int MAX_TERMS_PER_ROW = 64;
    /** Rows of a block (all bands) this form takes: BLOCK ≤ 64. */
    static final int MAX_ROWS = 64;

    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
    /** Half a register, for runs of at most half as many candidates (R = 7: 16 of them). */
    private static final VectorSpecies<Short> HALF_SHORTS =
            VectorSpecies.of(short.class, VectorShape.forBitSize(SHORTS.vectorBitSize() / 2));
    private static final VectorSpecies<Integer> HALF_INTS =
            VectorSpecies.of(int.class, VectorShape.forBitSize(SHORTS.vectorBitSize() / 2));
    private static final int L = SHORTS.length();
    /** x-groups one chunk of L candidates covers. */
    static final int GROUPS_PER_CHUNK = L / 4;
    /** Source rows a group keeps as planes (a block's window holds 2R + BLOCK of them). */
    private static final int PLANE_SLOTS = 256;

    private final int[] words;
    private final int planeLength;
    private final short[][] planes = new short[PLANE_SLOTS][];
    private final int[] planeWord = new int[PLANE_SLOTS];
    private final int[] planeCount = new int[PLANE_SLOTS];
    private final long[] planeGeneration = new long[PLANE_SLOTS];
    private long generation;
    private final int[] sums = new int[L];
    private final short[][] termValue = new short[MAX_ROWS][];
    private final int[][] termOffset = new int[MAX_ROWS][];
    private final int[] termCount = new int[MAX_ROWS];

    /** Registers for rows of up to {@code maxWordsPerRow} reference words (BLOCK / 4, at most 16). */
    BlockMatchVectorLanes(int maxWordsPerRow) {
        if (4 * maxWordsPerRow > MAX_TERMS_PER_ROW) {
            throw new IllegalArgumentException("rows of " + maxWordsPerRow + " words: at most 16");
        }
        if (INTS.vectorBitSize() != SHORTS.vectorBitSize() || SHORTS.vectorBitSize() < 128) {
            throw new IllegalStateException("vector API species: " + SHORTS + ", " + INTS);
        }
        this.words = new int[GROUPS_PER_CHUNK + maxWordsPerRow + 1];
        this.planeLength = 4 * words.length + L;
        for (int r = 0; r < MAX_ROWS; r++) {
            termValue[r] = new short[4 * maxWordsPerRow];
            termOffset[r] = new int[4 * maxWordsPerRow];
        }
    }

    /**
     * Reads the block's reference rows 0 .. rows − 1 ({@code cur_luma[curWord + r·PITCH + k]}, k < wordsPerRow)
     * as terms, and forgets the source planes of the previous group: call once per group, before its bands.
     */
    void prepare(TypedBuffer curLuma, int curWord, int pitch, int rows, int wordsPerRow) {
        generation++;
        for (int r = 0; r < rows; r++) {
            termCount[r] = terms(curLuma, curWord + r * pitch, wordsPerRow, termValue[r], termOffset[r]);
        }
    }

    /**
     * One band's sums (rows {@code rowStart .. rowEnd − 1} of the prepared ones) for the candidates of lanes
     * {@code [0, count)} of a run (count ≤ {@link #GROUPS_PER_CHUNK}) whose first lane reads source word
     * {@code firstWord} at row 0: {@code out[4·i + k]} for lane i, component k.
     */
    void band(TypedBuffer prevLuma, int firstWord, int pitch, int rowStart, int rowEnd, int wordsPerRow, int count,
            int[] out) {
        Arrays.fill(sums, 0);
        int loadWords = count + wordsPerRow + 1;
        boolean half = 2 * count <= GROUPS_PER_CHUNK;
        for (int r = rowStart; r < rowEnd; r++) {
            int terms = termCount[r];
            if (terms == 0) {
                continue;
            }
            short[] plane = plane(prevLuma, firstWord + r * pitch, loadWords);
            if (half) {
                addRowHalf(plane, termValue[r], termOffset[r], terms);
            } else {
                addRow(plane, termValue[r], termOffset[r], terms);
            }
        }
        System.arraycopy(sums, 0, out, 0, 4 * count);
    }

    /**
     * {@code sums[x'] += Σ_t |ref_t − plane[x' + offset_t]|} for one row's terms: at most 64 (BLOCK ≤ 64), so
     * the row's 16-bit sums stay below 64 · 255 = 16,320 before they are widened; the sums wrap at 2^32.
     */
    private void addRow(short[] plane, short[] value, int[] offset, int terms) {
        ShortVector acc = ShortVector.zero(SHORTS);
        for (int t = 0; t < terms; t++) {
            ShortVector reference = ShortVector.broadcast(SHORTS, value[t]);
            acc = acc.add(ShortVector.fromArray(SHORTS, plane, offset[t]).sub(reference).abs());
        }
        IntVector.fromArray(INTS, sums, 0).add(unsigned(acc, 0)).intoArray(sums, 0);
        IntVector.fromArray(INTS, sums, L / 2).add(unsigned(acc, 1)).intoArray(sums, L / 2);
    }

    /** {@link #addRow} in half a register, for runs whose candidates fill at most half of one. */
    private void addRowHalf(short[] plane, short[] value, int[] offset, int terms) {
        ShortVector acc = ShortVector.zero(HALF_SHORTS);
        for (int t = 0; t < terms; t++) {
            ShortVector reference = ShortVector.broadcast(HALF_SHORTS, value[t]);
            acc = acc.add(ShortVector.fromArray(HALF_SHORTS, plane, offset[t]).sub(reference).abs());
        }
        IntVector low = ((IntVector) acc.convertShape(VectorOperators.S2I, HALF_INTS, 0)).and(0xFFFF);
        IntVector high = ((IntVector) acc.convertShape(VectorOperators.S2I, HALF_INTS, 1)).and(0xFFFF);
        IntVector.fromArray(HALF_INTS, sums, 0).add(low).intoArray(sums, 0);
        IntVector.fromArray(HALF_INTS, sums, L / 4).add(high).intoArray(sums, L / 4);
    }

    /** The non-zero bytes of a row's reference words (msad4 masks the zero ones) and their offsets j. */
    private static int terms(TypedBuffer curLuma, int first, int wordsPerRow, short[] value, int[] offset) {
        int terms = 0;
        for (int k = 0; k < wordsPerRow; k++) {
            int reference = curLuma.ldX(first + k);
            for (int j = 0; j < 4; j++) {
                int byteValue = (reference >>> (8 * j)) & 0xFF;
                if (byteValue != 0) {
                    value[terms] = (short) byteValue;
                    offset[terms] = 4 * k + j;
                    terms++;
                }
            }
        }
        return terms;
    }

    /**
     * The bytes of {@code prev_luma[first .. first + count − 1]} (uint32 indices, 0 out of bounds), a short each:
     * kept per group in a direct-mapped table, since the runs of neighbouring dy read the same rows.
     */
    private short[] plane(TypedBuffer prevLuma, int first, int count) {
        int slot = (first * 0x9E3779B9) >>> 24;
        short[] plane = planes[slot];
        if (plane != null && planeGeneration[slot] == generation && planeWord[slot] == first
                && planeCount[slot] >= count) {
            return plane;
        }
        if (plane == null) {
            plane = new short[planeLength];
            planes[slot] = plane;
        }
        ShortPlane.load(prevLuma, first, count, words, plane);
        planeGeneration[slot] = generation;
        planeWord[slot] = first;
        planeCount[slot] = count;
        return plane;
    }

    /** Half {@code part} of a register of 16-bit sums as unsigned 32-bit lanes. */
    private static IntVector unsigned(ShortVector acc, int part) {
        return ((IntVector) acc.convertShape(VectorOperators.S2I, INTS, part)).and(0xFFFF);
    }
}
