package org.imbrex.io.scan;

import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.RangeReader;
import org.imbrex.io.tile.Tile;
import org.imbrex.io.tile.TilePlan;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.shaders.Msad4Search;

/**
 * Scans byte ranges of files for the signatures of a {@link SearchPlan}, tile by tile, with the msad4
 * shaders, and reports every owned offset whose exact SAD is within the limit.
 * <pre>
 *   range       |&lt;------------------------------ ByteRange ------------------------------&gt;|
 *   tiles       |&lt;--- core ---&gt;|&lt;--- core ---&gt;|&lt;--- core ---&gt;| …         each read with a halo of
 *               one positioned read per tile (the halo is kept, not re-read)    maxLength − 1 bytes
 *   per tile    prefilter ({@link AnchoredScan}): one gram-filter and/or one quad-filter Dispatch for all
 *                 signatures; each signature
 *                 it covers is scored on its candidate words only (sum-bound, msad4-gather Dispatches)
 *               every other signature s: for each pass of s: msad4-search Dispatch, add u0 into sums[t]
 *                 (after the first pass, only on thread groups where some sums[t] ≤ limit: SurvivingGroups)
 *               report t when tile.start + t + length(s) ≤ fileLength and its SAD ≤ limit.maxSad(s)
 * </pre>
 * A match at offset {@code o} is reported by the one tile (of the one range) whose core holds {@code o},
 * so results do not depend on tile size or on how a file is cut into ranges.
 *
 * <pre>{@code
 * try (BufferAllocator allocator = new RootAllocator();
 *      TileScanner scanner = new TileScanner(plan, 1 << 20, allocator)) {
 *     ScanStats stats = scanner.scan(fs, range, ScoreLimit.atMost(0),
 *             (signature, offset, sad) -> System.out.println(signature + " @ " + offset));
 * }
 * }</pre>
 * One scanner per task thread: it owns the shader instances, the UAVs (Arrow memory from the caller's
 * allocator, freed by {@link #close()}) and the tile arrays, all reused from tile to tile. With the
 * prefilter, the whole-tile passes (a score per tile offset, the msad4-search UAV) are made only when a
 * signature the prefilter does not cover is first scanned.
 */
public final class TileScanner implements AutoCloseable {
    /** Largest tile core: 65535 groups × 64 threads × 4 bytes, the cs_5_0 Dispatch limit. */
    public static final int MAX_CORE = 65535 * 64 * 4;

    private final SearchPlan plan;
    private final int core;
    private final BufferAllocator allocator;
    private final ScanShaders shaders;
    private final TileData data;
    /** The whole-tile passes, their scores and surviving groups: null until {@link #openFullPasses()}. */
    private Msad4Passes passes;
    private int[] sums;
    private SurvivingGroups survivors;
    /** The prefilter's state, or null without one. */
    private final AnchoredScan anchors;

    /** A scanner running the Java shaders, with the anchor prefilter. */
    public TileScanner(SearchPlan plan, int core, BufferAllocator allocator) {
        this(plan, core, allocator, ScanShaders.java(Prefilter.ANCHORS), Prefilter.ANCHORS);
    }

    /**
     * A scanner running the search shader {@code shaders} makes (once), which must bind as {@code
     * Msad4Search.hlsl} does: t0 reference, t1 tile words, u0 sums, cb0 REF_SIZE; the filter shaders are the
     * Java ones.
     */
    public TileScanner(SearchPlan plan, int core, BufferAllocator allocator,
            Supplier<? extends ComputeShader> shaders) {
        this(plan, core, allocator, ScanShaders.withSearch(shaders), Prefilter.ANCHORS);
    }

    /**
     * A scanner running {@code shaders}, each made once, with or without the prefilter.
     *
     * @param core tile core in bytes, from the plan's longest signature up to {@link #MAX_CORE}
     */
    public TileScanner(SearchPlan plan, int core, BufferAllocator allocator, ScanShaders shaders,
            Prefilter prefilter) {
        this(plan, core, allocator, shaders, prefilter, TileBytes.AS_READ);
    }

