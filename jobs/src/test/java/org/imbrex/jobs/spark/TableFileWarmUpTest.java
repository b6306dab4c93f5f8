package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.imbrex.jobs.motion.MotionTable;
import org.imbrex.jobs.search.MatchTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TableFileWarmUpTest {

    private static List<Path> warmUpDirs() throws IOException {
        try (var listing = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return listing.filter(p -> p.getFileName().toString().startsWith("imbrex-warm-up")).toList();
        }
    }

    /** The int columns repeat in runs of a row, a block row and a frame, in turn; odd columns go negative. */
    @Test
    void intValue_repeatsInRunsAndGoesNegativeInOddColumns() {
        for (int c = 1; c <= 6; c++) {
            int run = new int[] {1, 80, 3_600}[c % 3];
            Set<Integer> seen = new HashSet<>();
            int changes = 0;
            for (int i = 0; i < 20_000; i++) {
                int v = TableFileWarmUp.intValue(i, c);
                assertThat(v).as("column %d row %d", c, i).isBetween(c % 2 == 1 ? -512 : 0, c % 2 == 1 ? 511 : 1_023);
                if (i > 0 && v != TableFileWarmUp.intValue(i - 1, c)) {
                    changes++;
                    assertThat(i % run).as("column %d changes only where a run ends", c).isZero();
                }
                seen.add(v);
            }
            assertThat(changes).as("column %d", c).isGreaterThan(20_000 / run / 2);
            if (c % 2 == 1 && run == 1) {
                assertThat(seen).anySatisfy(v -> assertThat(v).isNegative());
            }
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

    /** Enough rows for a first file of short pages: both files are written and removed. */
    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void run_manyRows_writesShortPagesFirstAndRemovesBothFiles(TableFormat format) throws IOException {
        List<Path> before = warmUpDirs();

        boolean wrote = TableFileWarmUp.run(format, MotionTable.SCHEMA,
                new Object[] {"file:/warm-up", 1, 0, 0, 0, 0, 0}, TableFileWarmUp.MIN_ROWS_FOR_SHORT_PAGES);

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
