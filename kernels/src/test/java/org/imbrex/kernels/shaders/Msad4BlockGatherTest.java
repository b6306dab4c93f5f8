package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.testing.BlockMatchCase;
import org.imbrex.kernels.testing.BlockMatchOracle;
import org.imbrex.kernels.testing.CheckedAllocator;
import org.imbrex.kernels.testing.SeaCase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The msad4 block-gather shader in both lane forms against the dense oracle (spec §5, msad4), on the shapes
 * where the vector form lane by lane could go wrong: band sums at the top of its 16-bit registers, masked zero
 * pixels, and lanes whose rows are the last words of t1, where a widening load would pass the array's end.
 */
class Msad4BlockGatherTest {
    private static final int SENTINEL = 0x5A5A_5A5A;

    /**
     * A block of 255 over a frame of 0, in MotionPlan's bands (16 rows of 16, 8 of 32, 4 of 64): every band of
     * the zero vector sums 65,280, the most a 16-bit register holds here; block 1 has a diagonal of zeros.
     */
    @ParameterizedTest(name = "BLOCK {0}, {1} rows a band")
    @CsvSource({"16, 16", "32, 8", "64, 4", "8, 8"})
    void gather_largestBandSums_bothLaneFormsWriteTheOraclesElements(int block, int bandRows) {
        int width = 3 * block;
        byte[] cur = new byte[width * 3 * block];
        Arrays.fill(cur, (byte) 0xFF);
        for (int y = 0; y < block; y += 3) {
            cur[(block + y) * width + block + y] = 0; // block (1, 1): a diagonal of masked pixels
        }
        BlockMatchCase frames = new BlockMatchCase(width, 3 * block, block, 5, bandRows, 0, 3, cur,
                new byte[width * 3 * block]);
        int[] expected = gathered(frames, everyThirdLane(frames));
        int zeroVectorLane = frames.zeroVectorLane();
        int block1x0 = frames.blocksX() * frames.candidates(); // block (0, 1): no masked pixel
        assertThat(expected[4 * (block1x0 + zeroVectorLane) * frames.bands()]).isEqualTo(255 * block * bandRows);
        assertBothFormsWrite(frames, everyThirdLane(frames), expected);
    }

    /** Random frames, the last block row of a frame whose last row ends t1, lanes listed alone. */
    @ParameterizedTest(name = "{0}x{1} BLOCK {2} RANGE {3}")
    @CsvSource({"40, 37, 16, 0", "19, 37, 16, 7", "35, 50, 16, 16", "70, 64, 32, 9", "136, 140, 64, 3",
        "130, 97, 48, 16"})
    void gather_lanesOnTheLastWordsOfTheSource_bothLaneFormsWriteTheOraclesElements(int width, int height, int block,
            int range) {
        Random random = new Random(width * 131L + height * 7L + block + range);
        int blockRows = height / block;
        BlockMatchCase frames = new BlockMatchCase(width, height, block, range, BlockMatchCase.bandRows(block),
                blockRows - 1, 1,
                BlockMatchCase.pixels(random, width * height), BlockMatchCase.pixels(random, width * height));
        Lanes lanes = everyThirdLane(frames);
        assertBothFormsWrite(frames, lanes, gathered(frames, lanes));
    }

    /**
     * One shader instance, two Dispatches over the same arrays whose pixels changed between them: the second
     * Dispatch reads the words as they are when it is issued, not what the first one unpacked.
     */
    @Test
    void gather_theSameArraysWithNewPixels_theNextDispatchScoresTheNewPixels() {
        Random random = new Random(11);
        int width = 80;
        int height = 48;
        BlockMatchCase first = BlockMatchCase.wholeFrame(width, height, 16, 7, 16,
                BlockMatchCase.pixels(random, width * height), BlockMatchCase.pixels(random, width * height));
        BlockMatchCase second = BlockMatchCase.wholeFrame(width, height, 16, 7, 16,
                BlockMatchCase.pixels(random, width * height), BlockMatchCase.pixels(random, width * height));
        Lanes lanes = everyThirdLane(first); // the same shapes: the lanes qualify in both
        int[] cur = first.curWords();
        int[] prev = first.prevWords();
        Msad4BlockGather shader = new Msad4BlockGather();
        try (CheckedAllocator arrow = new CheckedAllocator()) {
            assertThat(new SeaCase(first, 0, 0, 0, null, null).runGather(shader, cur, prev, lanes.lanes(),
                    lanes.counts(), first.uavElements(), SENTINEL, arrow.allocator())).isEqualTo(gathered(first, lanes));
            System.arraycopy(second.curWords(), 0, cur, 0, cur.length);
            System.arraycopy(second.prevWords(), 0, prev, 0, prev.length);
            assertThat(new SeaCase(second, 0, 0, 0, null, null).runGather(shader, cur, prev, lanes.lanes(),
                    lanes.counts(), second.uavElements(), SENTINEL, arrow.allocator()))
                    .as("%s, second Dispatch", shader.laneLoops()).isEqualTo(gathered(second, lanes));
        }
    }

    /**
     * Per block, every third lane whose reads all lie in t1 (as the lanes a selection lists in a frame's
     * interior), the zero vector's among them when it qualifies: no two on consecutive source words, so no
     * runs; each scored alone.
     */
    private static Lanes everyThirdLane(BlockMatchCase frames) {
        int candidates = frames.candidates();
        int blocks = frames.blocksX() * frames.blockRows();
        int[] lanes = new int[blocks * candidates];
        int[] counts = new int[blocks];
        int zeroVectorLane = frames.zeroVectorLane();
        int words = frames.prevWords().length;
        for (int b = 0; b < blocks; b++) {
            int bx = (b % frames.blocksX()) * frames.block();
            int by = (frames.firstBlockRow() + b / frames.blocksX()) * frames.block();
            for (int c = zeroVectorLane % 3; c < candidates; c += 3) {
                int row = by + c / frames.xGroups() - frames.range() - frames.prevRow0();
                int word0 = bx / 4 - (frames.range() + 3) / 4 + c % frames.xGroups();
                long last = (long) (row + frames.block() - 1) * frames.pitch() + word0 + frames.block() / 4;
                if (row >= 0 && word0 >= 0 && last < words) {
                    lanes[b * candidates + counts[b]++] = c;
                }
            }
        }
        assertThat(Arrays.stream(counts).sum()).as("lanes listed").isPositive();
        return new Lanes(lanes, counts);
    }

    private record Lanes(int[] lanes, int[] counts) {
    }

    /** The dense oracle's words for the listed lanes, SENTINEL elsewhere. */
    private static int[] gathered(BlockMatchCase frames, Lanes lanes) {
        return BlockMatchOracle.gathered(frames, lanes.lanes(), lanes.counts(), SENTINEL);
    }

    private static void assertBothFormsWrite(BlockMatchCase frames, Lanes lanes, int[] expected) {
        try (CheckedAllocator arrow = new CheckedAllocator()) {
            SeaCase c = new SeaCase(frames, 0, 0, 0, null, null);
            for (LaneLoops loops : LaneLoops.values()) {
                assertThat(c.runGather(new Msad4BlockGather(loops), lanes.lanes(), lanes.counts(), frames.uavElements(),
                        SENTINEL, arrow.allocator())).as("%s, %s", loops, frames).isEqualTo(expected);
            }
        }
    }
}
