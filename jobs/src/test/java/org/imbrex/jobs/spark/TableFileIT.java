package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.imbrex.jobs.motion.MotionTable;
import org.imbrex.jobs.search.MatchTable;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Table files read back by Spark's own readers of their format give exactly the rows written, for the
 * values that trip writers: delimiters, quotes, backslashes, line breaks, spaces at either end, non-ASCII
 * (outside the BMP too), and the extremes of the integer columns.
 */
class TableFileIT {
    private static final List<Object[]> AWKWARD = List.of(
            new Object[] {"mz", "file:/data/a.bin", 0L, 4, 0},
            new Object[] {"rule:$a", "file:/data/x,y.bin", Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE},
            new Object[] {"q\"uote", "file:/data/say \"hi\".bin", Long.MIN_VALUE, Integer.MIN_VALUE, -1},
            new Object[] {"back\\slash", "file:/data/a\\b\\", 1L, 1, 1},
            new Object[] {"line\nbreak", "file:/data/line\r\nbreak.bin", 2L, 2, 2},
            new Object[] {" spaced ", "file:/data/ends in space ", 3L, 3, 3},
            new Object[] {"ünïcödé", "hdfs://nn:8020/dümps/😀.bin", 4L, 4, 4},
            new Object[] {"#comment", "file:/data/tab\there.bin", 5L, 5, 5});

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void write_awkwardValues_sparkReadsBackEveryRowExactly(TableFormat format) throws IOException {
        Path file = dir.resolve("part-00000" + TableFile.extension(format));
        try (TableFile table = TableFile.create(format, MatchTable.SCHEMA, new org.apache.hadoop.fs.Path(
                file.toUri()), new Configuration())) {
            for (Object[] row : AWKWARD) {
                table.write(row);
            }
        }

        List<Row> read = LocalSpark.session().read().format(format.sparkFormat()).schema(MatchTable.SCHEMA)
                .option("header", "true").option("multiLine", format == TableFormat.CSV)
                .load(file.toString()).collectAsList();

        List<Row> expected = new ArrayList<>();
        AWKWARD.forEach(values -> expected.add(RowFactory.create(values)));
        assertThat(read).containsExactlyElementsOf(expected);
        if (format != TableFormat.PARQUET) {
            assertThat(Files.readString(file)).as("text stays UTF-8, not escapes").contains("dümps/😀.bin");
        }
    }