    /**
     * A scanner whose tiles hold {@code view} of the files' bytes ({@link TileBytes#ASCII_LOWER}: lowercase
     * signatures then match case-blind); offsets are the files' own either way.
     */
    public TileScanner(SearchPlan plan, int core, BufferAllocator allocator, ScanShaders shaders,
            Prefilter prefilter, TileBytes view) {
        checkCore(plan, core);
        this.plan = plan;
        this.core = core;
        this.allocator = allocator;
        this.shaders = shaders;
        this.data = new TileData(core + plan.halo(), plan.needsComplement(), view);
        if (prefilter == Prefilter.ANCHORS) {
            this.anchors = new AnchoredScan(plan, (core + plan.halo() + 3) / 4, allocator, shaders);
        } else {
            this.anchors = null;
            openFullPasses();
        }
    }

    /** Makes the whole-tile passes, unless made already. */
    private void openFullPasses() {
        if (passes == null) {
            // The heap arrays first: the passes' Arrow memory is only taken once nothing else can fail.
            int maxElements = (core + 3) / 4;
            sums = new int[core];
            survivors = new SurvivingGroups((maxElements + Msad4Search.LANES - 1) / Msad4Search.LANES);
            passes = new Msad4Passes(plan.passes(), maxElements, allocator, shaders.search().get());
        }
    }

    private static void checkCore(SearchPlan plan, int core) {
        if (core > MAX_CORE) {
            throw new IllegalArgumentException("tile size " + core + " is too large; at most " + MAX_CORE
                    + " bytes (65535 groups × 64 threads × 4 bytes)");
        }
        if (core < plan.maxLength()) {
            String longest = plan.signatures().stream().filter(s -> s.length() == plan.maxLength())
                    .findFirst().orElseThrow().name();
            throw new IllegalArgumentException("tile size " + core + " is smaller than signature '" + longest
                    + "' (" + plan.maxLength() + " bytes); use a tile of at least " + plan.maxLength() + " bytes");
        }
    }

    public SearchPlan plan() {
        return plan;
    }

    /** Tile core size in bytes. */
    public int core() {
        return core;
    }

    /**
     * Scans the offsets of {@code range}, reading the file through {@code fs} with positioned reads.
     *
     * @throws IOException naming the file and the tile when a read fails
     */
    public ScanStats scan(FileSystem fs, ByteRange range, ScoreLimit limit, MatchSink sink) throws IOException {
        try (TileScan scan = open(fs, range, limit, sink)) {
            while (scan.next()) {
                // each call scans one tile and hands its matches to the sink
            }
            return scan.stats();
        }
    }

    /**
     * Opens {@code range} for a scan driven tile by tile: each {@link TileScan#next()} scans one tile and
     * hands its matches to {@code sink}, so a caller can stream the matches out between tiles instead of
     * holding those of the whole range. The scanner serves one open scan at a time.
     *
     * @throws IOException naming the file when it cannot be opened
     */
    public TileScan open(FileSystem fs, ByteRange range, ScoreLimit limit, MatchSink sink) throws IOException {
        return new TileScan(fs, range, limit, sink);
    }

    /**
     * One range being scanned, a tile per {@link #next()}; close it to release the file.
     * <pre>{@code
     * try (TileScanner.TileScan scan = scanner.open(fs, range, ScoreLimit.atMost(0), sink)) {
     *     while (scan.next()) { drainTheSink(); }
     * }
     * }</pre>
     */
    public final class TileScan implements AutoCloseable {
        private final ByteRange range;
        private final ScoreLimit limit;
        private final MatchSink sink;
        private final Iterator<Tile> tiles;
        private final RangeReader in;
        private final Counts counts = new Counts();

        private TileScan(FileSystem fs, ByteRange range, ScoreLimit limit, MatchSink sink) throws IOException {
            this.range = range;
            this.limit = limit;
            this.sink = sink;
            // No signature fits at an offset past fileLength − minLength: stop the tiles there.
            long end = Math.min(range.end(), range.fileLength() - plan.minLength() + 1);
            if (end <= range.start()) {
                this.tiles = Collections.emptyIterator();
                this.in = null;
                return;
            }
            this.tiles = TilePlan.of(range.start(), end - range.start(), range.fileLength(), core, plan.halo())
                    .iterator();
            data.reset();
            this.in = RangeReader.open(fs, range);
        }

