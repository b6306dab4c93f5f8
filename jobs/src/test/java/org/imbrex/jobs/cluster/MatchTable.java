package org.imbrex.jobs.cluster;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.imbrex.jobs.testing.LocalSpark;

/**
 * A search job's match table read back with Spark, as sorted rows: equal lists mean the same rows, with
 * every duplicate counted.
 *
 * <p>Example: {@code List<Match> rows = MatchTable.read(Path.of("out/matches")).rows();}
 */
record MatchTable(List<Match> rows) {
    /** One row: signature, path, offset, length, sad. */
    record Match(String signature, String path, long offset, int length, int sad) {
    }

    static MatchTable read(Path table) {
        List<Row> rows = LocalSpark.session().read().parquet(table.toUri().toString())
                .select("signature", "path", "offset", "length", "sad").collectAsList();
        return new MatchTable(rows.stream()
                .map(r -> new Match(r.getString(0), r.getString(1), r.getLong(2), r.getInt(3), r.getInt(4)))
                .sorted(Comparator.comparing(Match::signature).thenComparing(Match::path)
                        .thenComparingLong(Match::offset).thenComparingInt(Match::sad))
                .toList());
    }
}
