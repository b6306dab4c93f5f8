package org.imbrex.io.tile;

/**
 * One tile of a byte range: the core it owns and the data it reads (core plus halo, cut at the end of
 * the file).
 * <pre>
 *   file offsets   start                 start + coreLength       start + dataLength
 *                  |&lt;------- core -------&gt;|&lt;------ halo ------&gt;|
 *                  owns offsets [start, start + coreLength)      ≤ file length
 * </pre>
 * Example: {@code new Tile(2, 2048, 1024, 1027)} owns offsets 2048..3071 and reads bytes 2048..3074.
 *
 * @param index      0 for the first tile of the range
 * @param start      file offset of the first byte of the core
 * @param coreLength bytes owned, ≥ 1
 * @param dataLength bytes read, {@code coreLength ≤ dataLength}
 */
public record Tile(long index, long start, int coreLength, int dataLength) {
    public Tile {
        if (index < 0 || start < 0 || coreLength < 1 || dataLength < coreLength) {
            throw new IllegalArgumentException("not a tile: index " + index + ", start " + start + ", core "
                    + coreLength + ", data " + dataLength);
        }
    }

    /** The first offset past the core (the next tile's start). */
    public long coreEnd() {
        return start + coreLength;
    }

    /** The first offset past the data read. */
    public long dataEnd() {
        return start + dataLength;
    }

    /** Bytes read past the core: the plan's halo, or fewer at the end of the file. */
    public int haloLength() {
        return dataLength - coreLength;
    }

    /**
     * How many core offsets, from the first, start a window of {@code windowLength} bytes that ends inside a
     * file of {@code fileLength} bytes: {@code coreLength}, or fewer in the file's last tiles.
     */
    public int offsetsFitting(long fileLength, int windowLength) {
        return (int) Math.max(0, Math.min(coreLength, fileLength - windowLength - start + 1));
    }

    /** True when a match at {@code offset} belongs to this tile. */
    public boolean owns(long offset) {
        return offset >= start && offset < coreEnd();
    }
}
