package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.imbrex.io.video.Y4mColourSpace;
import org.imbrex.jobs.testing.LocalHdfs;
import org.imbrex.jobs.testing.LocalSpark;
import org.imbrex.jobs.testing.SuiteHdfs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code imbrex motion} over a Y4M clip on HDFS, writing its table to HDFS, gives exactly the table of the
 * same clip on the local disk (paths aside). The clip spans three 1 MiB blocks and its frames do not divide
 * a block, so frames straddle the block edges: the driver's frame index and the tasks' frame reads cross
 * from one block into the next.
 * <pre>
 *   pan.y4m   12 frames of 320 × 240, C444: 230,400 bytes of planes a frame, 2.6 MiB
 *   blocks    [0, 1M)          [1M, 2M)          [2M, end)
 *   frames    0 1 2 3 [4 ...|... 4] 5 6 7 8 [9 ...|... 9] 10 11
 * </pre>
 */
@ExtendWith(SuiteHdfs.class)
class HdfsMotionIT {
    private static final int FRAMES = 12;
    private static final int WIDTH = 320;
    private static final int HEIGHT = 240;
    private static final int BLOCK = 16;

    @TempDir
    Path dir;

    @Test
    void motion_hdfsInputAndOutput_writesTheLocalDiskRunsTable(LocalHdfs hdfs) throws IOException {
        LocalSpark.session();
        Path clips = Files.createDirectories(dir.resolve("clips"));
        TestClips.write(clips.resolve("pan.y4m"), Y4mColourSpace.C444,
                TestClips.drifting(new Random(8), FRAMES, WIDTH, HEIGHT));
        String input = hdfs.put(clips, "/HdfsMotionIT/clips");
        String output = hdfs.uri("/HdfsMotionIT/motion");
        List<String> local = MotionRuns.run(MotionOptions.of(List.of(MotionRuns.uri(clips)),
                MotionRuns.uri(dir.resolve("local"))).withSearch(BLOCK, 7).withCut(0, 3, 0));

        MotionSummary summary = new MotionJob(MotionOptions.of(List.of(input), output).withSearch(BLOCK, 7)
                .withCut(0, 3, 0)).run(LocalSpark.session());

        List<String> fromHdfs = MotionRuns.table(summary);
        assertThat(hdfs.blocks("/HdfsMotionIT/clips/pan.y4m")).hasSize(3);
        assertThat(summary.table()).isEqualTo(output);
        assertThat(local).hasSize((FRAMES - 1) * (WIDTH / BLOCK) * (HEIGHT / BLOCK));
        String clip = input + "/pan.y4m";
        assertThat(fromHdfs).allMatch(line -> line.startsWith(clip + "|"));
        assertThat(fromHdfs.stream().map(line -> MotionRuns.qualified(clips.resolve("pan.y4m"))
                + line.substring(clip.length()))).containsExactlyElementsOf(local);
    }
}
