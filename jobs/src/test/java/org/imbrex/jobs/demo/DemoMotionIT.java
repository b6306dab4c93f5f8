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
        assertThat(clip.trueVector(3, 64, 48, 16)).containsExactly(-5, 2);
        assertThat(clip.trueVector(3, 0, 160, 16)).containsExactly(-2, -1);
    }
}
