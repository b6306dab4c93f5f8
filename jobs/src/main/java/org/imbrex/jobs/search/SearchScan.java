package org.imbrex.jobs.search;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.PackedSplit;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * One read of the search source, planned on the driver as {@code imbrex search} plans its scan: the
 * signatures are read and checked, the inputs listed, and each packed split ({@link
 * SearchJob#packedSplits}) becomes an input partition that prefers the hosts of its blocks. Executors scan
 * their ranges tile by tile and stream the rows out ({@link SearchPartitionReader}).
 *
 * <pre>
 *   driver:    signatures → plan (only the pushed-down names) → list inputs → splits → RangesPartition[]
 *   executor:  RangesPartition → ScanRows (msad4 Dispatches, tile ownership: each match once) → InternalRow
 * </pre>
 * With {@code best}, each partition gives its K best per signature (or more, where a task's heaps were
 * full); {@link BestPerSignature#of} gives the K best over all partitions. Example: {@code new
 * SearchScan(options, MatchTable.SCHEMA, 0, null, new Filter[0]).planInputPartitions()}.
 */
final class SearchScan implements Scan, Batch {
    private final SearchOptions options;
    private final StructType columns;
    private final int maxSad;
    private final Set<String> signatureNames;
    private final Filter[] pushed;
    private List<Signature> signatures;
    private InputPartition[] partitions;

    SearchScan(SearchOptions options, StructType columns, int maxSad, Set<String> signatureNames, Filter[] pushed) {
        this.options = options;
        this.columns = columns;
        this.maxSad = maxSad;
        this.signatureNames = signatureNames;
        this.pushed = pushed;
    }

    /** The splits of one scan task: its byte ranges and the hosts that hold most of them. */
    record RangesPartition(ArrayList<ByteRange> ranges, String[] hosts) implements InputPartition, Serializable {
        @Override
        public String[] preferredLocations() {
            return hosts.clone();
        }
    }

    @Override
    public StructType readSchema() {
        return columns;
    }

    @Override
    public String description() {
        return "imbrex search (signatures " + String.join(", ", options.signatures()) + (signatureNames == null ? ""
                : " restricted to " + signatureNames) + ", max-sad " + (maxSad == SearchOptions.UNLIMITED ? "none"
                : maxSad) + (options.keepsBest() ? ", best " + options.best() + " per partition" : "")
                + ", pushed " + Arrays.toString(pushed) + ")";
    }

    @Override
    public Batch toBatch() {
        return this;
    }

    @Override
    public InputPartition[] planInputPartitions() {
        if (partitions == null) {
            plan();
        }
        return partitions.clone();
    }

    private void plan() {
        Configuration conf = SparkSession.active().sparkContext().hadoopConfiguration();
        List<Signature> all = SignatureFiles.read(options, conf);
        signatures = signatureNames == null ? all
                : all.stream().filter(s -> signatureNames.contains(s.name())).toList();
        if (signatures.isEmpty() || maxSad < 0) {
            partitions = new InputPartition[0];
            return;
        }
        options.checkTileSize(signatures.stream().mapToInt(Signature::length).max().orElse(1));
        List<LocatedFileStatus> listed = SearchJob.listInputs(options, conf);
        List<PackedSplit> splits = ScanSplits.packed(listed, conf, options,
                SparkSession.active().sparkContext().defaultParallelism());
        partitions = options.partitions() > 0 ? spread(splits, options.partitions()) : splits.stream()
                .map(split -> new RangesPartition(new ArrayList<>(split.ranges()), ScanSplits.hosts(split)))
                .toArray(InputPartition[]::new);
    }

    /** The ranges of every split dealt round-robin over {@code n} partitions, as {@code --partitions n} does. */
    private static InputPartition[] spread(List<PackedSplit> splits, int n) {
        return RangeTasks.dealt(splits, n).stream().map(r -> new RangesPartition(new ArrayList<>(r), new String[0]))
                .toArray(InputPartition[]::new);
    }

    @Override
    public PartitionReaderFactory createReaderFactory() {
        if (partitions == null) {
            plan();
        }
        SparkContext sc = SparkSession.active().sparkContext();
        ScanPartition.Counters counters = new ScanPartition.Counters(
                sc.longAccumulator("imbrex source: bytes scanned"), sc.longAccumulator("imbrex source: tiles"),
                sc.longAccumulator("imbrex source: matches"));
        SearchOptions scanned = options.withMaxSad(Math.max(0, maxSad));
        return new SearchPartitionReader.Factory(new ArrayList<>(signatures), HadoopConf.shared(JavaSparkContext.fromSparkContext(sc)),
                scanned, columns, counters);
    }
}
