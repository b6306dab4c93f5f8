package org.imbrex.jobs.search;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.row_number;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;

/**
 * The K best rows per signature of a match DataFrame, in {@code --best K}'s order: lower {@code sad}, then
 * lower {@code path} (by code point, as Spark compares strings), then lower {@code offset}.
 *
 * <p>A read of the {@code imbrex} source with {@code best K} gives each partition's K best per signature:
 * a scan cannot merge its partitions. This is the merge, one window over the rows the partitions gave:
 * <pre>
 *   Scala/Java  BestPerSignature.of(spark.read.format("imbrex").option("best", "10")...load(...), 10)
 *   SQL         SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY signature ORDER BY sad, path, offset)
 *               AS rank FROM m) WHERE rank &lt;= 10
 * </pre>
 * It equals the table {@code imbrex search --best K} writes. Example: {@code BestPerSignature.of(matches,
 * 3).count()} is at most 3 × the signatures.
 */
public final class BestPerSignature {
    private static final String RANK = "_imbrex_rank";

    private BestPerSignature() {
    }

    /** The K best rows per signature of {@code matches} (any DataFrame with the match table's columns). */
    public static Dataset<Row> of(Dataset<Row> matches, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("best " + k + ": K must be at least 1");
        }
        WindowSpec order = Window.partitionBy(col(MatchTable.SIGNATURE))
                .orderBy(col(MatchTable.SAD), col(MatchTable.PATH), col(MatchTable.OFFSET));
        return matches.withColumn(RANK, row_number().over(order)).where(col(RANK).leq(k)).drop(RANK);
    }
}
