package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.connector.read.InputPartition;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mColourSpace;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spark.read.format("imbrex-motion")}: the rows equal the brute-force oracle's and those of {@code
 * imbrex motion}, with pruned columns, SQL, partitions per task with their hosts, and the command's checks.
 */
class MotionSourceIT {
    @TempDir
    Path dir;

    private static List<String> lines(Dataset<Row> frame) {
        List<String> lines = new ArrayList<>();
        for (Row row : frame.collectAsList()) {
            lines.add(MotionRuns.line(row.getString(0), row.getInt(1), MotionTable.vector(row)));
        }
        lines.sort(null);
        return lines;
    }

    @Test
    void read_twoClips_equalsTheOracleAndTheMotionJob() throws Exception {
        Random random = new Random(31);
        Path clips = Files.createDirectories(dir.resolve("clips"));
        Map<String, List<LumaFrame>> expected = new TreeMap<>();
        List<LumaFrame> drifting = TestClips.drifting(random, 7, 72, 40);
        List<LumaFrame> noise = TestClips.random(random, 3, 37, 29, 5);
        expected.put(MotionRuns.qualified(TestClips.write(clips.resolve("a.y4m"), Y4mColourSpace.C420JPEG, drifting)),
                drifting);
        expected.put(MotionRuns.qualified(TestClips.write(clips.resolve("b.y4m"), Y4mColourSpace.MONO, noise)), noise);

        List<String> read = lines(LocalSpark.session().read().format("imbrex-motion").option("block", "8")
                .option("range", "5").option("frames-per-task", "2").load(clips.toString()));
        MotionOptions options = MotionOptions.of(List.of(MotionRuns.uri(clips)), MotionRuns.uri(dir.resolve("out")))
                .withSearch(8, 5);

        assertThat(read).isNotEmpty().containsExactlyElementsOf(MotionRuns.oracle(expected, 8, 5));
        assertThat(read).containsExactlyElementsOf(MotionRuns.run(options));
    }

    @Test
    void read_prunedColumnsAndSql_giveThoseColumns() throws Exception {
        Random random = new Random(5);
        Path clip = TestClips.write(dir.resolve("c.y4m"), Y4mColourSpace.C444, TestClips.drifting(random, 4, 48, 32));
        Dataset<Row> all = LocalSpark.session().read().format("imbrex-motion").option("block", "16").load(clip.toString());
        LocalSpark.session().sql("CREATE OR REPLACE TEMPORARY VIEW v USING `imbrex-motion` OPTIONS (path '" + clip
                + "', block '16')");

        Dataset<Row> pruned = all.select("dy", "frame");
        assertThat(pruned.schema().fieldNames()).containsExactly("dy", "frame");
        assertThat(pruned.collectAsList().stream().map(r -> r.getInt(1) + ":" + r.getInt(0)).sorted())
                .containsExactlyElementsOf(all.collectAsList().stream().map(r -> r.getInt(1) + ":" + r.getInt(5))
                        .sorted().toList());
        assertThat(LocalSpark.session().sql("SELECT count(*) FROM v WHERE frame = 2").first().getLong(0))
                .isEqualTo(3 * 2);
    }

    @Test
    void partitions_areTheJobsTasks_withTheHostsOfTheirBlocks() throws Exception {
        Path clip = TestClips.write(dir.resolve("d.y4m"), Y4mColourSpace.MONO, TestClips.random(new Random(2), 9, 32, 32, 3));
        MotionScan scan = new MotionScan(MotionSource.options(Map.of("path", clip.toString(), "frames-per-task", "3")),
                MotionTable.SCHEMA);

        InputPartition[] partitions = scan.planInputPartitions();
        assertThat(partitions).hasSize(3);
        assertThat(partitions).allSatisfy(p -> assertThat(p.preferredLocations()).contains("localhost"));
    }

    @Test
    void options_jobOnlyOrBad_areRefusedWithTheCommandsMessages() {
        assertThatThrownBy(() -> LocalSpark.session().read().format("imbrex-motion").option("render", "r")
                .load("x.y4m").count()).hasMessageContaining("option 'render' is not for the data source");
        assertThatThrownBy(() -> LocalSpark.session().read().format("imbrex-motion").option("range", "65")
                .load("x.y4m").count()).hasMessageContaining("--range 65");
    }
}
