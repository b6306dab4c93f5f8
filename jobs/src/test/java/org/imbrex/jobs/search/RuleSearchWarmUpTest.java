package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.imbrex.jobs.spark.TableFile;
import org.imbrex.jobs.spark.TableFormat;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The row the rule search's table warm-up writes is a row of the strings table in every format (the warm-up
 * only logs a failure, so a row that no longer fits the schema would silently warm nothing up).
 */
class RuleSearchWarmUpTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void stringsRow_isARowOfTheStringsTable(TableFormat format) throws IOException {
        Path file = dir.resolve("part" + TableFile.extension(format));
        try (TableFile table = TableFile.create(format, RuleTables.STRINGS_SCHEMA,
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration())) {
            table.write(RuleSearchWarmUps.stringsRow());
        }
        assertThat(Files.size(file)).isPositive();
    }
}
