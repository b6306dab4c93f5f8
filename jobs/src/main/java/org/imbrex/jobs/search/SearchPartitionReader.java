package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * The rows of one partition of the search source: the matches {@link ScanRows} streams from the
 * partition's ranges, one tile at a time, as rows of the columns the query reads.
 *
 * <pre>
 *   Match(signature 2, "file:/d/a.bin", 4096, sad 0)   columns (signature, offset)   → ["mz", 4096]
 * </pre>
 * The scan's Arrow memory is freed when the rows run out or the reader is closed. Example: {@code
 * factory.createReader(partition)} then {@code while (reader.next()) use(reader.get())}.
 */
final class SearchPartitionReader implements PartitionReader<InternalRow> {
    private final ScanRows rows;
    private final List<Signature> signatures;
    private final UTF8String[] names;
    private final int[] columns;
    private String pathOf;
    private UTF8String pathValue;
    private InternalRow current;

    /** Serializable: sent to the executors with the signatures, the Hadoop settings and the options. */
    record Factory(ArrayList<Signature> signatures, HadoopConf hadoop, SearchOptions options, StructType columns,
            ScanPartition.Counters counters) implements PartitionReaderFactory {
        @Override
        public PartitionReader<InternalRow> createReader(InputPartition partition) {
            SearchScan.RangesPartition ranges = (SearchScan.RangesPartition) partition;
            ScanRows rows = new ScanRows(ranges.ranges().iterator(), SearchPlan.compile(signatures),
                    hadoop.toConfiguration(), options, counters, org.apache.arrow.memory.RootAllocator::new,
                    org.imbrex.io.scan.TileBytes.AS_READ);
            return new SearchPartitionReader(rows, signatures, columns);
        }
    }

    /** Column kinds, in the match table's order. */
    private static final List<String> NAMES = List.of(MatchTable.SIGNATURE, MatchTable.PATH, MatchTable.OFFSET,
            MatchTable.LENGTH, MatchTable.SAD);

    SearchPartitionReader(ScanRows rows, List<Signature> signatures, StructType schema) {
        this.rows = rows;
        this.signatures = signatures;
        this.names = signatures.stream().map(s -> UTF8String.fromString(s.name())).toArray(UTF8String[]::new);
        StructField[] fields = schema.fields();
        this.columns = new int[fields.length];
        for (int i = 0; i < fields.length; i++) {
            columns[i] = NAMES.indexOf(fields[i].name());
            if (columns[i] < 0) {
                throw new IllegalArgumentException("imbrex: the match table has no column " + fields[i].name());
            }
        }
    }

    @Override
    public boolean next() {
        if (!rows.hasNext()) {
            current = null;
            return false;
        }
        Match match = rows.next();
        Object[] values = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
            values[i] = switch (columns[i]) {
                case 0 -> names[match.signature()];
                case 1 -> path(match.path());
                case 2 -> match.offset();
                case 3 -> signatures.get(match.signature()).length();
                default -> match.sad();
            };
        }
        current = new GenericInternalRow(values);
        return true;
    }

    /** The path as Spark's string, converted once per run of rows of the same file. */
    private UTF8String path(String value) {
        if (!value.equals(pathOf)) {
            pathOf = value;
            pathValue = UTF8String.fromString(value);
        }
        return pathValue;
    }

    @Override
    public InternalRow get() {
        return current;
    }

    @Override
    public void close() {
        rows.close();
    }
}
