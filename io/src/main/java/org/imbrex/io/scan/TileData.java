package org.imbrex.io.scan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.Arrays;
import org.apache.hadoop.fs.PositionedReadable;
import org.imbrex.io.tile.Tile;

/**
 * The bytes of the current tile and its words for {@code t1}: little-endian, the last word zero-padded,
 * and, when the plan has literal zero bytes, the complemented words too. Arrays are sized once for the
 * largest tile and reused.
 * <pre>
 *   bytes   b0 b1 b2 b3 | b4 b5 b6 b7 | … | b(n-2) b(n-1) 00 00      n = tile.dataLength()
 *   words   w0          | w1          | … | w(m-1)                   m = ceil(n / 4), w = b0 | b1&lt;&lt;8 | …
 *   ~words  ~w0         | ~w1         | … | ~w(m-1)                  padding bytes become FF: they only
 *                                                                   ever meet masked reference bytes
 * </pre>
 * Consecutive tiles overlap by their halo: those bytes are moved, not read again.
 */
final class TileData {
    /** Zero bytes kept past the last word. */
    static final int PADDING = 8;

    private final byte[] bytes;
    private final IntBuffer littleEndian;
    private final int[] words;
    private final boolean withComplement;
    private final TileBytes view;
    /** Made on first use: an exact filtered scan needs neither, and a task's tiles reuse them. */
    private int[] complement;
    private int[] prefix;
    private boolean prefixValid;
    /** The complement is made on first use per tile: a filtered scan often needs none of it. */
    private boolean complementValid;
    private Tile loaded;
    private int wordCount;

    TileData(int maxDataLength, boolean withComplement) {
        this(maxDataLength, withComplement, TileBytes.AS_READ);
    }

    /** Tiles holding {@code view} of the file's bytes; the bytes kept from the tile before are in it already. */
    TileData(int maxDataLength, boolean withComplement, TileBytes view) {
        int maxWords = (maxDataLength + 3) / 4;
        // 8 zero bytes past the last word: the filter reads a gram and an anchor window of 8 bytes anywhere in it
        this.bytes = new byte[maxWords * 4 + PADDING];
        this.littleEndian = ByteBuffer.wrap(bytes, 0, maxWords * 4).slice().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        this.words = new int[maxWords];
        this.withComplement = withComplement;
        this.view = view;
    }

    /** Forgets the loaded tile, e.g. before another file. */
    void reset() {
        loaded = null;
    }

    /** Reads {@code tile}'s data from {@code in}, keeping what the previous tile already read. */
    void load(PositionedReadable in, Tile tile) throws IOException {
        int kept = 0;
        if (loaded != null && tile.start() >= loaded.start() && tile.start() < loaded.dataEnd()) {
            int from = (int) (tile.start() - loaded.start());
            kept = Math.min(loaded.dataLength() - from, tile.dataLength());
            System.arraycopy(bytes, from, bytes, 0, kept);
        }
        loaded = null;
        in.readFully(tile.start() + kept, bytes, kept, tile.dataLength() - kept);
        view.apply(bytes, kept, tile.dataLength());
        wordCount = (tile.dataLength() + 3) / 4;
        Arrays.fill(bytes, tile.dataLength(), wordCount * 4 + PADDING, (byte) 0);
        littleEndian.get(0, words, 0, wordCount);
        complementValid = false;
        prefixValid = false;
        loaded = tile;
    }

    /**
     * The tile's prefix sums, computed on first use per tile: {@code P[n] = b[0] + … + b[n − 1]} for {@code
     * n ≤ dataLength}, modulo 2^32 (differences of them are exact run sums).
     */
    int[] prefixSums() {
        if (!prefixValid) {
            int length = loaded.dataLength();
            if (prefix == null) {
                prefix = new int[words.length * 4 + 1];
            }
            int sum = 0;
            for (int i = 0; i < length; i++) {
                prefix[i] = sum;
                sum += bytes[i] & 0xFF;
            }
            prefix[length] = sum;
            prefixValid = true;
        }
        return prefix;
    }

    /** Entries of {@link #prefixSums()}: dataLength + 1. */
    int prefixLength() {
        return loaded.dataLength() + 1;
    }

    /** The tile's bytes, {@code dataLength} of them, then zeros up to {@code 4·wordCount + PADDING}. */
    byte[] bytes() {
        return bytes;
    }

    /** Number of valid words: {@code ceil(dataLength / 4)}. */
    int wordCount() {
        return wordCount;
    }

    /** The tile words ({@code PLAIN}) or their complement ({@code COMPLEMENT}); valid up to {@link #wordCount()}. */
    int[] words(ReferencePass.Kind kind) {
        if (kind == ReferencePass.Kind.PLAIN) {
            return words;
        }
        if (!complementValid && withComplement) {
            if (complement == null) {
                complement = new int[words.length];
            }
            for (int i = 0; i < wordCount; i++) {
                complement[i] = ~words[i];
            }
            complementValid = true;
        }
        return complement;
    }
}
