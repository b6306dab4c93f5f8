package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.imbrex.io.motion.BruteForceMotion;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.io.motion.TestFrames;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mColourSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clips with known motion through the Spark job: every block whose true match is unique (the only
 * candidate of SAD 0 in its window) gets the true vector, with the search cut into stripes and runs of
 * frames.
 */
class MotionJobKnownMotionIT {
    @TempDir
    Path dir;

    @Test
    void motionJob_texturePannedByKnownSteps_recoversEachFramesStep() throws Exception {
        int width = 160;
        int height = 112;
        int margin = 40;
        int[][] steps = {{3, -2}, {-5, 4}, {0, 7}, {-7, -7}, {1, 0}, {6, 3}};
        Random random = new Random(11);
        byte[] texture = TestFrames.texture(random, width + 2 * margin, height + 2 * margin);
        List<LumaFrame> frames = new ArrayList<>();
        int x0 = margin;
        int y0 = margin;
        frames.add(TestFrames.window(texture, width + 2 * margin, 0, x0, y0, width, height));
        for (int n = 1; n <= steps.length; n++) {
            // the content moves by the step: the window moves the other way over the texture
            x0 -= steps[n - 1][0];
            y0 -= steps[n - 1][1];
            frames.add(TestFrames.window(texture, width + 2 * margin, n, x0, y0, width, height));
        }
        Path clip = TestClips.write(Files.createDirectories(dir.resolve("clips")).resolve("pan.y4m"),
                Y4mColourSpace.C420JPEG, frames);

        Map<Integer, List<MotionVector>> table = runCut(clip, 16);

        int checked = assertTrueVectors(frames, table, 16, (n, bx, by) -> new int[] {-steps[n - 1][0],
            -steps[n - 1][1]});
        assertThat(checked).isGreaterThan(steps.length * 40);
    }

    @Test
    void motionJob_objectsMovingDifferently_recoverEachObjectsMotion() throws Exception {
        int width = 192;
        int height = 128;
        Random random = new Random(5);
        LumaFrame background = new LumaFrame(0, width, height, TestFrames.texture(random, width, height));
        byte[] objectA = TestFrames.texture(random, 56, 48);
        byte[] objectB = TestFrames.texture(random, 48, 40);
        int[] moveA = {3, -2};
        int[] moveB = {-5, 4};
        List<LumaFrame> frames = new ArrayList<>();
        for (int n = 0; n < 5; n++) {
            LumaFrame frame = new LumaFrame(n, width, height, background.luma());
            frame = TestFrames.paste(frame, objectA, 56, 48, 10 + n * moveA[0], 20 + n * moveA[1]);
            frames.add(TestFrames.paste(frame, objectB, 48, 40, 120 + n * moveB[0], 60 + n * moveB[1]));
        }
        Path clip = TestClips.write(Files.createDirectories(dir.resolve("clips")).resolve("objects.y4m"),
                Y4mColourSpace.C422, frames);

        Map<Integer, List<MotionVector>> table = runCut(clip, 8);

        int checked = assertTrueVectors(frames, table, 8, (n, bx, by) -> {
            if (inside(bx, by, 8, 10 + n * moveA[0], 20 + n * moveA[1], 56, 48)) {
                return new int[] {-moveA[0], -moveA[1]};
            }
            if (inside(bx, by, 8, 120 + n * moveB[0], 60 + n * moveB[1], 48, 40)) {
                return new int[] {-moveB[0], -moveB[1]};
            }
            return new int[] {0, 0};
        });
        assertThat(checked).isGreaterThan(4 * 250);
    }

    /** The true vector of the block at (bx, by) of frame n: where its content was in frame n−1. */
    private interface TruthModel {
        int[] trueVector(int n, int bx, int by);
    }

    /** Runs the job with R = 7, two block rows per stripe and two frames per task; the table by frame. */
    private Map<Integer, List<MotionVector>> runCut(Path clip, int block) {
        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(clip)), MotionRuns.uri(dir.resolve("out")))
                .withSearch(block, 7).withCut(2, 2, 0);
        Map<Integer, List<MotionVector>> table = new HashMap<>();
        for (String line : MotionRuns.run(options)) {
            String[] cells = line.split("\\|");
            table.computeIfAbsent(Integer.parseInt(cells[1]), n -> new ArrayList<>()).add(new MotionVector(
                    Integer.parseInt(cells[2]), Integer.parseInt(cells[3]), Integer.parseInt(cells[4]),
                    Integer.parseInt(cells[5]), Integer.parseInt(cells[6])));
        }
        return table;
    }

    /**
     * Checks every block whose true vector lies in the search window and is the unique SAD-0 candidate.
     *
     * @return how many blocks were checked
     */
    private static int assertTrueVectors(List<LumaFrame> frames, Map<Integer, List<MotionVector>> table, int block,
            TruthModel model) {
        int checked = 0;
        assertThat(table.keySet()).hasSize(frames.size() - 1);
        for (int n = 1; n < frames.size(); n++) {
            LumaFrame previous = frames.get(n - 1);
            LumaFrame current = frames.get(n);
            int xMax = (current.width() / block - 1) * block;
            int yMax = (current.height() / block - 1) * block;
            assertThat(table.get(n)).hasSize((current.width() / block) * (current.height() / block));
            for (MotionVector v : table.get(n)) {
                int[] truth = model.trueVector(n, v.blockX(), v.blockY());
                int x = v.blockX() + truth[0];
                int y = v.blockY() + truth[1];
                if (x < 0 || x > xMax || y < 0 || y > yMax || Math.abs(truth[0]) > 7 || Math.abs(truth[1]) > 7
                        || BruteForceMotion.sad(previous, current, block, v.blockX(), v.blockY(), x, y) != 0
                        || BruteForceMotion.exactMatches(previous, current, block, 7, v.blockX(), v.blockY()) != 1) {
                    continue;
                }
                assertThat(v).as("block (%d,%d) of frame %d", v.blockX(), v.blockY(), n)
                        .isEqualTo(new MotionVector(v.blockX(), v.blockY(), truth[0], truth[1], 0));
                checked++;
            }
        }
        return checked;
    }

    private static boolean inside(int bx, int by, int block, int x, int y, int width, int height) {
        return bx >= x && by >= y && bx + block <= x + width && by + block <= y + height;
    }
}
