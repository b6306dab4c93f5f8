package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.imbrex.jobs.motion.MotionTable;
import org.imbrex.jobs.search.MatchTable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TableFileWarmUpTest {

    private static List<Path> warmUpDirs() throws IOException {
        try (var listing = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return listing.filter(p -> p.getFileName().toString().startsWith("imbrex-warm-up")).toList();
        }
    }

    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void run_writesAndRemovesItsFile(TableFormat format) throws IOException {
        List<Path> before = warmUpDirs();

        boolean wrote = TableFileWarmUp.run(format, MatchTable.SCHEMA, new Object[] {"mz", "file:/warm-up", 0L, 2, 0},
                1_000);

        assertThat(wrote).isTrue();
        assertThat(warmUpDirs()).containsExactlyInAnyOrderElementsOf(before);
    }

    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void run_stringAndIntRows_writesAndRemovesItsFile(TableFormat format) throws IOException {
        List<Path> before = warmUpDirs();

        boolean wrote = TableFileWarmUp.run(format, MotionTable.SCHEMA,
                new Object[] {"file:/warm-up", 1, 0, 0, 0, 0, 0}, 3_000);

        assertThat(wrote).isTrue();
        assertThat(warmUpDirs()).containsExactlyInAnyOrderElementsOf(before);
    }
}
