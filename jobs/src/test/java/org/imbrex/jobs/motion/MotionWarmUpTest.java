package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.video.Y4mColourSpace;
import org.imbrex.io.video.Y4mFrameIndex;
import org.imbrex.jobs.spark.StartupWarmUp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The frames a local motion command matches while its Spark session starts: the first local video with two
 * frames or more, at most its frame budget, fewer once stopped.
 */
class MotionWarmUpTest {
    @TempDir
    Path dir;

    private Y4mFrameIndex clip(String name, int frames) throws IOException {
        Path clip = TestClips.write(dir.resolve(name), Y4mColourSpace.C420,
                TestClips.random(new Random(frames), frames, 48, 32, 9));
        return Y4mFrameIndex.read(FileSystem.getLocal(new Configuration()),
                new org.apache.hadoop.fs.Path(clip.toUri()), warning -> { });
    }

    private static MotionOptions options() {
        return new MotionOptions(List.of("in"), "out", MotionFormat.PARQUET, false, 16, 4, 0, 0, 0, null, null);
    }

    @Test
    void matchesTheFirstVideoWithTwoFramesUpToItsBudget() throws Exception {
        MotionWarmUp warmUp = new MotionWarmUp(List.of(clip("one.y4m", 1), clip("many.y4m", 9)), options(), 5);

        assertThat(StartupWarmUp.start("test", warmUp).await(60_000)).isTrue();
        assertThat(warmUp.matchedFrames()).as("frames 1..5 of many.y4m").isEqualTo(5);
    }

    @Test
    void matchesEveryPairOfAShortVideo() throws Exception {
        MotionWarmUp warmUp = new MotionWarmUp(List.of(clip("three.y4m", 3)), options(), 16);

        assertThat(StartupWarmUp.start("test", warmUp).await(60_000)).isTrue();
        assertThat(warmUp.matchedFrames()).isEqualTo(2);
    }

    @Test
    void endsSoonAfterStop() throws Exception {
        MotionWarmUp warmUp = new MotionWarmUp(List.of(clip("long.y4m", 40)), options(), 40);
        StartupWarmUp started = StartupWarmUp.start("test", warmUp);
        started.stop();

        assertThat(started.await(60_000)).isTrue();
        assertThat(warmUp.matchedFrames()).as("at most the pair it was matching").isLessThanOrEqualTo(1);
    }
}
