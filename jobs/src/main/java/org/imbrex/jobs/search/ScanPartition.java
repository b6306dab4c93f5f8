package org.imbrex.jobs.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.scan.ScanStats;
import org.imbrex.io.scan.ScoreLimit;
import org.imbrex.io.scan.TileScanner;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * One scan task: runs the msad4 search shader over every tile of the task's byte ranges and turns the
 * accepted offsets into match rows. With {@code --best K} only the task's K best per signature leave it.
 *
 * <p>Arrow memory lives in one allocator per task, closed when the task's ranges are done. The signatures
 * travel in the task (they are small) and are compiled into a {@link SearchPlan} there. Example: {@code
 * ranges.mapPartitions(new ScanPartition(...))}.
 */
final class ScanPartition implements FlatMapFunction<Iterator<ByteRange>, Row> {
    private static final long serialVersionUID = 1L;

    private final ArrayList<Signature> signatures;
    private final HadoopConf hadoop;
    private final SearchOptions options;
    private final LongAccumulator bytesScanned;
    private final LongAccumulator tiles;
    private final LongAccumulator matches;

    ScanPartition(List<Signature> signatures, HadoopConf hadoop, SearchOptions options,
            LongAccumulator bytesScanned, LongAccumulator tiles, LongAccumulator matches) {
        this.signatures = new ArrayList<>(signatures);
        this.hadoop = hadoop;
        this.options = options;
        this.bytesScanned = bytesScanned;
        this.tiles = tiles;
        this.matches = matches;
    }

    @Override
    public Iterator<Row> call(Iterator<ByteRange> ranges) {
        SearchPlan searchPlan = SearchPlan.compile(signatures);
        Configuration conf = hadoop.toConfiguration();
        List<Row> rows = new ArrayList<>();
        BestMatches best = options.keepsBest()
                ? new BestMatches(searchPlan.signatureCount(), options.best(), options.maxSad()) : null;
        try (BufferAllocator allocator = new RootAllocator();
                TileScanner scanner = new TileScanner(searchPlan, (int) options.tileSize(), allocator,
                        KernelShaders.factory(options.kernel()))) {
            while (ranges.hasNext()) {
                ByteRange range = ranges.next();
                Path path = new Path(range.path());
                FileSystem fs = path.getFileSystem(conf);
                ScanStats stats;
                if (best != null) {
                    stats = scanner.scan(fs, range, best::limit, (signature, offset, sad) -> best.offer(
                            new BestMatches.Candidate(signature, range.path(), offset, sad)));
                } else {
                    stats = scanner.scan(fs, range, ScoreLimit.atMost(options.maxSad()),
                            (signature, offset, sad) -> rows.add(row(searchPlan, signature, range.path(), offset,
                                    sad)));
                }
                bytesScanned.add(stats.bytes());
                tiles.add(stats.tiles());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (best != null) {
            for (BestMatches.Candidate c : best.kept()) {
                rows.add(row(searchPlan, c.signature(), c.path(), c.offset(), c.sad()));
            }
        }
        matches.add(rows.size());
        return rows.iterator();
    }

    private static Row row(SearchPlan plan, int signature, String path, long offset, int sad) {
        Signature s = plan.signature(signature);
        return RowFactory.create(s.name(), path, offset, s.length(), sad);
    }
}