        /** Scans the next tile; false when every tile of the range is done. */
        public boolean next() throws IOException {
            if (!tiles.hasNext()) {
                return false;
            }
            Tile tile = tiles.next();
            read(in, tile, range);
            if (anchors != null) {
                counts.dispatches += anchors.filter(data, tile, range.fileLength(), limit);
            }
            for (int s = 0; s < plan.signatureCount(); s++) {
                if (anchors != null && anchors.covers(s)) {
                    counts.dispatches += anchors.score(s, data, tile, limit, sink, counts.matchCounter);
                } else {
                    scanSignature(s, tile, range.fileLength(), limit, sink, counts);
                }
            }
            counts.tiles++;
            return true;
        }

        /** What the scan did so far; {@code bytes} is the whole range's length. */
        public ScanStats stats() {
            return new ScanStats(range.length(), counts.tiles, counts.dispatches,
                    counts.matches + counts.matchCounter[0]);
        }

        @Override
        public void close() throws IOException {
            if (in != null) {
                in.close();
            }
        }
    }

    private void read(RangeReader in, Tile tile, ByteRange range) throws IOException {
        try {
            data.load(in, tile);
        } catch (IOException problem) {
            throw new IOException("cannot read " + range.path() + " bytes [" + tile.start() + ", " + tile.dataEnd()
                    + ") of " + range.fileLength() + ": " + problem.getMessage(), problem);
        }
    }

    private void scanSignature(int s, Tile tile, long fileLength, ScoreLimit limit, MatchSink sink, Counts counts) {
        int offsets = tile.offsetsFitting(fileLength, plan.signature(s).length());
        int maxSad = limit.maxSad(s);
        if (offsets == 0 || maxSad < 0) {
            return;
        }
        openFullPasses();
        runPasses(s, offsets, maxSad, counts);
        for (int t = 0; t < offsets; t++) {
            if (sums[t] <= maxSad) {
                sink.accept(s, tile.start() + t, sums[t]);
                counts.matches++;
                // Offsets above the earlier limit hold partial scores: a rising limit waits for the next tile.
                maxSad = Math.min(maxSad, limit.maxSad(s));
            }
        }
    }

    /**
     * Leaves the score of every tile offset below {@code offsets} in {@code sums}, or, for offsets that
     * cannot match any more, a partial score already above {@code maxSad}: after the first pass, later
     * passes run only on the thread groups that can still match.
     */
    private void runPasses(int s, int offsets, int maxSad, Counts counts) {
        int elements = (offsets + 3) / 4;
        int groups = (elements + Msad4Search.LANES - 1) / Msad4Search.LANES;
        int first = plan.firstPass(s);
        if (first == plan.endPass(s)) {
            Arrays.fill(sums, 0, offsets, 0);
        }
        for (int p = first; p < plan.endPass(s); p++) {
            ReferencePass pass = plan.passes().get(p);
            int surviving = p == first ? groups : survivors.find(sums, offsets, maxSad);
            if (surviving == 0) {
                return;
            }
            if (2 * surviving <= groups && p != first) {
                passes.runSurvivors(p, pass, data, survivors);
                passes.collectSurvivors(sums, offsets, survivors);
            } else {
                passes.run(p, pass, data, elements);
                passes.collect(sums, offsets, p == first);
            }
            counts.dispatches++;
        }
    }

    /** The key classes the prefilter's table uses (see {@link AnchorTable}), 0 without one or before a tile. */
    int keyedClasses() {
        return anchors == null ? 0 : anchors.keyedClasses();
    }

    /** Anchors of the current table keyed by four bytes ({@link QuadKeys}), 0 before the first tile. */
    int quadKeyed() {
        return anchors == null ? 0 : anchors.quadKeyed();
    }

    @Override
    public void close() {
        try {
            if (passes != null) {
                passes.close();
            }
        } finally {
            if (anchors != null) {
                anchors.close();
            }
        }
    }

    /** Running totals of one scan. */
    private static final class Counts {
        long tiles;
        long dispatches;
        long matches;
        /** Matches of anchored signatures. */
        final long[] matchCounter = new long[1];
    }
}
