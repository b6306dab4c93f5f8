package org.imbrex.io.scan;

/**
 * What one scan did, for progress counters.
 *
 * <p>Example: scanning a 3 MiB range with 1 MiB tiles and 2 signatures of one pass each gives {@code
 * ScanStats(3145728, 3, 6, matches)}. Scans add up: {@code total = total.plus(stats)}.
 *
 * @param bytes      offsets of the range accounted for (its length; the sum over all ranges of a file is
 *                   the file's length)
 * @param tiles      tiles read
 * @param dispatches Dispatches of the shader
 * @param matches    matches passed to the sink
 */
public record ScanStats(long bytes, long tiles, long dispatches, long matches) {
    /** Nothing scanned. */
    public static final ScanStats NONE = new ScanStats(0, 0, 0, 0);

    public ScanStats plus(ScanStats other) {
        return new ScanStats(bytes + other.bytes, tiles + other.tiles, dispatches + other.dispatches,
                matches + other.matches);
    }
}
