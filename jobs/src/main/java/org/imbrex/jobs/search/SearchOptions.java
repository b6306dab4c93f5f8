package org.imbrex.jobs.search;

import java.io.Serializable;
import java.util.List;
import org.imbrex.io.input.ByteRangeInputFormat;
import org.imbrex.io.scan.Prefilter;
import org.imbrex.jobs.spark.TableFormat;

/**
 * Every option of {@code imbrex search}, validated, with its default. One place for defaults and limits.
 *
 * <p>Example: {@code imbrex search --signatures sigs.txt --input data/ --output matches --best 10} gives
 * {@code best = 10}, {@code maxSad = UNLIMITED}, {@code tileSize = 1 MiB}, {@code splitSize = 64 MiB},
 * {@code openCost = 64 KiB}.
 *
 * @param maxSad     keep offsets scoring at most this ({@link #UNLIMITED} = no bound)
 * @param best       keep the K best offsets per signature, or 0 for "every offset within maxSad"
 * @param openCost   bytes a file's range weighs on top of its length when ranges are packed into splits,
 *                   0..splitSize ({@link #defaultOpenCost(long)} when not given)
 * @param prefilter  whether scans skip the offsets that cannot match before msad4 scores them
 * @param partitions scan partitions, or 0 for one per input split
 */
public record SearchOptions(String signatures, List<String> inputs, String output, TableFormat format,
        boolean overwrite, int maxSad, int best, long tileSize, long splitSize, long openCost, int partitions,
        Kernel kernel, Prefilter prefilter, String master, int show) implements Serializable {

    /** No bound on the score. */
    public static final int UNLIMITED = Integer.MAX_VALUE;
    public static final long DEFAULT_TILE_SIZE = 1L << 20;
    public static final long DEFAULT_SPLIT_SIZE = 64L << 20;
    /** 64 KiB: about what opening a file and starting its scan costs, in bytes scanned. */
    public static final long DEFAULT_OPEN_COST = ByteRangeInputFormat.DEFAULT_OPEN_COST;
    /**
     * The largest tile core: one Dispatch covers at most 65535 groups × 64 threads × 4 offsets. The halo
     * (longest signature − 1 bytes) is read past the core but adds no thread group.
     */
    public static final long MAX_DISPATCH_BYTES = 65_535L * 64 * 4;

    public SearchOptions {
        inputs = List.copyOf(inputs);
        if (maxSad < 0) {
            throw new IllegalArgumentException("--max-sad " + maxSad + " is negative; scores are ≥ 0");
        }
        if (best < 0) {
            throw new IllegalArgumentException("--best " + best + " must be at least 1");
        }
        if (tileSize < 1 || tileSize > MAX_DISPATCH_BYTES) {
            throw new IllegalArgumentException("--tile-size " + tileSize + " is outside 1.." + MAX_DISPATCH_BYTES
                    + " bytes (one Dispatch: 65535 groups of 64 threads, 4 bytes each)");
        }
        if (splitSize < 1) {
            throw new IllegalArgumentException("--split-size " + splitSize + " must be at least 1 byte");
        }
        if (openCost < 0 || openCost > splitSize) {
            throw new IllegalArgumentException("--open-cost " + openCost + " is outside 0.." + splitSize + " bytes "
                    + "(at most --split-size; --open-cost " + splitSize + " gives every file a task of its own)");
        }
        if (partitions < 0) {
            throw new IllegalArgumentException("--partitions " + partitions + " must be at least 1");
        }
        if (show < 0) {
            throw new IllegalArgumentException("--show " + show + " must be 0 or more");
        }
    }

    /** The open cost when none is given: {@link #DEFAULT_OPEN_COST}, or the split size if that is smaller. */
    public static long defaultOpenCost(long splitSize) {
        return Math.min(DEFAULT_OPEN_COST, splitSize);
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
