package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MotionOptionsTest {
    private final MotionOptions defaults = MotionOptions.of(List.of("in"), "out");

    @ParameterizedTest
    @CsvSource({
        // frames, cores → tasks, first run, last run (the same tasks per core, at least 2; runs of ≤ 64, tapering
        // on several cores, even on one)
        "400, 2, 10, 64, 16", "100, 2, 4, 40, 10", "400, 1, 7, 58, 52", "39, 2, 4, 16, 4", "39, 1, 2, 20, 19",
        "1000, 2, 26, 62, 15", "3, 8, 3, 1, 1", "8, 2, 4, 3, 1", "128000, 16, 3200, 64, 16"})
    void runs_automatic_taperOverTheSameTasksForEveryCore(long frames, int cores, int tasks, int first, int last) {
        int[] runs = defaults.runs(frames, cores);

        assertThat(runs).hasSize(tasks);
        assertThat(runs[0]).isEqualTo(first);
        assertThat(runs[runs.length - 1]).isEqualTo(last);
        assertThat(Arrays.stream(runs).asLongStream().sum()).isEqualTo(frames);
    }

    @Property(tries = 300)
    void runs_automatic_coverTheFramesInRunsOf1To64TaperingFromFirstToLast(
            @ForAll @IntRange(min = 1, max = 20_000) int frames, @ForAll @IntRange(min = 1, max = 64) int cores) {
        int[] runs = defaults.runs(frames, cores);

        assertThat(Arrays.stream(runs).sum()).isEqualTo(frames);
        assertThat(Arrays.stream(runs).min().orElseThrow()).isPositive();
        assertThat(Arrays.stream(runs).max().orElseThrow()).isLessThanOrEqualTo(MotionOptions.MAX_AUTOMATIC_RUN);
        assertThat(runs.length).as("at least two tasks per core where there are frames for them")
                .isGreaterThanOrEqualTo(Math.min(frames, 2 * cores));
        for (int k = 1; k < runs.length; k++) {
            assertThat(runs[k]).as("run %d of %s", k, Arrays.toString(runs)).isLessThanOrEqualTo(runs[k - 1] + 1);
        }
        assertThat(runs[runs.length - 1]).isLessThanOrEqualTo(runs[0]);
    }

    @Test
    void runs_givenByTheUser_areKept() {
        assertThat(defaults.withCut(0, 3, 0).runs(10, 2)).containsExactly(3, 3, 3, 1);
        assertThat(defaults.withCut(0, 3, 0).runs(9, 2)).containsExactly(3, 3, 3);
        assertThat(defaults.withCut(0, 3, 0).runs(0, 2)).isEmpty();
    }

    @Test
    void runs_noFrames_noRun() {
        assertThat(defaults.runs(0, 2)).isEmpty();
        assertThat(defaults.runs(0, 1)).isEmpty();
    }

    @Test
    void defaults_matchFfmpegsMestimateDefaults() {
        assertThat(defaults.block()).isEqualTo(16);
        assertThat(defaults.range()).isEqualTo(7);
        assertThat(defaults.format()).isEqualTo(MotionFormat.PARQUET);
        assertThat(defaults.plan().stripeBlockRows()).isZero();
    }

    @Test
    void format_optionNames_parseBack() {
        for (MotionFormat format : MotionFormat.values()) {
            assertThat(MotionFormat.parse(format.optionName().toUpperCase())).isEqualTo(format);
        }
        assertThat(MotionFormat.FFMPEG_CSV.optionName()).isEqualTo("ffmpeg-csv");
        assertThat(MotionFormat.FFMPEG_CSV.table()).isNull();
    }
}
