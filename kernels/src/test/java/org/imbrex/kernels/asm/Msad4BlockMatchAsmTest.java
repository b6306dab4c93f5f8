package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.imbrex.kernels.shaders.Msad4BlockMatch;
import org.imbrex.kernels.shaders.ShaderCatalog;
import org.imbrex.kernels.testing.BlockMatchCase;
import org.imbrex.kernels.testing.BlockMatchOracle;
import org.imbrex.kernels.testing.CheckedAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shipped block-matching shader's forms write identical UAVs: {@code Msad4BlockMatch.asm} run by the
 * interpreter, {@code Msad4BlockMatch.java} (the fast path) and {@link BlockMatchOracle} (the HLSL run one
 * thread at a time). Every run starts from a UAV filled with a sentinel and one group's worth of elements
 * longer than the Dispatch needs: a lane past CANDIDATES must return before it stores (its element would
 * land there), and every candidate element must be stored.
 *
 * <pre>
 *   u0 elements   0 ............................. elements() ........ + 64 · BANDS
 *                 |&lt;- every one stored -&gt;|                  |&lt;- sentinel kept -&gt;|
 * </pre>
 */
class Msad4BlockMatchAsmTest {
    private static final int[] BLOCKS = {4, 8, 16, 32, 64};
    private static final int SENTINEL = 0x5A5A_5A5A;

    @Property(tries = 40)
    void asmAndJava_randomFramesAndStripes_writeTheOraclesUav(@ForAll @IntRange(min = 0, max = 4) int blockIndex,
            @ForAll @IntRange(min = 0, max = 16) int range, @ForAll @IntRange(min = 0, max = 70) int extraWidth,
            @ForAll @IntRange(min = 0, max = 40) int extraHeight, @ForAll long seed) {
        int block = BLOCKS[blockIndex];
        Random random = new Random(seed);
        int width = block + extraWidth;
        int height = block + extraHeight;
        int blockRows = height / block;
        int first = random.nextInt(blockRows);
        int rows = 1 + random.nextInt(blockRows - first);
        int bandRows = exactBandRows(block) >> random.nextInt(2);
        assertFormsAgree(new BlockMatchCase(width, height, block, range, bandRows, first, rows,
                BlockMatchCase.pixels(random, width * height), BlockMatchCase.pixels(random, width * height)));
    }

    /** Shapes at the edges: one lane of 64, a last group part full, frames 1 short or past a block or a group. */
    @ParameterizedTest(name = "{0}x{1} BLOCK {2} RANGE {3}, block rows {4}+{5}")
    @CsvSource({
        "4,   4,   4,  0, 0, 1",     // one block, one candidate lane: 63 lanes return at once
        "65,  65,  64, 16, 0, 1",    // 297 lanes in 5 groups (the last with 41); most candidates off the frame
        "63,  17,  8,  5, 0, 2",     // width 1 short of a group, 7 blocks and 7 pixels across, a partial row
        "67,  13,  4,  16, 1, 2",    // RANGE 16 over blocks of 4: every x-group reaches past both edges
        "130, 97,  32, 16, 1, 2",    // a stripe in the middle: prev_luma starts RANGE rows above it
        "129, 48,  16, 7, 2, 1"})    // the last block row: the halo below is clipped to the frame
    void asmAndJava_edgeShapes_writeTheOraclesUav(int width, int height, int block, int range, int first,
            int rows) {
        Random random = new Random(width * 31L + height);
        assertFormsAgree(new BlockMatchCase(width, height, block, range, exactBandRows(block), first, rows,
                BlockMatchCase.pixels(random, width * height), BlockMatchCase.pixels(random, width * height)));
    }

    /**
     * Spec §1.1 and §1.4: 255 against 0 over a whole 64×64 band gives 255 · 4096 = 1044480, past msad4's
     * exact 65535 but far from 2^32, so every form's wrapping sum is the exact SAD; a current frame of zeros
     * is masked byte for byte (test vector 2) and scores 0. Only the zero vector lies inside a 64×64 frame.
     */
    @ParameterizedTest(name = "cur {0}, prev {1}: SAD {2}")
    @CsvSource({"255, 0, 1044480", "0, 255, 0", "255, 255, 0"})
    void asmAndJava_uniformFramesOneBandOf4096Pixels_scoreOnlyTheZeroVector(int curPixel, int prevPixel,
            int sad) {
        byte[] cur = new byte[64 * 64];
        byte[] prev = new byte[64 * 64];
        Arrays.fill(cur, (byte) curPixel);
        Arrays.fill(prev, (byte) prevPixel);
        BlockMatchCase c = BlockMatchCase.wholeFrame(64, 64, 64, 3, 64, cur, prev);
        int[] uav = assertFormsAgree(c);
        int zeroVectorLane = 3 * c.xGroups() + 1; // dy = 0; x-group 1 holds x = 0 .. 3
        for (int lane = 0; lane < c.candidates(); lane++) {
            for (int j = 0; j < 4; j++) {
                int expected = lane == zeroVectorLane && j == 0 ? sad : Msad4BlockMatch.NO_SCORE;
                assertThat(uav[4 * lane + j]).as("lane %d component %d", lane, j).isEqualTo(expected);
            }
        }
    }

    /** Runs the three forms on one case; returns their common UAV words up to {@code elements()}. */
    private static int[] assertFormsAgree(BlockMatchCase c) {
        int uavElements = c.elements() + BlockMatchCase.LANES * c.bands();
        int[] oracle = new int[4 * uavElements];
        Arrays.fill(oracle, SENTINEL);
        BlockMatchOracle.dispatch(c, oracle);
        int stored = 4 * c.elements();
        assertThat(Arrays.stream(oracle, 0, stored).filter(w -> w == SENTINEL).count()).as("unstored words")
                .isZero();
        assertThat(Arrays.stream(oracle, stored, oracle.length)).as("words past the Dispatch").containsOnly(SENTINEL);
        try (CheckedAllocator arrow = new CheckedAllocator()) {
            int[] asm = c.run(ShaderCatalog.assembly(Msad4BlockMatch.NAME), uavElements, SENTINEL, arrow.allocator());
            assertSameWords("Msad4BlockMatch.asm", c, asm, oracle);
            int[] java = c.run(new Msad4BlockMatch(), uavElements, SENTINEL, arrow.allocator());
            assertSameWords("Msad4BlockMatch.java", c, java, oracle);
        }
        return Arrays.copyOf(oracle, stored);
    }

    /** Names the first differing word by block, lane, band and component instead of printing whole UAVs. */
    private static void assertSameWords(String form, BlockMatchCase c, int[] actual, int[] expected) {
        int at = Arrays.mismatch(actual, expected);
        if (at < 0) {
            return;
        }
        int element = at / 4;
        int band = element % c.bands();
        int lane = element / c.bands() % c.candidates();
        int blockIndex = element / c.bands() / c.candidates();
        assertThat(actual[at]).as("%s, %s: block (%d, %d), lane %d, band %d, component %d (element %d)", form, c,
                blockIndex % Math.max(1, c.blocksX()), c.firstBlockRow() + blockIndex / Math.max(1, c.blocksX()),
                lane, band, at % 4, element).isEqualTo(expected[at]);
    }

    /** The motion job's band height: the most rows with 255 · BLOCK · rows ≤ 65535 (spec §1.4). */
    private static int exactBandRows(int block) {
        int rows = block;
        while (255 * block * rows > 65_535) {
            rows /= 2;
        }
        return rows;
    }
}
