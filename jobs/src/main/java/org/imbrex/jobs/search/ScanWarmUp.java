package org.imbrex.jobs.search;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.input.RangeReader;
import org.imbrex.io.scan.MatchSink;
import org.imbrex.io.scan.ScanShaders;
import org.imbrex.io.scan.ScoreLimit;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.scan.TileBytes;
import org.imbrex.io.scan.TileScanner;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.StartupWarmUp;

/**
 * The search job's {@link StartupWarmUp}: scans the first bytes of the job's own inputs, with its
 * signatures, kernel, limit and view of the bytes ({@link TileBytes}), the first {@link #SMALL_TILES_BYTES}
 * in tiles of at most {@link #TILE_BYTES} and the rest in the job's own, and throws the matches away, so that
 * the JIT compiles the filter and the shaders' lane loops from the kind of bytes the job will scan, tile edges
 * and a full tile's candidate lists included. It scans whole tiles, checks {@code stopped} after each, and
 * reads at most {@link #MOST_BYTES}; only {@code file:} inputs are read (a warm-up does not fetch from HDFS or
 * object stores). A rule search also has each file the warm-up scanned whole evaluated ({@link WholeFile}),
 * so that the rules' string checks are compiled too. Nothing it does reaches a table: the job reads and scans
 * every byte itself.
 * <pre>
 *   inputs     a.bin [0, 64K) [64K, 128K) … [7.25M, 7.3M)   b.bin [0, 64K) …  c.bin [0, 1M) …  (listing order)
 *   warm-up    ↑ tile by tile, until stopped or MOST_BYTES     ↑ from SMALL_TILES_BYTES on, the job's tiles
 * </pre>
 * Example: {@code StartupWarmUp.startFor(options.master(), "scan", new ScanWarmUp(signatures, files,
 * options))}.
 */
final class ScanWarmUp implements StartupWarmUp.Work {
    /** The most input bytes a warm-up scans. */
    static final long MOST_BYTES = 32L << 20;
    /**
     * The tiles it scans, when the job's are larger: the filter's tests at a tile's first and last bytes (a key
     * before the core, an anchor past it) are rare in 1 MiB tiles, and C2 leaves a branch that never ran out of
     * its code; the job's first such hit then throws the compiled loop away and C2 compiles it again (three
     * times in a 400 MiB search, about 0.1 s of a core each). Small tiles take those branches often.
     */
    static final int TILE_BYTES = 64 << 10;
    /**
     * The bytes it scans in small tiles before it takes the job's: in a job's 1 MiB tiles a signature's
     * candidates can outgrow the lists a 64 KiB tile ever needs, and the JIT, which had not seen them grow,
     * throws the compiled filter away in the first tasks (five times in a 3,000-rule search).
     */
    static final long SMALL_TILES_BYTES = 8L << 20;

    /**
     * What a warm-up does with a file it scanned whole, and the matches it found there ({@link FileAtoms#hit}, in
     * the scan's order): a rule search evaluates the file's rules, as its tasks will.
     */
    @FunctionalInterface
    interface WholeFile {
        void scanned(InputFile file, long[] matches) throws IOException;
    }

    private final List<Signature> signatures;
    private final List<InputFile> files;
    private final SearchOptions options;
    private final ScanPartition.Allocators allocators;
    private final long mostBytes;
    private final TileBytes view;
    private final WholeFile wholeFile;
    private final AtomicLong scanned = new AtomicLong();
    private final AtomicLong wholeFiles = new AtomicLong();
    private final AtomicLong filesInJobTiles = new AtomicLong();

    ScanWarmUp(List<Signature> signatures, List<InputFile> files, SearchOptions options) {
        this(signatures, files, options, TileBytes.AS_READ, null);
    }

    /**
     * The same, scanning {@code view} of the bytes, as the job's tasks do, and handing each file scanned whole,
     * with its matches, to {@code wholeFile} (null: nothing).
     */
    ScanWarmUp(List<Signature> signatures, List<InputFile> files, SearchOptions options, TileBytes view,
            WholeFile wholeFile) {
        this(signatures, files, options, RootAllocator::new, MOST_BYTES, view, wholeFile);
    }

