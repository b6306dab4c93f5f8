package org.imbrex.jobs.search;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.RangeReader;
import org.imbrex.io.scan.ScanStats;
import org.imbrex.io.scan.ScoreLimit;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.scan.TileBytes;
import org.imbrex.io.scan.TileScanner;

/**
 * The matches of one scan task, scanned as they are asked for: a tile is scanned only when the rows of
 * the one before have all been taken, so a task holds at most one tile's matches however many its ranges
 * have. With {@code --best K} the rows are the K best per signature, given once every range is scanned.
 * <pre>
 *   ranges    a.bin [0, 3M)                                  b.bin [0, 4K)
 *   tiles     | tile 0 | tile 1 | tile 2 |                   | tile 0 |
 *   hasNext   scan tile 0 → rows of tile 0 … taken → scan tile 1 → …   end of a range: count its bytes
 *   end       every range done: (--best: the kept rows), then free the TileScanner and its allocator
 * </pre>
 * Resources are taken when the first range comes, in the order allocator → TileScanner → TileScan, and
 * freed in the reverse order: as soon as the last range is scanned (the rows still to be taken are plain
 * heap objects), when a scan fails, or by {@link #close()} when the caller stops early (a Spark task
 * calls it from its completion listener). Closing twice is harmless.
 *
 * <p>Example: {@code try (ScanRows rows = partition.rows(ranges)) { rows.forEachRemaining(out::add); }}
 */
final class ScanRows implements Iterator<Match>, AutoCloseable {
    private final Iterator<ByteRange> ranges;
    private final SearchPlan plan;
    private final InputFileSystems inputs;
    private final SearchOptions options;
    private final ScanPartition.Counters counters;
    private final ScanPartition.Allocators allocators;
    private final BestMatches best;
    private final TileBytes view;
    private final ArrayDeque<Match> pending = new ArrayDeque<>();

    private BufferAllocator allocator;
    private TileScanner scanner;
    private TileScanner.TileScan scan;
    private ByteRange range;
    private boolean done;
    private boolean closed;

    ScanRows(Iterator<ByteRange> ranges, SearchPlan plan, Configuration conf, SearchOptions options,
            ScanPartition.Counters counters, ScanPartition.Allocators allocators, TileBytes view) {
        this.ranges = ranges;
        this.view = view;
        this.plan = plan;
        this.inputs = new InputFileSystems(conf);
        this.options = options;
        this.counters = counters;
        this.allocators = allocators;
        this.best = options.keepsBest()
                ? new BestMatches(plan.signatureCount(), options.best(), options.maxSad(), pending::add) : null;
    }

    @Override
    public boolean hasNext() {
        try {
            while (pending.isEmpty() && !done && !closed) {
                step();
            }
        } catch (IOException failure) {
            throw new UncheckedIOException(closeAfter(failure));
        } catch (RuntimeException failure) {
            throw closeAfter(failure);
        } catch (Error failure) {
            throw closeAfter(failure);
        }
        return !pending.isEmpty();
    }

    @Override
    public Match next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more match rows");
        }
        return pending.poll();
    }

    /** Scans one tile, or ends a range, or starts the next one, or ends the task's scan. */
    private void step() throws IOException {
        if (scan != null) {
            if (nextTile()) {
                counters.matches().add(pending.size());
            } else {
                endRange();
            }
        } else if (ranges.hasNext()) {
            beginRange(ranges.next());
        } else {
            finish();
        }
    }

    private void beginRange(ByteRange next) throws IOException {
        if (scanner == null) {
            // In this order, so that close() frees whatever was taken if the scanner cannot be made.
            allocator = allocators.open();
            scanner = new TileScanner(plan, (int) options.tileSize(), allocator,
                    KernelShaders.shaders(options.kernel(), options.prefilter()), options.prefilter(), view);
        }
        range = next;
        FileSystem fs = inputs.of(next.path());
        scan = best != null
                ? scanner.open(fs, next, best::limit,
                        (signature, offset, sad) -> best.offer(new Match(signature, next.path(), offset, sad)))
                : scanner.open(fs, next, ScoreLimit.atMost(options.maxSad()),
                        (signature, offset, sad) -> pending.add(new Match(signature, next.path(), offset, sad)));
    }

    private boolean nextTile() throws IOException {
        try {
            return scan.next();
        } catch (IOException failure) {
            if (!causedByEndOfFile(failure)) {
                throw failure;
            }
            throw shrunk(range.path(), range.fileLength(), failure);
        }
    }

    /** The error of the file at {@code path}, which ended before the {@code listed} bytes it had: {@code failure}. */
    static IOException shrunk(String path, long listed, IOException failure) {
        IOException shrunk = new IOException(path + " is shorter than the " + listed
                + " bytes it had when the inputs were listed: did it change during the search?");
        shrunk.addSuppressed(failure);
        return shrunk;
    }

    private static boolean causedByEndOfFile(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof EOFException) {
                return true;
            }
        }
        return false;
    }

    private void endRange() throws IOException {
        TileScanner.TileScan ended = scan;
        scan = null;
        ScanStats stats = ended.stats();
        counters.bytesScanned().add(stats.bytes());
        counters.tiles().add(stats.tiles());
        ended.close();
    }

    private void finish() {
        done = true;
        if (best != null) {
            pending.addAll(best.kept());
            counters.matches().add(pending.size());
        }
        release();
    }

    /** What the range being scanned did so far; {@link ScanStats#NONE} between ranges. */
    ScanStats progress() {
        return scan == null ? ScanStats.NONE : scan.stats();
    }

    /** Rows scanned and not yet taken. */
    int pendingRows() {
        return pending.size();
    }

    /**
     * Stops the scan: frees the open scan, the scanner and the allocator, in that order, and drops the rows
     * not yet taken.
     *
     * @throws IllegalStateException from Arrow when memory is still outstanding
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        pending.clear();
        release();
    }

    /** Frees what was taken, last taken first; a failure to free one does not keep the others. */
    private void release() {
        AutoCloseable[] taken = {scan, scanner, allocator};
        scan = null;
        scanner = null;
        allocator = null;
        RuntimeException failure = null;
        for (AutoCloseable resource : taken) {
            if (resource == null) {
                continue;
            }
            try {
                resource.close();
            } catch (Exception problem) {
                RuntimeException unchecked = problem instanceof RuntimeException runtime ? runtime
                        : problem instanceof IOException io ? new UncheckedIOException(io)
                        : new IllegalStateException(problem);
                if (failure == null) {
                    failure = unchecked;
                } else {
                    failure.addSuppressed(unchecked);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Closes after a failure of the scan; what closing throws is kept with the failure, not instead of it. */
    private <T extends Throwable> T closeAfter(T failure) {
        try {
            close();
        } catch (RuntimeException alsoFailed) {
            failure.addSuppressed(alsoFailed);
        }
        return failure;
    }
}
