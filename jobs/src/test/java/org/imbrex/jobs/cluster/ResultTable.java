package org.imbrex.jobs.cluster;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.imbrex.jobs.testing.LocalSpark;

/**
 * A job's table read back with the test JVM's local Spark session, as rows sorted on every column: two
 * tables are equal when they hold the same rows, every duplicate counted, whatever partitioning wrote them.
 *
 * <p>Example: {@code ResultTable.read(Path.of("out/matches"), MatchTable.SCHEMA).rows()} is
 * {@code [[elf, file:/in/data.bin, 65522, 16, 0], [elf, file:/in/data.bin, 262141, 16, 4], ...]}.
 */
record ResultTable(List<List<Object>> rows) {
    /** Compares rows column by column; every column of a job's table holds one Comparable type. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static final Comparator<List<Object>> BY_EVERY_COLUMN = (a, b) -> {
        for (int column = 0; column < a.size(); column++) {
            int order = ((Comparable) a.get(column)).compareTo(b.get(column));
            if (order != 0) {
                return order;
            }
        }
        return 0;
    };

    /** Reads the Parquet table at {@code table}: the columns of {@code schema}, in its order. */
    static ResultTable read(Path table, StructType schema) {
        return read(table.toUri().toString(), schema);
    }

    /** {@link #read(Path, StructType)} for a table on any Hadoop file system ({@code hdfs://127.0.0.1:9000/m}). */
    static ResultTable read(String table, StructType schema) {
        String[] columns = schema.fieldNames();
        List<Row> rows = LocalSpark.session().read().parquet(table)
                .selectExpr(columns).collectAsList();
        return new ResultTable(rows.stream()
                .map(row -> IntStream.range(0, columns.length).mapToObj(row::get).toList())
                .sorted(BY_EVERY_COLUMN)
                .toList());
    }
}
