package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.imbrex.io.video.Y4mColourSpace;
import org.imbrex.jobs.ImbrexMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bad input to {@code imbrex motion} is one clear line and exit code 2, found on the driver before Spark
 * starts (so these run without a Spark session).
 */
class MotionCommandTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "RIFF\u0001\u0002 WAVEfmt~ | not a YUV4MPEG2 file: it starts with 'RIFF\\x01\\x02 WAV' instead of 'YUV4MPEG2 '",
        "YUV4MPEG2 W64 H64 C420p10~ | unsupported bit depth C420p10 (10-bit); imbrex reads 8-bit Y4M only",
        "YUV4MPEG2 W64 H64 C411~ | unsupported colour space C411; imbrex reads C420jpeg, C420mpeg2, C420paldv, C420, C422, C444, Cmono",
        "YUV4MPEG2 W64 C420~ | malformed YUV4MPEG2 header 'YUV4MPEG2 W64 C420': no H (frame height) parameter",
        "YUV4MPEG2 W64 H64 Cmono~FRAMES~ | expected 'FRAME' at byte 24 (frame 0), found 'FRAMES'"})
    void motion_badY4m_isOneLineNamingTheFile(String content, String problem) throws IOException {
        // '~' stands for a newline, which a CSV row cannot hold
        Path file = Files.writeString(dir.resolve("bad.y4m"), content.replace('~', '\n'),
                StandardCharsets.ISO_8859_1);

        Result result = run("motion", "--input", file.toString(), "--output", dir.resolve("out").toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("imbrex motion: --input " + MotionRuns.qualified(file) + ": "
                + problem);
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void motion_blockLargerThanTheFrame_isOneLine() throws IOException {
        Path clip = TestClips.write(dir.resolve("small.y4m"), Y4mColourSpace.C420,
                TestClips.random(new Random(1), 2, 48, 32, 9));

        Result result = run("motion", "--input", clip.toString(), "--output", dir.resolve("out").toString(),
                "--block", "64");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).containsExactly("imbrex motion: --block 64 is larger than the 48x32 frames of "
                + MotionRuns.qualified(clip));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--range | 65 | --range 65 is out of range; use 0..64",
        "--block | 12 | --block 12 is not supported; use 4, 8, 16, 32 or 64",
        "--format | avi | --format avi is not one of parquet, csv, json, ffmpeg-csv",
        "--frames-per-task | -2 | --frames-per-task -2 is negative; use 0 (automatic) or a number of frames",
        "--partitions | -1 | --partitions -1 is negative; give N ≥ 1 partitions, or 0 (the default) for one partition per task",
        "--stripe-rows | -1 | --stripe-rows -1 is negative; use 0 (automatic) or a number of block rows"})
    void motion_badOption_isOneLineNamingOptionValueAndLimit(String option, String value, String message) {
        Result result = run("motion", "--input", dir.toString(), "--output", dir.resolve("out").toString(), option,
                value);

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines().get(0)).isEqualTo("imbrex motion: " + message);
    }

    @Test
    void motion_ffmpegCsvOfTwoFiles_isRefused() throws IOException {
        TestClips.write(dir.resolve("a.y4m"), Y4mColourSpace.C420, TestClips.random(new Random(2), 2, 16, 16, 9));
        TestClips.write(dir.resolve("b.y4m"), Y4mColourSpace.C420, TestClips.random(new Random(3), 2, 16, 16, 9));

        Result result = run("motion", "--input", dir.toString(), "--output", dir.resolve("out").toString(),
                "--format", "ffmpeg-csv");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString()
                .contains("--format ffmpeg-csv").contains("2 files").contains("--format csv");
    }

    @Test
    void motion_missingInput_isOneLine() {
        Result result = run("motion", "--input", dir.resolve("nope.y4m").toString(), "--output",
                dir.resolve("out").toString());

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.errLines()).singleElement().asString().startsWith("imbrex motion: --input: ")
                .contains("nope.y4m").contains("does not exist");
    }

    private record Result(int exitCode, List<String> errLines) {
    }

    private static synchronized Result run(String... args) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int code = ImbrexMain.run(args);
            return new Result(code, captured.toString(StandardCharsets.UTF_8).lines().toList());
        } finally {
            System.setErr(err);
        }
    }
}
