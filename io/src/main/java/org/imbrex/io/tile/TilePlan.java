package org.imbrex.io.tile;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Cuts a byte range of a file into tiles: cores of {@code core} bytes that partition the range, each read
 * with a halo of {@code halo} more bytes so the last offsets of a core see their whole window.
 * <pre>
 *  file bytes  0 ..... rangeStart ........................................ rangeEnd ....... fileLength
 *  tile 0              |&lt;------ core ------&gt;|&lt;- halo -&gt;|
 *  tile 1                                   |&lt;------ core ------&gt;|&lt;- halo -&gt;|
 *  tile 2 (last)                                                 |&lt;- core' -&gt;|&lt;- halo -&gt;|
 *                                                                core' = rangeEnd − start
 *  tile k: start = rangeStart + k·core,  data = [start, min(start + coreLength + halo, fileLength))
 *  owner of offset o in the range: k = (o − rangeStart) / core
 * </pre>
 * A match at offset {@code o} belongs to the one tile whose core holds {@code o}; a window of up to {@code
 * halo + 1} bytes starting in the core lies inside the tile's data, or runs past the end of the file. The
 * halo of the last tile reaches into the next range: ranges, like tiles, share bytes but no offsets.
 *
 * <p>Example: {@code TilePlan.of(1000, 2500, 4000, 1024, 3)} has tiles starting at 1000, 2024 and 3048
 * with cores 1024, 1024 and 452; the last reads 455 bytes, offsets 3048..3502.
 */
public final class TilePlan implements Iterable<Tile> {
    private final long rangeStart;
    private final long rangeLength;
    private final long fileLength;
    private final int core;
    private final int halo;

    private TilePlan(long rangeStart, long rangeLength, long fileLength, int core, int halo) {
        this.rangeStart = rangeStart;
        this.rangeLength = rangeLength;
        this.fileLength = fileLength;
        this.core = core;
        this.halo = halo;
    }

    /**
     * The tiles of {@code [rangeStart, rangeStart + rangeLength)} in a file of {@code fileLength} bytes.
     *
     * @param core bytes owned per tile, ≥ 1
     * @param halo bytes read past each core, ≥ 0 (the longest pattern length − 1)
     */
    public static TilePlan of(long rangeStart, long rangeLength, long fileLength, int core, int halo) {
        if (rangeStart < 0 || rangeLength < 0 || rangeStart > fileLength - rangeLength) {
            throw new IllegalArgumentException("range [" + rangeStart + ", +" + rangeLength
                    + ") is not inside a file of " + fileLength + " bytes");
        }
        if (core < 1) {
            throw new IllegalArgumentException("tile core " + core + " must be at least 1 byte");
        }
        if (halo < 0 || (long) core + halo > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("tile halo " + halo + " must be 0.." + (Integer.MAX_VALUE - core));
        }
        return new TilePlan(rangeStart, rangeLength, fileLength, core, halo);
    }

    public long rangeStart() {
        return rangeStart;
    }

    public long rangeEnd() {
        return rangeStart + rangeLength;
    }

    public long fileLength() {
        return fileLength;
    }

    public int core() {
        return core;
    }

    public int halo() {
        return halo;
    }

    /** Number of tiles: {@code ceil(rangeLength / core)}, 0 for an empty range. */
    public long tileCount() {
        return rangeLength / core + (rangeLength % core == 0 ? 0 : 1);
    }

    /** Tile {@code k}, {@code 0 ≤ k < tileCount()}. */
    public Tile tile(long k) {
        if (k < 0 || k >= tileCount()) {
            throw new IndexOutOfBoundsException("tile " + k + " of " + tileCount());
        }
        long start = rangeStart + k * core;
        int coreLength = (int) Math.min(core, rangeEnd() - start);
        int dataLength = (int) Math.min((long) coreLength + halo, fileLength - start);
        return new Tile(k, start, coreLength, dataLength);
    }

    /** The index of the tile whose core holds {@code offset}. */
    public long ownerOf(long offset) {
        if (offset < rangeStart || offset >= rangeEnd()) {
            throw new IllegalArgumentException("offset " + offset + " is outside the range [" + rangeStart + ", "
                    + rangeEnd() + ")");
        }
        return (offset - rangeStart) / core;
    }

    @Override
    public Iterator<Tile> iterator() {
        return new Iterator<>() {
            private long next;

            @Override
            public boolean hasNext() {
                return next < tileCount();
            }

            @Override
            public Tile next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return tile(next++);
            }
        };
    }

    @Override
    public String toString() {
        return "TilePlan[range " + rangeStart + "+" + rangeLength + " of " + fileLength + ", core " + core
                + ", halo " + halo + ", " + tileCount() + " tiles]";
    }
}
