package org.imbrex.jobs.search;

import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.imbrex.io.signature.Signature;

/** One row of a search match table, in the column order of {@link MatchTable#SCHEMA}. */
record MatchRow(String signature, String path, long offset, int length, int sad) {

    /** The order the job writes its table in. */
    static final Comparator<MatchRow> TABLE_ORDER = Comparator.comparing(MatchRow::signature)
            .thenComparing(MatchRow::path).thenComparingLong(MatchRow::offset);

    /** The row a scan's match becomes in the table. */
    static MatchRow of(Match match, List<Signature> signatures) {
        Signature s = signatures.get(match.signature());
        return new MatchRow(s.name(), match.path(), match.offset(), s.length(), match.sad());
    }

    static MatchRow of(Row row) {
        return new MatchRow(row.getString(0), row.getString(1), row.getLong(2), row.getInt(3), row.getInt(4));
    }
}
