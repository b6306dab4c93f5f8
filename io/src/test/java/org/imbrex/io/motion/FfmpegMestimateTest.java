package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * imbrex against FFmpeg itself: the rows FFmpeg 5.1.9's {@code mestimate=method=esa} produced for two
 * tie-heavy clips with zero pixels (see {@code ffmpeg-mestimate/README.md}), compared line for line with
 * {@link FfmpegMvCsv} over {@link BlockMatcher}'s vectors.
 */
class FfmpegMestimateTest {

    @ParameterizedTest
    @CsvSource({"blocks, 8, 4", "blocks, 16, 7", "blocks, 32, 9", "blocks2, 8, 4", "blocks2, 16, 7",
        "blocks2, 32, 9"})
    void extractMvsRows_tieHeavyClip_equalFfmpegsPreviousFrameRows(String clip, int block, int range)
            throws IOException {
        List<String> ffmpeg = resourceLines(clip + "-b" + block + "-r" + range + ".csv");
        assertThat(ffmpeg.get(0)).isEqualTo(FfmpegMvCsv.HEADER);
        int lastFramenum = Integer.parseInt(ffmpeg.get(ffmpeg.size() - 1).split(",")[0]);
        List<String> expected = new ArrayList<>();
        for (String line : ffmpeg.subList(1, ffmpeg.size())) {
            String[] cells = line.split(",");
            // framenum 1 is frame 0 against itself, source 1 the search in the next frame: not imbrex's
            if (Integer.parseInt(cells[0]) >= 2 && cells[1].equals("-1")) {
                expected.add(line);
            }
        }
        List<String> ours = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                BlockMatcher matcher = new BlockMatcher(MotionPlan.of(block, range), allocator);
                Y4mReader reader = new Y4mReader(resource(clip + ".y4m"), clip + ".y4m")) {
            LumaFrame previous = reader.readFrame();
            // FFmpeg never outputs its last input frame, so stop one frame early
            for (LumaFrame current = reader.readFrame(); current != null && current.index() + 1 <= lastFramenum;
                    current = reader.readFrame()) {
                for (MotionVector v : matcher.match(previous, current)) {
                    ours.add(FfmpegMvCsv.row(current.index(), block, v));
                }
                previous = current;
            }
            matcher.close();
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
        assertThat(expected).hasSizeGreaterThan(20);
        assertThat(ours).containsExactlyElementsOf(expected);
    }

    private static InputStream resource(String name) {
        return FfmpegMestimateTest.class.getResourceAsStream("/ffmpeg-mestimate/" + name);
    }

    private static List<String> resourceLines(String name) throws IOException {
        try (InputStream in = resource(name)) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines().toList();
        }
    }
}
