package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownFilters;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.sources.EqualTo;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.sources.In;
import org.apache.spark.sql.sources.LessThan;
import org.apache.spark.sql.sources.LessThanOrEqual;
import org.apache.spark.sql.types.StructType;

/**
 * Plans a read of the search source: keeps the columns a query reads, and takes over the filters the
 * search itself can apply, so that less is scanned.
 *
 * <pre>
 *   sad &lt;= 4, sad &lt; 5, sad = 4               → --max-sad 4 (the lowest of all such bounds)
 *   signature = 'mz', signature IN ('mz', 'elf') → only those signatures are scanned
 *   anything else                              → left to Spark, after the scan
 * </pre>
 * Both kinds are exact: the scan returns exactly the rows the filter keeps, so Spark need not apply them
 * again. They also commute with {@code best}: the K best of a signature within {@code sad ≤ N} are the K
 * best of it filtered to {@code sad ≤ N}. Example: {@code df.where("sad <= 2 AND signature = 'mz'")}
 * scans one signature with {@code --max-sad 2}.
 */
final class SearchScanBuilder implements ScanBuilder, SupportsPushDownRequiredColumns, SupportsPushDownFilters {
    private final SearchOptions options;
    private StructType columns = MatchTable.SCHEMA;
    private int maxSad;
    private Set<String> signatures;
    private Filter[] pushed = new Filter[0];

    SearchScanBuilder(SearchOptions options) {
        this.options = options;
        this.maxSad = options.maxSad();
    }

    @Override
    public void pruneColumns(StructType required) {
        columns = required;
    }

    @Override
    public Filter[] pushFilters(Filter[] filters) {
        List<Filter> taken = new ArrayList<>();
        List<Filter> left = new ArrayList<>();
        for (Filter filter : filters) {
            if (take(filter)) {
                taken.add(filter);
            } else {
                left.add(filter);
            }
        }
        pushed = taken.toArray(Filter[]::new);
        return left.toArray(Filter[]::new);
    }

    /** Applies a filter the search can apply itself; false for any other. */
    private boolean take(Filter filter) {
        if (filter instanceof LessThanOrEqual f && f.attribute().equals(MatchTable.SAD) && f.value() instanceof Number n) {
            return bound(n.longValue());
        }
        if (filter instanceof LessThan f && f.attribute().equals(MatchTable.SAD) && f.value() instanceof Number n) {
            return bound(n.longValue() - 1);
        }
        if (filter instanceof EqualTo f && f.attribute().equals(MatchTable.SAD) && f.value() instanceof Number n) {
            // sad = N is sad ≤ N for the scan; Spark still drops the rows below N
            bound(n.longValue());
            return false;
        }
        if (filter instanceof EqualTo f && f.attribute().equals(MatchTable.SIGNATURE) && f.value() instanceof String s) {
            return restrict(Set.of(s));
        }
        if (filter instanceof In f && f.attribute().equals(MatchTable.SIGNATURE)) {
            Set<String> names = new LinkedHashSet<>();
            for (Object value : f.values()) {
                if (!(value instanceof String s)) {
                    return false;
                }
                names.add(s);
            }
            return restrict(names);
        }
        return false;
    }

    private boolean bound(long limit) {
        maxSad = (int) Math.max(-1, Math.min(maxSad, limit));
        return true;
    }

    private boolean restrict(Set<String> names) {
        if (signatures == null) {
            signatures = new LinkedHashSet<>(names);
        } else {
            signatures.retainAll(names);
        }
        return true;
    }

    @Override
    public Filter[] pushedFilters() {
        return pushed.clone();
    }

    @Override
    public Scan build() {
        return new SearchScan(options, columns, maxSad, signatures, pushed);
    }
}
