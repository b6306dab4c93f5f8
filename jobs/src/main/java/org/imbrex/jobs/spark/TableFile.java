package org.imbrex.jobs.spark;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.types.StructType;

/**
 * One data file of a result table, written row by row by a task: Parquet, CSV with a header row, or JSON
 * lines, readable by Spark's own readers of those formats with the table's schema, and by pandas, DuckDB and
 * the like.
 *
 * <p>A row is one value per column of the schema, in its order: a {@code String} for a string column, a
 * {@code Long} or {@code Integer} for the integer ones. Columns are never null. Example:
 * <pre>{@code
 * try (TableFile file = TableFile.create(TableFormat.CSV, MatchTable.SCHEMA, path, conf)) {
 *     file.write(new Object[] {"mz", "file:/a.bin", 0L, 4, 0});
 * }   // the file: "signature,path,offset,length,sad\n" then "mz,file:/a.bin,0,4,0\n"
 * }</pre>
 */
public interface TableFile extends Closeable {

    /** Appends a row. */
    void write(Object[] row) throws IOException;

    /**
     * Appends a row of a table whose first column is a string and whose other columns are ints (the motion
     * table): {@code write("file:/a.y4m", new int[] {1, 32, 16, -3, 2, 140})} writes the row {@code
     * write(new Object[] {"file:/a.y4m", 1, 32, 16, -3, 2, 140})} does, without boxing a value per column.
     * A Parquet file refuses it for a table of other columns.
     */
    default void write(String first, int[] rest) throws IOException {
        Object[] row = new Object[1 + rest.length];
        row[0] = first;
        for (int i = 0; i < rest.length; i++) {
            row[1 + i] = rest[i];
        }
        write(row);
    }

    /** Finishes the file (for Parquet: its footer); a file that was not closed is not a valid table file. */
    @Override
    void close() throws IOException;

    /** The extension Spark gives such files, e.g. {@code .snappy.parquet}. */
    static String extension(TableFormat format) {
        return switch (format) {
            case PARQUET -> ".snappy.parquet";
            case CSV -> ".csv";
            case JSON -> ".json";
        };
    }

    /** The file name of part {@code part}, as Spark names them: {@code part-00003-JOB-c000.snappy.parquet}. */
    static String partName(int part, String job, TableFormat format) {
        return String.format("part-%05d-%s-c000%s", part, job, extension(format));
    }

    /** Creates the file at {@code path} (failing if it exists) for rows of {@code schema}. */
    static TableFile create(TableFormat format, StructType schema, Path path, Configuration conf)
            throws IOException {
        TableColumns columns = TableColumns.of(schema);
        if (format == TableFormat.PARQUET) {
            return new ParquetTableFile(columns, schema, path, conf);
        }
        OutputStream out = OutputFileSystem.of(path, conf).create(path, false);
        try {
            return format == TableFormat.CSV ? new CsvTableFile(columns, out) : new JsonTableFile(columns, out);
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }
}
