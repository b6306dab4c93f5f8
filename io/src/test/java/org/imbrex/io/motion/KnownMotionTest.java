package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.io.video.LumaFrame;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Clips with known motion: every block whose true match is a unique exact match (the only candidate of
 * SAD 0) gets the true vector.
 */
class KnownMotionTest {
    private final BufferAllocator allocator = new RootAllocator();

    @AfterEach
    void closeAllocator() {
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    @Test
    void match_texturePannedByKnownStep_recoversTheStepEveryFrame() {
        int width = 160;
        int height = 96;
        int[][] steps = {{3, -2}, {-5, 4}, {0, 7}, {-7, -7}, {1, 0}};
        int margin = 40;
        Random random = new Random(11);
        byte[] texture = TestFrames.texture(random, width + 2 * margin, height + 2 * margin);
        int x0 = margin;
        int y0 = margin;
        LumaFrame previous = TestFrames.window(texture, width + 2 * margin, 0, x0, y0, width, height);
        int checked = 0;
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(16, 7), allocator)) {
            for (int n = 1; n <= steps.length; n++) {
                // content moves by (vx, vy): the window moves the other way over the texture
                x0 -= steps[n - 1][0];
                y0 -= steps[n - 1][1];
                LumaFrame current = TestFrames.window(texture, width + 2 * margin, n, x0, y0, width, height);
                int[] step = steps[n - 1];
                checked += assertTrueVectors(matcher.match(previous, current), previous, current,
                        (bx, by) -> new int[] {-step[0], -step[1]});
                previous = current;
            }
        }
        assertThat(checked).isGreaterThan(steps.length * 30);
    }

    @Test
    void match_objectsMovingDifferently_recoverEachObjectsMotion() {
        int width = 192;
        int height = 128;
        Random random = new Random(5);
        LumaFrame background = new LumaFrame(0, width, height, TestFrames.texture(random, width, height));
        byte[] objectA = TestFrames.texture(random, 56, 48);
        byte[] objectB = TestFrames.texture(random, 48, 40);
        int[] moveA = {3, -2};
        int[] moveB = {-5, 4};
        LumaFrame previous = scene(background, 0, objectA, objectB, moveA, moveB);
        int checked = 0;
        try (BlockMatcher matcher = new BlockMatcher(MotionPlan.of(8, 7), allocator)) {
            for (int n = 1; n <= 3; n++) {
                LumaFrame current = scene(background, n, objectA, objectB, moveA, moveB);
                int frame = n;
                List<MotionVector> vectors = matcher.match(previous, current);
                checked += assertTrueVectors(vectors, previous, current, (bx, by) -> {
                    if (inside(bx, by, 8, 10 + frame * moveA[0], 20 + frame * moveA[1], 56, 48)) {
                        return new int[] {-moveA[0], -moveA[1]};
                    }
                    if (inside(bx, by, 8, 120 + frame * moveB[0], 60 + frame * moveB[1], 48, 40)) {
                        return new int[] {-moveB[0], -moveB[1]};
                    }
                    return new int[] {0, 0};
                });
                previous = current;
            }
        }
        assertThat(checked).isGreaterThan(3 * 200);
    }

    /** The true vector of the block at (bx, by): where its content was in frame n−1, relative to it. */
    private interface TruthModel {
        int[] trueVector(int bx, int by);
    }

    /**
     * Checks every block whose true vector lies in the search window and is the unique SAD-0 candidate.
     *
     * @return how many blocks were checked
     */
    private static int assertTrueVectors(List<MotionVector> vectors, LumaFrame previous, LumaFrame current,
            TruthModel model) {
        int block = vectors.size() > 1 ? vectors.get(1).blockX() - vectors.get(0).blockX() : 0;
        int range = 7;
        int xMax = (current.width() / block - 1) * block;
        int yMax = (current.height() / block - 1) * block;
        int checked = 0;
        for (MotionVector v : vectors) {
            int[] truth = model.trueVector(v.blockX(), v.blockY());
            int x = v.blockX() + truth[0];
            int y = v.blockY() + truth[1];
            if (x < 0 || x > xMax || y < 0 || y > yMax
                    || BruteForceMotion.sad(previous, current, block, v.blockX(), v.blockY(), x, y) != 0
                    || exactMatches(previous, current, block, range, v.blockX(), v.blockY(), xMax, yMax) != 1) {
                continue;
            }
            assertThat(v).as("block (%d,%d) of frame %d", v.blockX(), v.blockY(), current.index())
                    .isEqualTo(new MotionVector(v.blockX(), v.blockY(), truth[0], truth[1], 0));
            checked++;
        }
        return checked;
    }

    private static int exactMatches(LumaFrame previous, LumaFrame current, int block, int range, int bx, int by,
            int xMax, int yMax) {
        int count = 0;
        for (int y = Math.max(0, by - range); y <= Math.min(yMax, by + range); y++) {
            for (int x = Math.max(0, bx - range); x <= Math.min(xMax, bx + range); x++) {
                if (BruteForceMotion.sad(previous, current, block, bx, by, x, y) == 0) {
                    count++;
                }
            }
        }
        return count;
    }

    private static boolean inside(int bx, int by, int block, int x, int y, int width, int height) {
        return bx >= x && by >= y && bx + block <= x + width && by + block <= y + height;
    }

    /** Frame n: the still background with object A at (10, 20) + n·moveA and object B at (120, 60) + n·moveB. */
    private static LumaFrame scene(LumaFrame background, int n, byte[] objectA, byte[] objectB, int[] moveA,
            int[] moveB) {
        LumaFrame frame = new LumaFrame(n, background.width(), background.height(), background.luma());
        frame = TestFrames.paste(frame, objectA, 56, 48, 10 + n * moveA[0], 20 + n * moveA[1]);
        return TestFrames.paste(frame, objectB, 48, 40, 120 + n * moveB[0], 60 + n * moveB[1]);
    }
}
