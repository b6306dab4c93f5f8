package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.imbrex.io.motion.FfmpegMvCsv;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mColourSpace;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What the motion job writes: FFmpeg's rows, sorted CSV tables, PNGs, and what it says about odd inputs. */
class MotionJobOutputsIT {
    @TempDir
    Path dir;

    /** FFmpeg 5.1.9's own rows for io's tie-heavy clips, kept in io's test resources. */
    private static final Path FFMPEG = Path.of(System.getProperty("imbrex.root", ".."))
            .resolve("io/src/test/resources/ffmpeg-mestimate");

    @ParameterizedTest
    @CsvSource({"blocks, 8, 4", "blocks, 16, 7", "blocks2, 32, 9"})
    void ffmpegCsv_tieHeavyClip_equalsFfmpegsPreviousFrameRows(String clip, int block, int range) throws IOException {
        List<String> ffmpeg = Files.readAllLines(FFMPEG.resolve(clip + "-b" + block + "-r" + range + ".csv"));
        int lastFramenum = Integer.parseInt(ffmpeg.get(ffmpeg.size() - 1).split(",")[0]);
        List<String> expected = new ArrayList<>();
        for (String line : ffmpeg.subList(1, ffmpeg.size())) {
            String[] cells = line.split(",");
            // framenum 1 is frame 0 against itself, source 1 the search in the next frame: not imbrex's
            if (Integer.parseInt(cells[0]) >= 2 && cells[1].equals("-1")) {
                expected.add(line);
            }
        }
        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(FFMPEG.resolve(clip + ".y4m"))),
                MotionRuns.uri(dir.resolve("out"))).withSearch(block, range).withFormat(MotionFormat.FFMPEG_CSV)
                .withCut(1, 2, 0);

        MotionSummary summary = new MotionJob(options).run(LocalSpark.session());

        List<String> ours = Files.readAllLines(dir.resolve("out").resolve(MotionFormat.FFMPEG_CSV_FILE));
        assertThat(ours.get(0)).isEqualTo(FfmpegMvCsv.HEADER);
        // FFmpeg never outputs its last input frame; imbrex does
        List<String> shared = ours.subList(1, ours.size()).stream()
                .filter(line -> Integer.parseInt(line.split(",")[0]) <= lastFramenum).toList();
        assertThat(expected).hasSizeGreaterThan(20);
        assertThat(shared).containsExactlyElementsOf(expected);
        assertThat(ours).hasSize(1 + (int) summary.blocks());
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(name -> !name.startsWith(".")))
                    .containsExactly(MotionFormat.FFMPEG_CSV_FILE);
        }
    }

    @Test
    void csvTable_partFilesInNameOrder_areSortedByPathFrameAndBlock() throws IOException {
        Random random = new Random(4);
        Path clips = Files.createDirectories(dir.resolve("clips"));
        TestClips.write(clips.resolve("b.y4m"), Y4mColourSpace.C420, TestClips.drifting(random, 7, 64, 48));
        TestClips.write(clips.resolve("a.y4m"), Y4mColourSpace.C420, TestClips.drifting(random, 6, 40, 56));
        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(clips)), MotionRuns.uri(dir.resolve("out")))
                .withSearch(8, 3).withFormat(MotionFormat.CSV).withCut(2, 1, 5);

        MotionSummary summary = new MotionJob(options).run(LocalSpark.session());

        List<String> lines = new ArrayList<>();
        List<Path> parts;
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            parts = files.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
        for (Path part : parts) {
            List<String> partLines = Files.readAllLines(part, StandardCharsets.UTF_8);
            assertThat(partLines.get(0)).isEqualTo("path,frame,block_x,block_y,dx,dy,sad");
            lines.addAll(partLines.subList(1, partLines.size()));
        }
        Comparator<String[]> tableOrder = Comparator.<String[], String>comparing(cells -> cells[0])
                .thenComparingInt(cells -> Integer.parseInt(cells[1]))
                .thenComparingInt(cells -> Integer.parseInt(cells[3]))
                .thenComparingInt(cells -> Integer.parseInt(cells[2]));
        List<String[]> rows = lines.stream().map(line -> line.split(",")).toList();
        assertThat(rows).hasSize(6 * 8 * 6 + 5 * 5 * 7).isSortedAccordingTo(tableOrder);
        assertThat(rows.get(0)[0]).endsWith("/a.y4m");
        assertThat(rows.get(0)[1]).isEqualTo("1");
        assertThat(summary.frames()).isEqualTo(6 + 5);
        assertThat(summary.files()).extracting(MotionSummary.FileCounts::frames).containsExactly(5L, 6L);
    }

    @Test
    void render_everyFrameWithAPreviousFrame_getsOnePngOfTheScaledFrame() throws IOException {
        Random random = new Random(6);
        Path clips = Files.createDirectories(dir.resolve("clips"));
        TestClips.write(clips.resolve("walk.y4m"), Y4mColourSpace.C420, TestClips.drifting(random, 4, 80, 48));
        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(clips)), MotionRuns.uri(dir.resolve("out")))
                .withRender(MotionRuns.uri(dir.resolve("frames"))).withCut(1, 1, 2);

        MotionSummary summary = new MotionJob(options).run(LocalSpark.session());

        assertThat(summary.rendered()).isEqualTo(3);
        String[] names = dir.resolve("frames").toFile().list((d, name) -> name.endsWith(".png"));
        Arrays.sort(names);
        assertThat(names).containsExactly("walk-frame-000001.png", "walk-frame-000002.png", "walk-frame-000003.png");
        BufferedImage image = ImageIO.read(dir.resolve("frames").resolve(names[2]).toFile());
        // 80 pixels wide is scaled by 8 to reach 640
        assertThat(image.getWidth()).isEqualTo(640);
        assertThat(image.getHeight()).isEqualTo(384);
    }

    @Test
    void truncatedLastFrame_warnsNamingFileAndFrame_andSearchesTheCompleteFrames() throws IOException {
        Random random = new Random(7);
        Path clips = Files.createDirectories(dir.resolve("clips"));
        Path clip = TestClips.write(clips.resolve("cut.y4m"), Y4mColourSpace.C420JPEG,
                TestClips.drifting(random, 5, 48, 32));
        byte[] bytes = Files.readAllBytes(clip);
        Files.write(clip, Arrays.copyOf(bytes, bytes.length - 100));
        TestClips.write(clips.resolve("single.y4m"), Y4mColourSpace.MONO, TestClips.random(random, 1, 16, 16, 9));
        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(clips)), MotionRuns.uri(dir.resolve("out")));

        MotionSummary summary = new MotionJob(options).run(LocalSpark.session());

        assertThat(summary.warnings()).containsExactly(
                MotionRuns.qualified(clip) + ": frame 4 is truncated (2204 of 2304 bytes); using the 4 complete frames "
                        + "before it",
                MotionRuns.qualified(clips.resolve("single.y4m")) + ": 1 complete frame, so no frame has a previous "
                        + "frame to search");
        List<String> table = MotionRuns.table(summary);
        assertThat(table).hasSize(3 * 3 * 2);
        assertThat(table).extracting(line -> line.split("\\|")[1]).containsOnly("1", "2", "3");
    }

    @Test
    void output_nonEmptyDirectory_isRefusedUnlessOverwrite() throws IOException {
        Path clips = Files.createDirectories(dir.resolve("clips"));
        List<LumaFrame> frames = TestClips.drifting(new Random(9), 3, 32, 32);
        TestClips.write(clips.resolve("a.y4m"), Y4mColourSpace.C444, frames);
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out").resolve("keep.txt"), "x");
        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(clips)), MotionRuns.uri(dir.resolve("out")))
                .withFormat(MotionFormat.JSON);

        assertThatThrownBy(() -> new MotionJob(options).run(LocalSpark.session()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not empty");
        assertThat(dir.resolve("out").resolve("keep.txt")).exists();

        List<String> table = MotionRuns.run(options.withOutput(MotionRuns.uri(dir.resolve("out")), true));
        assertThat(table).hasSize(2 * 2 * 2);
        assertThat(dir.resolve("out").resolve("keep.txt")).doesNotExist();
    }
}
