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
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.scan.TileScanner;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * One scan task: runs the msad4 search shader over every tile of the task's byte ranges and turns the
 * accepted offsets into match rows. With {@code --best K} only the task's K best per signature leave it.
 *
 * <p>Arrow memory lives in one allocator per task, closed when the task's ranges are done. Example: {@code
 * ranges.mapPartitions(new ScanPartition(...))}.
 */
final class ScanPartition implements FlatMapFunction<Iterator<ByteRange>, Row> {
    private static final long serialVersionUID = 1L;

    private final Broadcast<SearchPlan> plan;
    private final Broadcast<HadoopConf> hadoop;
    private final SearchOptions options;
    private final LongAccumulator bytesScanned;
    private final LongAccumulator tiles;
    private final LongAccumulator matches;

    ScanPartition(Broadcast<SearchPlan> plan, Broadcast<HadoopConf> hadoop, SearchOptions options,
            LongAccumulator bytesScanned, LongAccumulator tiles, LongAccumulator matches) {
        this.plan = plan;
        this.hadoop = hadoop;
        this.options = options;
        this.bytesScanned = bytesScanned;
        this.tiles = tiles;
        this.matches = matches;
    }

    @Override
    public Iterator<Row> call(Iterator<ByteRange> ranges) {
        SearchPlan searchPlan = plan.value();
        Configuration conf = hadoop.value().toConfiguration();
        List<Row> rows = new ArrayList<>();
        BestMatches best = options.keepsBest()
                ? new BestMatches(searchPlan.signatures().size(), options.best(), options.maxSad()) : null;
        try (BufferAllocator allocator = new RootAllocator();
                TileScanner scanner = new TileScanner(searchPlan, (int) options.tileSize(), allocator,
                        KernelShaders.factory(options.kernel()))) {
            while (ranges.hasNext()) {
                ByteRange range = ranges.next();
                Path path = new Path(range.path());
                FileSystem fs = path.getFileSystem(conf);
                if (best != null) {
                    scanner.scan(fs, range, best::limit, (signature, offset, sad) -> best.offer(
                            new BestMatches.Candidate(signature, range.path(), offset, sad)), this::tileDone);
                } else {
                    scanner.scan(fs, range, signature -> options.maxSad(),
                            (signature, offset, sad) -> rows.add(row(searchPlan, signature, range.path(), offset, sad)),
                            this::tileDone);
                }
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

    private void tileDone(long bytes) {
        bytesScanned.add(bytes);
        tiles.add(1);
    }

    private static Row row(SearchPlan plan, int signature, String path, long offset, int sad) {
        var s = plan.signatures().get(signature);
        return RowFactory.create(s.name(), path, offset, s.length(), sad);
    }
}
