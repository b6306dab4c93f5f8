package org.imbrex.jobs.search;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.imbrex.jobs.spark.TableFormat;

/**
 * The schema of the search match table (design.md): one row per match, signed types only, so Parquet
 * readers everywhere (pandas, Spark, DuckDB) read it alike.
 *
 * <pre>
 *   signature  string   the signature's name (rule:$x for YARA hex strings)
 *   path       string   the file, as a fully qualified URI (file:/…, hdfs://…)
 *   offset     long     byte offset of the match in the file
 *   length     int      signature length in bytes (the match covers [offset, offset + length))
 *   sad        int      sum of absolute differences over the signature's non-wildcard bytes; 0 = exact
 * </pre>
 * Each part file holds whole signatures, its rows sorted by signature, path and offset. Example row:
 * {@code ("png-ihdr", "file:/data/a.bin", 1048576, 16, 0)}.
 */
public final class MatchTable {
    public static final String SIGNATURE = "signature";
    public static final String PATH = "path";
    public static final String OFFSET = "offset";
    public static final String LENGTH = "length";
    public static final String SAD = "sad";

    public static final StructType SCHEMA = new StructType(new StructField[] {
        DataTypes.createStructField(SIGNATURE, DataTypes.StringType, false),
        DataTypes.createStructField(PATH, DataTypes.StringType, false),
        DataTypes.createStructField(OFFSET, DataTypes.LongType, false),
        DataTypes.createStructField(LENGTH, DataTypes.IntegerType, false),
        DataTypes.createStructField(SAD, DataTypes.IntegerType, false),
    });

    private MatchTable() {
    }

    /**
     * Reads a match table (a directory, or its data files) as the search wrote it, e.g. {@code read(spark,
     * CSV, "file:/out/matches")}.
     */
    public static Dataset<Row> read(SparkSession spark, TableFormat format, String... locations) {
        return spark.read().format(format.sparkFormat()).schema(SCHEMA).option("header", "true").load(locations);
    }
}
