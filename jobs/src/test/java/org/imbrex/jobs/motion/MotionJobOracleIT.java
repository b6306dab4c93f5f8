package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mColourSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The motion table of the Spark job against the brute-force oracle, row for row, on random clips (zero
 * and 255 pixels included, sizes that are no multiple of the block), and the same table however the
 * search is cut into stripes, runs of frames and partitions.
 */
class MotionJobOracleIT {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"4, 3, 1", "8, 5, 2", "16, 7, 3", "32, 9, 4", "64, 2, 5"})
    void motionJob_randomClips_equalTheOracleForEveryBlock(int block, int range, long seed) throws Exception {
        Random random = new Random(seed);
        Path clips = Files.createDirectories(dir.resolve("clips"));
        Map<String, List<LumaFrame>> expected = new TreeMap<>();
        int width = block * (1 + random.nextInt(3)) + random.nextInt(block);
        int height = block * (1 + random.nextInt(3)) + random.nextInt(block);
        List<LumaFrame> noise = TestClips.random(random, 4, width, height, 6);
        List<LumaFrame> drifting = TestClips.drifting(random, 5, width + block, height);
        expected.put(MotionRuns.qualified(TestClips.write(clips.resolve("noise.y4m"), Y4mColourSpace.C420JPEG, noise)),
                noise);
        expected.put(MotionRuns.qualified(TestClips.write(clips.resolve("drift.y4m"), Y4mColourSpace.C444, drifting)),
                drifting);

        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(clips)), MotionRuns.uri(dir.resolve("out")))
                .withSearch(block, range);
        List<String> table = MotionRuns.run(options);

        assertThat(table).hasSizeGreaterThan(0).containsExactlyElementsOf(MotionRuns.oracle(expected, block, range));
    }

    @Test
    void motionJob_differentStripesRunsAndPartitions_giveIdenticalTables() throws Exception {
        Random random = new Random(8);
        Path clips = Files.createDirectories(dir.resolve("clips"));
        List<LumaFrame> first = TestClips.drifting(random, 9, 96, 84);
        List<LumaFrame> second = TestClips.random(random, 4, 50, 70, 4);
        Map<String, List<LumaFrame>> expected = new TreeMap<>();
        expected.put(MotionRuns.qualified(TestClips.write(clips.resolve("a.y4m"), Y4mColourSpace.C420MPEG2, first)),
                first);
        expected.put(MotionRuns.qualified(TestClips.write(clips.resolve("b.y4m"), Y4mColourSpace.MONO, second)),
                second);
        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(clips)), MotionRuns.uri(dir.resolve("out")))
                .withSearch(8, 6);
        List<String> oracle = MotionRuns.oracle(expected, 8, 6);

        int[][] cuts = {{0, 8, 0}, {1, 1, 3}, {2, 3, 1}, {4, 2, 7}, {3, 5, 2}};
        for (int[] cut : cuts) {
            List<String> table = MotionRuns.run(options.withCut(cut[0], cut[1], cut[2]).withOutput(
                    MotionRuns.uri(dir.resolve("out-" + cut[0] + "-" + cut[1] + "-" + cut[2])), false));
            assertThat(table).as("--stripe-rows %d --frames-per-task %d --partitions %d", cut[0], cut[1], cut[2])
                    .containsExactlyElementsOf(oracle);
        }
        assertThat(oracle).hasSize(8 * 12 * 10 + 3 * 6 * 8);
    }
}