    @Test
    void parquet_footer_holdsRequiredColumnsAndTheSparkSchema() throws IOException {
        Path file = dir.resolve("part-00000.snappy.parquet");
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
        try (TableFile table = TableFile.create(TableFormat.PARQUET, MatchTable.SCHEMA, path, new Configuration())) {
            table.write(AWKWARD.get(0));
        }

        FileMetaData footer;
        try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, new Configuration()))) {
            footer = reader.getFooter().getFileMetaData();
            assertThat(reader.getRecordCount()).isEqualTo(1);
            assertThat(reader.getRowGroups().get(0).getColumns()).allSatisfy(
                    column -> assertThat(column.getCodec()).isEqualTo(CompressionCodecName.SNAPPY));
        }
        assertThat(footer.getSchema().toString()).isEqualToIgnoringWhitespace("""
                message spark_schema {
                  required binary signature (STRING);
                  required binary path (STRING);
                  required int64 offset;
                  required int32 length;
                  required int32 sad;
                }""");
        assertThat(footer.getKeyValueMetaData()).containsEntry(ParquetTableFile.SPARK_SCHEMA_KEY,
                MatchTable.SCHEMA.json());
        // Spark's file sources read every column as nullable, whatever the file says.
        assertThat(LocalSpark.session().read().parquet(file.toString()).schema())
                .isEqualTo(MatchTable.SCHEMA.asNullable());
    }

    /**
     * Rows past a row group's size start the next group (the size is looked at every 10,000 rows): with a
     * size of one byte, 25,001 rows make groups of 10,000, 10,000 and 5,001, and Spark reads every row back.
     */
    @Test
    void parquet_rowsPastTheRowGroupSize_goToTheNextGroupAndReadBackInOrder() throws IOException {
        Path file = dir.resolve("part-00000.snappy.parquet");
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
        int rows = 25_001;
        try (TableFile table = new ParquetTableFile(TableColumns.of(MatchTable.SCHEMA), MatchTable.SCHEMA, path,
                new Configuration(), 1)) {
            for (int i = 0; i < rows; i++) {
                table.write(new Object[] {"sig" + i % 7, "file:/data/" + i / 1000 + ".bin", (long) i, i % 13, -i});
            }
        }

        try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, new Configuration()))) {
            assertThat(reader.getRowGroups()).extracting(group -> group.getRowCount())
                    .containsExactly(10_000L, 10_000L, 5_001L);
        }
        List<Row> read = LocalSpark.session().read().parquet(file.toString()).orderBy("offset").collectAsList();
        assertThat(read).hasSize(rows);
        for (int i = 0; i < rows; i += 997) {
            assertThat(read.get(i)).isEqualTo(RowFactory.create("sig" + i % 7, "file:/data/" + i / 1000 + ".bin",
                    (long) i, i % 13, -i));
        }
    }

    /**
     * Parquet's {@code parquet.page.row.count.limit} in the configuration cuts a column chunk into pages of at
     * most that many rows (the table warm-up writes small pages); without it a page holds up to 20,000.
     */
    @Test
    void parquet_pageRowCountLimitOfTheConfiguration_cutsThePages() throws IOException {
        Configuration small = new Configuration();
        small.setInt(ParquetOutputFormat.PAGE_ROW_COUNT_LIMIT, 1_000);

        assertThat(pageRows(writeMotionRows("small-pages.parquet", small, 2_500)))
                .allSatisfy(rows -> assertThat(rows).isBetween(1L, 1_000L)).hasSizeGreaterThanOrEqualTo(3)
                .containsOnly(1_000L, 500L);
        assertThat(pageRows(writeMotionRows("default-pages.parquet", new Configuration(), 2_500)))
                .containsExactly(2_500L);
    }

    private org.apache.hadoop.fs.Path writeMotionRows(String name, Configuration conf, int rows) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir.resolve(name).toUri());
        try (TableFile table = TableFile.create(TableFormat.PARQUET, MotionTable.SCHEMA, path, conf)) {
            for (int i = 0; i < rows; i++) {
                table.write("file:/a.y4m", new int[] {1 + i / 80, i % 80 * 16, i / 80 * 16, i % 15 - 7, i % 9 - 4, i});
            }
        }
        return path;
    }

    /** The rows of each data page of the file's first column, in order. */
    private static List<Long> pageRows(org.apache.hadoop.fs.Path path) throws IOException {
        List<Long> rows = new ArrayList<>();
        try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(path, new Configuration()))) {
            ColumnDescriptor column = reader.getFileMetaData().getSchema().getColumns().get(0);
            for (PageReadStore group = reader.readNextRowGroup(); group != null; group = reader.readNextRowGroup()) {
                PageReader pages = group.getPageReader(column);
                for (DataPage page = pages.readPage(); page != null; page = pages.readPage()) {
                    rows.add((long) page.getValueCount());
                }
            }
        }
        return rows;
    }

    @Test
    void csv_header_namesTheColumnsAndPlainValuesStayUnquoted() throws IOException {
        Path file = dir.resolve("part-00000.csv");
        try (TableFile table = TableFile.create(TableFormat.CSV, MatchTable.SCHEMA,
                new org.apache.hadoop.fs.Path(file.toUri()), new Configuration())) {
            table.write(AWKWARD.get(0));
            table.write(AWKWARD.get(1));
        }

        assertThat(Files.readString(file)).isEqualTo("signature,path,offset,length,sad\n"
                + "mz,file:/data/a.bin,0,4,0\n"
                + "rule:$a,\"file:/data/x,y.bin\",9223372036854775807,2147483647,2147483647\n");
    }

    @Test
    void create_nullableColumnOrOtherType_isRefusedNamingTheColumn() {
        StructType nullable = new StructType().add("name", DataTypes.StringType, true);
        StructType doubles = new StructType().add("score", DataTypes.DoubleType, false);
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir.resolve("x").toUri());

        assertThatThrownBy(() -> TableFile.create(TableFormat.CSV, nullable, path, new Configuration()))
                .hasMessage("table column name is nullable");
        assertThatThrownBy(() -> TableFile.create(TableFormat.CSV, doubles, path, new Configuration()))
                .hasMessage("table column score has type double; table files hold string, int and bigint columns");
    }

    /**
     * Rows of a string and ints ({@link TableFile#write(String, int[])}, the motion table's rows) read back as
     * written, with the string repeated as one object and as equal copies, and the ints at their extremes.
     */
    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void write_stringAndInts_sparkReadsBackEveryRowExactly(TableFormat format) throws IOException {
        StructType schema = MotionTable.SCHEMA;
        Path file = dir.resolve("part-00000" + TableFile.extension(format));
        String[] paths = {"file:/clips/a.y4m", "hdfs://nn:8020/vïdeo/😀 b.y4m", "file:/clips/c,\"d\".y4m"};
        List<Row> expected = new ArrayList<>();
        try (TableFile table = TableFile.create(format, schema, new org.apache.hadoop.fs.Path(file.toUri()),
                new Configuration())) {
            int[] ints = new int[6];
            for (int i = 0; i < 5_000; i++) {
                String path = i % 1_000 == 999 ? new String(paths[i / 1_000 % 3]) : paths[i / 1_000 % 3];
                ints[0] = i / 300;
                ints[1] = i % 80 * 16;
                ints[2] = i % 300 / 80 * 16;
                ints[3] = i % 17 == 0 ? Integer.MIN_VALUE : i % 15 - 7;
                ints[4] = i % 19 == 0 ? Integer.MAX_VALUE : -(i % 15 - 7);
                ints[5] = i * 7_919 % 65_536;
                table.write(path, ints);
                expected.add(RowFactory.create(path, ints[0], ints[1], ints[2], ints[3], ints[4], ints[5]));
            }
        }

        List<Row> read = LocalSpark.session().read().format(format.sparkFormat()).schema(schema)
                .option("header", "true").load(file.toString()).collectAsList();

        assertThat(read).containsExactlyElementsOf(expected);
    }

    @Test
    void parquet_stringAndIntsOfTheWrongWidthOrTable_isRefused() throws IOException {
        org.apache.hadoop.fs.Path motion = new org.apache.hadoop.fs.Path(dir.resolve("m.parquet").toUri());
        org.apache.hadoop.fs.Path matches = new org.apache.hadoop.fs.Path(dir.resolve("s.parquet").toUri());
        try (TableFile table = TableFile.create(TableFormat.PARQUET, MotionTable.SCHEMA, motion, new Configuration());
                TableFile other = TableFile.create(TableFormat.PARQUET, MatchTable.SCHEMA, matches,
                        new Configuration())) {
            assertThatThrownBy(() -> table.write("file:/a.y4m", new int[] {1, 2}))
                    .hasMessage("a row of [path, frame, block_x, block_y, dx, dy, sad] has 3 values, not 7");
            assertThatThrownBy(() -> other.write("mz", new int[] {0, 0, 4, 0}))
                    .hasMessage("rows of [signature, path, offset, length, sad] are not a string and ints");
        }
    }

    @Test
    void write_rowOfTheWrongWidth_isRefused() throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(dir.resolve("w.json").toUri());
        try (TableFile table = TableFile.create(TableFormat.JSON, MatchTable.SCHEMA, path, new Configuration())) {
            assertThatThrownBy(() -> table.write(new Object[] {"mz", "file:/a"}))
                    .hasMessage("a row of [signature, path, offset, length, sad] has 2 values, not 5");
        }
    }
}
