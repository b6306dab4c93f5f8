package org.imbrex.jobs.motion;

import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The table a {@code format("imbrex-motion")} read stands for: one motion search, read in batches, with
 * the columns a query reads. Example: {@code new MotionSourceTable(options).newScanBuilder(options)}.
 */
final class MotionSourceTable implements SupportsRead {
    private final MotionOptions options;

    MotionSourceTable(MotionOptions options) {
        this.options = options;
    }

    @Override
    public String name() {
        return "imbrex motion of " + String.join(", ", options.inputs());
    }

    @Override
    public StructType schema() {
        return MotionTable.SCHEMA;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return EnumSet.of(TableCapability.BATCH_READ);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap ignored) {
        return new Builder(options);
    }

    /** Keeps the columns a query reads. */
    static final class Builder implements ScanBuilder, SupportsPushDownRequiredColumns {
        private final MotionOptions options;
        private StructType columns = MotionTable.SCHEMA;

        Builder(MotionOptions options) {
            this.options = options;
        }

        @Override
        public void pruneColumns(StructType required) {
            columns = required;
        }

        @Override
        public Scan build() {
            return new MotionScan(options, columns);
        }
    }
}
