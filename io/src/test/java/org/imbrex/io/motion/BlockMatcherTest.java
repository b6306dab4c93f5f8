package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.io.video.LumaFrame;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link BlockMatcher} against {@link BruteForceMotion} on random frames, blocks, ranges and stripes. */
class BlockMatcherTest {
    private static final int[] BLOCKS = {4, 8, 16, 32, 64};
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void closeAllocator() {
        allocator.close();
    }

    @Property(tries = 60)
    void match_randomFramesBlocksRangesAndStripes_equalsBruteForce(
            @ForAll @IntRange(min = 0, max = 4) int blockIndex, @ForAll @IntRange(min = 0, max = 16) int range,
            @ForAll @IntRange(min = 0, max = 90) int extraWidth, @ForAll @IntRange(min = 0, max = 70) int extraHeight,
            @ForAll @IntRange(min = 0, max = 6) int stripeBlockRows, @ForAll long seed) {
        int block = BLOCKS[blockIndex];
        Random random = new Random(seed);
        int width = block + extraWidth;
        int height = block + extraHeight;
        LumaFrame previous = TestFrames.random(random, 0, width, height, 8);
        LumaFrame current = TestFrames.random(random, 1, width, height, 8);
        try (BufferAllocator local = new RootAllocator();
                BlockMatcher matcher = new BlockMatcher(new MotionPlan(block, range, stripeBlockRows), local)) {
            assertThat(matcher.match(previous, current))
                    .isEqualTo(BruteForceMotion.match(previous, current, block, range));
            matcher.close();
            assertThat(local.getAllocatedMemory()).isZero();
        }
    }

