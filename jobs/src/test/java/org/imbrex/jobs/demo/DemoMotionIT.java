package org.imbrex.jobs.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoMotionIT {

    @Test
    void demoMotion_generatedClip_findsTheKnownMotionAndDrawsEveryFrame(@TempDir Path dir) throws Exception {
        DemoClip clip = DemoClip.generate(dir);
        DemoMotion demo = new DemoMotion(dir, clip);

        boolean allTrue = demo.run(LocalSpark.session());

        assertThat(allTrue).isTrue();
        assertThat(demo.framesDirectory().toFile().list((d, name) -> name.endsWith(".png")))
                .hasSize(DemoClip.FRAMES - 1);
        Path table = dir.resolve("motion-vectors");
        Path csv = dir.resolve("motion-vectors" + CsvExport.SUFFIX);
        assertThat(LocalSpark.session().read().option("header", "true").csv(csv.toString()).except(
                LocalSpark.session().read().parquet(table.toString()).selectExpr("cast(path as string) path",
                        "cast(frame as string) frame", "cast(block_x as string) block_x",
                        "cast(block_y as string) block_y", "cast(dx as string) dx", "cast(dy as string) dy",
                        "cast(sad as string) sad")).count()).isZero();
        assertThat(LocalSpark.session().read().option("header", "true").csv(csv.toString()).count())
                .isEqualTo(LocalSpark.session().read().parquet(table.toString()).count()).isPositive();
        assertThat(clip.trueVector(3, 64, 48, 16)).containsExactly(-5, 2);
        assertThat(clip.trueVector(3, 0, 160, 16)).containsExactly(-2, -1);
    }
}
