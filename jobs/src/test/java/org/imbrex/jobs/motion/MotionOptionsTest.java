package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MotionOptionsTest {
    private final MotionOptions defaults = MotionOptions.of(List.of("in"), "out");

    @ParameterizedTest
    @CsvSource({
        // frames, cores → frames per task (about 4 tasks per core, 1..16 frames)
        "39, 2, 5", "39, 1, 10", "1000, 2, 16", "3, 8, 1", "0, 2, 1", "8, 2, 1", "9, 2, 2"})
    void runLength_automatic_aimsAtFourTasksPerCore(long frames, int cores, int expected) {
        assertThat(defaults.runLength(frames, cores)).isEqualTo(expected);
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
