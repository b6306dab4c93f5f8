package org.imbrex.jobs.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoSearchIT {

    @Test
    void demoSearch_generatedCorpus_findsEveryPlantingWithItsScore(@TempDir Path dir) throws Exception {
        List<DemoCorpus.Planting> plantings = DemoCorpus.generate(dir);

        boolean allFound = new DemoSearch(dir, plantings).run(LocalSpark.session());

        assertThat(plantings).hasSize(80).anyMatch(p -> p.sad() > 0).anyMatch(p -> p.sad() == 0);
        assertThat(allFound).isTrue();
    }
}