    /** The bytes as read, with Arrow memory from {@code allocators} (closed at the end), at most {@code mostBytes}. */
    ScanWarmUp(List<Signature> signatures, List<InputFile> files, SearchOptions options,
            ScanPartition.Allocators allocators, long mostBytes, WholeFile wholeFile) {
        this(signatures, files, options, allocators, mostBytes, TileBytes.AS_READ, wholeFile);
    }

    /** The same, scanning {@code view} of the bytes. */
    ScanWarmUp(List<Signature> signatures, List<InputFile> files, SearchOptions options,
            ScanPartition.Allocators allocators, long mostBytes, TileBytes view, WholeFile wholeFile) {
        this.signatures = List.copyOf(signatures);
        this.files = List.copyOf(files);
        this.options = options;
        this.allocators = allocators;
        this.mostBytes = mostBytes;
        this.view = view;
        this.wholeFile = wholeFile;
    }

    /** Input bytes of the ranges scanned to their end so far. */
    long scannedBytes() {
        return scanned.get();
    }

    /** Files scanned whole and handed on, so far. */
    long wholeFiles() {
        return wholeFiles.get();
    }

    /** The files (or budget-cut parts of files) it scanned to their end in the job's own tiles. */
    long filesInJobTiles() {
        return filesInJobTiles.get();
    }

    /** The warm-up's tile size: {@link #TILE_BYTES}, within the job's and at least 4 × the longest signature. */
    static int tileBytes(long jobTileBytes, int longestSignature) {
        return (int) Math.min(jobTileBytes, Math.max(TILE_BYTES, 4L * longestSignature));
    }

    @Override
    public void run(BooleanSupplier stopped) throws IOException {
        // Compiled here, as a scan task compiles its own.
        SearchPlan plan = SearchPlan.compile(signatures);
        ScoreLimit limit = ScoreLimit.atMost(options.maxSad());
        int smallTile = tileBytes(options.tileSize(), plan.maxLength());
        ScanShaders shaders = KernelShaders.shaders(options.kernel(), options.prefilter());
        try (BufferAllocator allocator = allocators.open();
                TileScanner smallTiles = new TileScanner(plan, smallTile, allocator, shaders, options.prefilter(),
                        view);
                TileScanner jobTiles = smallTile >= options.tileSize() ? null : new TileScanner(plan,
                        (int) options.tileSize(), allocator, shaders, options.prefilter(), view)) {
            FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
            for (InputFile file : files) {
                long left = mostBytes - scanned.get();
                if (left <= 0 || stopped.getAsBoolean()) {
                    return;
                }
                // after SMALL_TILES_BYTES, the job's own tiles: their candidate lists grow past a small tile's
                boolean inJobTiles = jobTiles != null && mostBytes - left >= SMALL_TILES_BYTES;
                TileScanner scanner = inJobTiles ? jobTiles : smallTiles;
                if (RangeReader.localPath(file.path()) == null || file.length() == 0) {
                    continue;
                }
                ByteRange range = new ByteRange(file.path(), 0, Math.min(left, file.length()), file.length());
                boolean whole = wholeFile != null && range.length() == file.length()
                        && file.length() <= RuleSearchJob.MAX_FILE_BYTES;
                MatchList matches = new MatchList();
                try (TileScanner.TileScan scan = scanner.open(fs, range, limit, whole ? matches
                        : (signature, offset, sad) -> { })) {
                    boolean more = true;
                    while (more && !stopped.getAsBoolean()) {
                        more = scan.next(); // the tile's matches go nowhere, or to wholeFile below
                    }
                    if (!more) {
                        scanned.addAndGet(range.length());
                        if (inJobTiles) {
                            filesInJobTiles.incrementAndGet();
                        }
                    }
                    if (!more && whole && !stopped.getAsBoolean()) {
                        wholeFile.scanned(file, matches.toArray());
                        wholeFiles.incrementAndGet();
                    }
                }
            }
        }
    }

    /** The matches of one file, as {@link FileAtoms#hit} gives them. */
    private static final class MatchList implements MatchSink {
        private long[] matches = new long[64];
        private int count;

        @Override
        public void accept(int signature, long offset, int sad) {
            if (count == matches.length) {
                matches = Arrays.copyOf(matches, 2 * count);
            }
            matches[count++] = FileAtoms.hit(signature, offset);
        }

        long[] toArray() {
            return Arrays.copyOf(matches, count);
        }
    }
}
