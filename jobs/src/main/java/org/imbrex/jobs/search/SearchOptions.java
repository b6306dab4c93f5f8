package org.imbrex.jobs.search;

import java.io.Serializable;
import java.util.List;
import org.imbrex.io.scan.Prefilter;
import org.imbrex.jobs.cli.ByteSize;
import org.imbrex.jobs.cli.SizeOrAuto;
import org.imbrex.jobs.spark.TableFormat;

/**
 * Every option of {@code imbrex search}, validated, with its default. One place for defaults and limits.
 *
 * <p>Example: {@code imbrex search --signatures sigs.txt --input data/ --output matches --best 10} gives
 * {@code signatures = [sigs.txt]},
 * {@code best = 10}, {@code maxSad = UNLIMITED}, {@code tileSize = 1 MiB}, {@code splitSize = AUTO_SPLIT_SIZE}
 * (the job's {@link #splitSizeFor}: 128 MiB for 400 MiB of inputs on 2 cores), {@code openCost = 64 KiB}.
 *
 * @param splitSize  bytes per scan task, or {@link #AUTO_SPLIT_SIZE} for {@link #splitSizeFor} to choose
 * @param maxSad     keep offsets scoring at most this ({@link #UNLIMITED} = no bound)
 * @param best       keep the K best offsets per signature, or 0 for "every offset within maxSad"
 * @param openCost   bytes a file's range weighs on top of its length when ranges are packed into splits,
 *                   0..splitSize ({@link #defaultOpenCost(long)} when not given)
 * @param prefilter  whether scans skip the offsets that cannot match before msad4 scores them
 * @param partitions scan partitions, or 0 for one per input split
 */
