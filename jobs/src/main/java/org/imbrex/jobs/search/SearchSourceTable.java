package org.imbrex.jobs.search;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The table a {@code format("imbrex")} read stands for: one search, with its options checked, read in
 * batches. Example: {@code new SearchSourceTable(options).newScanBuilder(CaseInsensitiveStringMap.empty())}.
 */
final class SearchSourceTable implements SupportsRead {
    private final SearchOptions options;

    SearchSourceTable(SearchOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return "imbrex search of " + String.join(", ", options.inputs()) + " for " + String.join(", ", options.signatures());
    }

    @Override
    public StructType schema() {
        return MatchTable.SCHEMA;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap ignored) {
        return new SearchScanBuilder(options);
    }
}
