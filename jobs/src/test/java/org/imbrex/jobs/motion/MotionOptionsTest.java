package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

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
        // frames, cores → frames per task (the same tasks per core, at least 2, runs of 1..64 frames)
        "400, 2, 50", "100, 2, 25", "400, 1, 58", "39, 2, 10", "39, 1, 20", "1000, 2, 63", "3, 8, 1", "0, 2, 1",
        "8, 2, 2", "9, 2, 3", "128000, 16, 64"})
    void runLength_automatic_givesEveryCoreTheSameTasks(long frames, int cores, int expected) {
        assertThat(defaults.runLength(frames, cores)).isEqualTo(expected);
    }

    @Property(tries = 300)
    void runLength_automatic_runsOfAtMost64FramesAndAtMostAnEvenShareOfTwoTasksPerCore(
            @ForAll @IntRange(min = 1, max = 20_000) int frames, @ForAll @IntRange(min = 1, max = 64) int cores) {
        int run = defaults.runLength(frames, cores);

        assertThat(run).isBetween(1, MotionOptions.MAX_AUTOMATIC_RUN);
        assertThat(run).as("no longer than an even share of two tasks per core")
                .isLessThanOrEqualTo(Math.max(1, (frames + 2 * cores - 1) / (2 * cores)));
    }

    @Test
    void runLength_givenByTheUser_isKept() {
        assertThat(defaults.withCut(0, 3, 0).runLength(1000, 2)).isEqualTo(3);
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