public record SearchOptions(List<String> signatures, List<String> inputs, String output, TableFormat format,
        boolean overwrite, int maxSad, int best, long tileSize, long splitSize, long openCost, int partitions,
        Kernel kernel, Prefilter prefilter, String master, int show) implements Serializable {

    /**
     * Each option's default as the command line spells it, the one place they live: {@link SearchCommand}'s
     * annotations and help read these, the {@code DEFAULT_*} numbers are parsed from them, and a test holds
     * {@code conf/imbrex-defaults.conf}'s commented keys to them. {@code --max-sad} has none of its own: 0,
     * or no bound with {@code --best}.
     */
    public static final class Defaults {
        public static final String FORMAT = "parquet";
        public static final String BEST = "0";
        public static final String TILE_SIZE = "1m";
        public static final String SPLIT_SIZE = "auto";
        /** About what opening a file and starting its scan costs, in bytes scanned; at most the split size. */
        public static final String OPEN_COST = "64k";
        public static final String PARTITIONS = "0";
        public static final String KERNEL = "java";
        public static final String PREFILTER = "anchors";
        public static final String SHOW = "20";

        private Defaults() {
        }
    }

    /** No bound on the score. */
    public static final int UNLIMITED = Integer.MAX_VALUE;
    public static final long DEFAULT_TILE_SIZE = ByteSize.parse(Defaults.TILE_SIZE);
    /** {@code --split-size auto}: the job sizes its splits by {@link #splitSizeFor}. */
    public static final long AUTO_SPLIT_SIZE = SizeOrAuto.AUTO;
    /** The least and the most split size {@code auto} chooses: Spark's own file sources' 4 MiB and 128 MiB. */
    public static final long LEAST_AUTO_SPLIT = 4L << 20;
    public static final long MOST_AUTO_SPLIT = 128L << 20;
    public static final long DEFAULT_OPEN_COST = ByteSize.parse(Defaults.OPEN_COST);
    /**
     * The largest tile core: one Dispatch covers at most 65535 groups × 64 threads × 4 offsets. The halo
     * (longest signature − 1 bytes) is read past the core but adds no thread group.
     */
    public static final long MAX_DISPATCH_BYTES = 65_535L * 64 * 4;

    public SearchOptions {
        signatures = List.copyOf(signatures);
        inputs = List.copyOf(inputs);
        if (signatures.isEmpty()) {
            throw new IllegalArgumentException("--signatures needs at least one file");
        }
        if (maxSad < 0) {
            throw new IllegalArgumentException("--max-sad " + maxSad + " is negative; scores are ≥ 0");
        }
        if (best < 0) {
            throw new IllegalArgumentException("--best " + best + " is negative; give K ≥ 1 for the K best offsets "
                    + "per signature, or 0 (the default) for every offset within --max-sad");
        }
        if (tileSize < 1 || tileSize > MAX_DISPATCH_BYTES) {
            throw new IllegalArgumentException("--tile-size " + tileSize + " is outside 1.." + MAX_DISPATCH_BYTES
                    + " bytes (one Dispatch: 65535 groups of 64 threads, 4 bytes each)");
        }
        if (splitSize < 1 && splitSize != AUTO_SPLIT_SIZE) {
            throw new IllegalArgumentException("--split-size " + splitSize + " must be at least 1 byte, or auto");
        }
        long mostOpenCost = splitSize == AUTO_SPLIT_SIZE ? MOST_AUTO_SPLIT : splitSize;
        if (openCost < 0 || openCost > mostOpenCost) {
            throw new IllegalArgumentException("--open-cost " + openCost + " is outside 0.." + mostOpenCost + " bytes "
                    + "(at most --split-size" + (splitSize == AUTO_SPLIT_SIZE ? " auto's largest" : "")
                    + "; --open-cost " + mostOpenCost + " gives every file a task of its own)");
        }
        if (partitions < 0) {
            throw new IllegalArgumentException("--partitions " + partitions + " is negative; give N ≥ 1 scan tasks, "
                    + "or 0 (the default) for one task per split");
        }
        if (show < 0) {
            throw new IllegalArgumentException("--show " + show + " must be 0 or more");
        }
    }

    /** The open cost when none is given: {@link #DEFAULT_OPEN_COST}, or the split size if that is smaller. */
    public static long defaultOpenCost(long splitSize) {
        return splitSize == AUTO_SPLIT_SIZE ? DEFAULT_OPEN_COST : Math.min(DEFAULT_OPEN_COST, splitSize);
    }

    /**
     * The split size of a scan of {@code inputBytes} on {@code cores} cores: {@code --split-size} if given;
     * for {@code auto}, the input's share of a core (each file weighing its length plus the open cost, as
     * Spark's file sources weigh them) rounded up to a power of two (which divides HDFS blocks),
     * from {@link #LEAST_AUTO_SPLIT} to {@link #MOST_AUTO_SPLIT}, and at least the open cost. Each task also
     * costs its start (a few tens of milliseconds of a core), so a split no larger than a core's share and no
     * smaller than it must be keeps every core busy with the fewest tasks.
     * <pre>
     *   400 MiB on 2 cores: 200 MiB each → 256 MiB → at most 128 MiB    4 tasks
     *    86 MiB on 2 cores:  43 MiB each → 64 MiB                       2 tasks
     *     1 TiB on 64 cores: 16 GiB each → at most 128 MiB              8,192 tasks
     * </pre>
     */
    public long splitSizeFor(long inputBytes, int cores) {
        if (splitSize != AUTO_SPLIT_SIZE) {
            return splitSize;
        }
        int over = Math.max(1, cores);
        long share = inputBytes / over + (inputBytes % over == 0 ? 0 : 1);
        long power = share >= MOST_AUTO_SPLIT ? MOST_AUTO_SPLIT : Long.highestOneBit(share - 1) << 1; // ≥ share
        return Math.max(openCost, Math.max(LEAST_AUTO_SPLIT, power));
    }

    /** These options with another score bound. */
    public SearchOptions withMaxSad(int value) {
        return new SearchOptions(signatures, inputs, output, format, overwrite, value, best, tileSize, splitSize,
                openCost, partitions, kernel, prefilter, master, show);
    }

    /** True when the job keeps the K best offsets per signature. */
    public boolean keepsBest() {
        return best > 0;
    }

    /** Checks the tile size against the longest signature, once the signatures are known. */
    public void checkTileSize(int longestSignature) {
        if (tileSize < longestSignature) {
            throw new IllegalArgumentException("--tile-size " + tileSize + " is smaller than the longest signature ("
                    + longestSignature + " bytes); use at least " + longestSignature);
        }
    }
}
