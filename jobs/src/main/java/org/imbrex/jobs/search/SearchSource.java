package org.imbrex.jobs.search;

import java.util.Map;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * imbrex search as a Spark data source, registered under the short name {@code imbrex}: reading it runs the
 * search, and the rows are the match table's ({@link MatchTable#SCHEMA}).
 *
 * <pre>
 *   spark.read.format("imbrex").option("signatures", "hdfs:///rules/fw.yar").option("max-sad", "4")
 *        .load("hdfs:///dumps/*.bin")                                         Scala, Java, PySpark alike
 *   CREATE TEMPORARY VIEW m USING imbrex OPTIONS (path 'hdfs:///dumps', signatures 'hdfs:///s.txt')   SQL
 * </pre>
 * The options are {@code imbrex search}'s ({@link SourceOptions}); the partitions are the splits the job
 * scans, each where its blocks are ({@link SearchScan}). Example: {@code spark.read().format("imbrex")
 * .option("signatures", "sigs.txt").load("data/").groupBy("signature").count()}.
 */
public final class SearchSource implements TableProvider, DataSourceRegister {
    /** The name {@code format(...)} and {@code USING} take. */
    public static final String SHORT_NAME = "imbrex";

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return MatchTable.SCHEMA;
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new SearchSourceTable(SourceOptions.parse(properties));
    }
}
