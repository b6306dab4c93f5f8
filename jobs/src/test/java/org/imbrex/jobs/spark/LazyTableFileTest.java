package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LazyTableFileTest {
    private static final StructType SCHEMA = new StructType(new StructField[] {
        DataTypes.createStructField("rule", DataTypes.StringType, false),
        DataTypes.createStructField("line", DataTypes.IntegerType, false),
    });

    @TempDir
    Path dir;

    private LazyTableFile part(String name) {
        return new LazyTableFile(new org.apache.hadoop.fs.Path(dir.resolve(name).toUri()), SCHEMA, TableFormat.CSV,
                new Configuration());
    }

    @Test
    void close_withoutARow_leavesNoFile() throws IOException {
        LazyTableFile part = part("none.csv");
        part.close();
        assertThat(part.written()).isNull();
        assertThat(dir.resolve("none.csv")).doesNotExist();
    }

    @Test
    void write_createsTheFileAtTheFirstRow_andOpenCreatesItWithoutRows() throws IOException {
        LazyTableFile rows = part("rows.csv");
        rows.write(new Object[] {"a", 3});
        rows.write(new Object[] {"b", 9});
        rows.close();
        rows.close(); // twice is once
        LazyTableFile empty = part("empty.csv");
        empty.open();
        empty.close();

        assertThat(rows.written()).endsWith("rows.csv");
        assertThat(Files.readAllLines(dir.resolve("rows.csv"))).isEqualTo(List.of("rule,line", "a,3", "b,9"));
        assertThat(Files.readAllLines(dir.resolve("empty.csv"))).isEqualTo(List.of("rule,line"));
    }
}