    @Test
    void match_oddSizedFrameCutAtEveryStripeHeight_givesTheSameVectors() {
        Random random = new Random(67);
        LumaFrame previous = TestFrames.random(random, 0, 67, 45, 6);
        LumaFrame current = TestFrames.random(random, 1, 67, 45, 6);
        List<MotionVector> expected = BruteForceMotion.match(previous, current, 4, 9);
        for (int rows = 1; rows <= 11; rows++) {
            try (BlockMatcher matcher = new BlockMatcher(new MotionPlan(4, 9, rows), allocator)) {
                assertThat(matcher.match(previous, current)).as("stripes of %d block rows", rows).isEqualTo(expected);
            }
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    @Test
    void matchStripe_everySingleBlockRow_equalsTheWholeFramesRow() {
        Random random = new Random(45);
        LumaFrame previous = TestFrames.random(random, 0, 67, 45, 5);
        LumaFrame current = TestFrames.random(random, 1, 67, 45, 5);
        List<MotionVector> expected = BruteForceMotion.match(previous, current, 8, 16);
        List<MotionVector> stitched = new ArrayList<>();
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(8, 16), allocator)) {
            for (int row = 4; row >= 0; row--) {
                stitched.addAll(0, matcher.match(previous, current, new Stripe(row, 1)));
            }
        }
        assertThat(stitched).isEqualTo(expected);
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    /**
     * Zero pixels (which msad4 masks, so that their block needs the complement pass) in one block row of frame n
     * and another of frame n−1: each stripe runs the pass only when its own block rows hold a zero, and every
     * stripe height, in both searches, gives the exhaustive vectors of a brute-force search.
     */
    @Test
    void match_zeroPixelsInOneStripeOnly_equalsBruteForceAtEveryStripeHeight() {
        Random random = new Random(23);
        byte[] previousLuma = new byte[48 * 40];
        byte[] currentLuma = new byte[48 * 40];
        for (int i = 0; i < currentLuma.length; i++) {
            previousLuma[i] = (byte) (1 + random.nextInt(255));
            currentLuma[i] = (byte) (1 + random.nextInt(255));
        }
        for (int x = 3; x < 48; x += 7) {
            currentLuma[17 * 48 + x] = 0;  // block row 2 of B = 8
            previousLuma[33 * 48 + x] = 0; // block row 4
        }
        LumaFrame previous = new LumaFrame(0, 48, 40, previousLuma);
        LumaFrame current = new LumaFrame(1, 48, 40, currentLuma);
        List<MotionVector> expected = BruteForceMotion.match(previous, current, 8, 5);
        for (BlockMatcher.Search search : BlockMatcher.Search.values()) {
            for (int rows = 0; rows <= 5; rows++) {
                try (BlockMatcher matcher = new BlockMatcher(new MotionPlan(8, 5, rows), allocator, search)) {
                    assertThat(matcher.match(previous, current)).as("%s, stripes of %d block rows", search, rows)
                            .isEqualTo(expected);
                }
            }
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    @Test
    void match_blocksOf64WithSumsPast65535_areExact() {
        byte[] white = new byte[64 * 64];
        java.util.Arrays.fill(white, (byte) 255);
        LumaFrame previous = new LumaFrame(0, 64, 64, new byte[64 * 64]);
        LumaFrame current = new LumaFrame(1, 64, 64, white);
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(64, 4), allocator)) {
            assertThat(matcher.match(previous, current)).containsExactly(new MotionVector(0, 0, 0, 0, 255 * 64 * 64));
            // and the other way round: every pixel of frame n is 0, which msad4 masks
            assertThat(matcher.match(current, previous)).containsExactly(new MotionVector(0, 0, 0, 0, 255 * 64 * 64));
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    @Test
    void match_equalScores_preferZeroVectorThenRasterOrder() {
        // A flat frame n: every candidate of frame n−1 that is also flat scores the same.
        byte[] flat = new byte[32 * 32];
        java.util.Arrays.fill(flat, (byte) 100);
        byte[] previousPixels = flat.clone();
        previousPixels[0] = 7; // only the zero vector's block of block (0,0) differs … so (0,0) loses there
        LumaFrame previous = new LumaFrame(0, 32, 32, previousPixels);
        LumaFrame current = new LumaFrame(1, 32, 32, flat);
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(8, 2), allocator)) {
            List<MotionVector> vectors = matcher.match(previous, current);
            // block (0,0): first lowest in raster order is dy = 0, dx = 1 (dy < 0 and dx < 0 lie outside)
            assertThat(vectors.get(0)).isEqualTo(new MotionVector(0, 0, 1, 0, 0));
            // block (8,0): its zero vector is among the lowest (0) although (−2..−1, 0) also score 0
            assertThat(vectors.get(1)).isEqualTo(new MotionVector(8, 0, 0, 0, 0));
        }
        assertThat(vectors(previous, current, 8, 2)).isEqualTo(BruteForceMotion.match(previous, current, 8, 2));
    }

    @Test
    void match_framesOfDifferentSizes_isRefused() {
        LumaFrame previous = new LumaFrame(0, 16, 16, new byte[256]);
        LumaFrame current = new LumaFrame(1, 16, 8, new byte[128]);
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(8, 2), allocator)) {
            assertThatThrownBy(() -> matcher.match(previous, current)).hasMessage(
                    "frames 0 and 1 differ in size: 16x16 and 16x8");
        }
    }

    @Test
    void match_blockLargerThanFrame_namesBlockAndFrame() {
        LumaFrame frame = new LumaFrame(0, 40, 30, new byte[1200]);
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(32, 2), allocator)) {
            assertThatThrownBy(() -> matcher.match(frame, frame)).hasMessage(
                    "--block 32 is larger than the 40x30 frames of frame 0");
        }
    }

    @Test
    void close_afterManyFramePairsOfGrowingSize_freesEveryBuffer() {
        Random random = new Random(3);
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(4, 3), allocator)) {
            for (int size = 8; size <= 40; size += 8) {
                LumaFrame previous = TestFrames.random(random, 0, size, size, 4);
                LumaFrame current = TestFrames.random(random, 1, size, size, 4);
                assertThat(matcher.match(previous, current))
                        .isEqualTo(BruteForceMotion.match(previous, current, 4, 3));
            }
            assertThat(allocator.getAllocatedMemory()).isPositive();
        }
        assertThat(allocator.getAllocatedMemory()).isZero();
    }

    private List<MotionVector> vectors(LumaFrame previous, LumaFrame current, int block, int range) {
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(block, range), allocator)) {
            return matcher.match(previous, current);
        }
    }
}
