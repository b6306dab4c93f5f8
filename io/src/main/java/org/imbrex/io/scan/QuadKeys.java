package org.imbrex.io.scan;

import java.util.Arrays;
import java.util.List;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.QuadFilter;

/**
 * The anchors an {@link AnchorTable} keys by four literal bytes instead of a gram: the key bits the {@link
 * QuadFilter} shader reads, and per quad the anchors a hit on it may start. Thousands of anchors key so many
 * grams that one tile byte in ten hits one; their quads are hit where the data holds them, and otherwise by
 * one offset in several hundred (the table's 2^21 bits hold a few thousand keys).
 * <pre>
 *   anchor "cmd.exe" (window 63 6D 64 2E 65 78 65, key 6D 64 at 1)     quad at 1: 6D 64 2E 65
 *   tile   .. 63 6D 64 2E 65 78 65 ..   hit at t = the quad's byte  →  anchor at o = t − 1, window checked
 *   lookup quad → slot (quad · 0x9E3779B1) &gt;&gt;&gt; (32 − slotBits), probed → distinct quad d
 *          entries start[d] .. start[d + 1]: anchor, quadAt
 * </pre>
 * Example: {@code QuadKeys.at(anchor)} is 1 for the anchor above; {@code of(List.of(anchor), 0)} sets the
 * bit {@code QuadFilter.bit(0x652E646D)}.
 */
final class QuadKeys {
    /** The filter's buf_keys: bit {@code QuadFilter.bit(q)} set for each key quad q. */
    final int[] keys = new int[QuadFilter.KEY_WORDS];
    /** {@link #keys} as the filter's t1, read once for every tile. */
    final TypedBuffer keyView;
    /** Per entry: the anchor's index in the table, and the signature position of its quad. */
    final int[] entryAnchor;
    final int[] entryAt;
    private final int[] distinct;
    private final int[] start;
    private final int[] slots;
    private final int slotShift;

    private QuadKeys(List<Anchor> anchors, int firstIndex) {
        int n = anchors.size();
        long[] order = new long[n];
        int[] positions = new int[n];
        for (int i = 0; i < n; i++) {
            positions[i] = at(anchors.get(i));
            int quad = quad(anchors.get(i), positions[i]);
            keys[QuadFilter.bit(quad) >>> 5] |= 1 << QuadFilter.bit(quad);
            order[i] = (quad & 0xFFFF_FFFFL) << 31 | i;
        }
        Arrays.sort(order);
        entryAnchor = new int[n];
        entryAt = new int[n];
        int[] quads = new int[n];
        int[] starts = new int[n + 1];
        int count = 0;
        for (int e = 0; e < n; e++) {
            int i = (int) (order[e] & Integer.MAX_VALUE);
            int quad = (int) (order[e] >>> 31);
            entryAnchor[e] = firstIndex + i;
            entryAt[e] = positions[i];
            if (count == 0 || quads[count - 1] != quad) {
                quads[count] = quad;
                starts[count++] = e;
            }
        }
        starts[count] = n;
        distinct = Arrays.copyOf(quads, count);
        start = Arrays.copyOf(starts, count + 1);
        int slotBits = Math.max(4, 33 - Integer.numberOfLeadingZeros(Math.max(1, count)));
        slotShift = 32 - slotBits;
        slots = new int[1 << slotBits];
        Arrays.fill(slots, -1);
        for (int d = 0; d < count; d++) {
            int slot = slot(distinct[d]);
            while (slots[slot] >= 0) {
                slot = (slot + 1) & (slots.length - 1);
            }
            slots[slot] = d;
        }
        keyView = TypedBuffer.immutableWords(DxgiFormat.R32_UINT, keys);
    }

    /** The quads of {@code anchors} (each with {@link #at} ≥ 0), the first being anchor {@code firstIndex} of its table. */
    static QuadKeys of(List<Anchor> anchors, int firstIndex) {
        return new QuadKeys(anchors, firstIndex);
    }

    /**
     * Where an exact anchor's quad starts (a signature position): four literal bytes of its window, those
     * holding its key gram first (the key is its rarest pair), else the first four in a row; −1 when the
     * anchor has a tolerance or no four literal bytes in a row.
     */
    static int at(Anchor anchor) {
        if (anchor.tolerance() != 0 || anchor.singleByte()) {
            return -1;
        }
        int key = anchor.keyAt();
        for (int p = key; p >= key - 2; p--) {
            if (literalRun(anchor, p)) {
                return p;
            }
        }
        for (int p = anchor.windowAt(); p + 4 <= anchor.windowAt() + anchor.windowLength(); p++) {
            if (literalRun(anchor, p)) {
                return p;
            }
        }
        return -1;
    }

    private static boolean literalRun(Anchor anchor, int p) {
        if (p < anchor.windowAt() || p + 4 > anchor.windowAt() + anchor.windowLength()) {
            return false;
        }
        for (int q = p; q < p + 4; q++) {
            if (!anchor.literal(q)) {
                return false;
            }
        }
        return true;
    }

    /** The anchor's four bytes at signature position {@code p}, little-endian, as the filter reads a quad. */
    static int quad(Anchor anchor, int p) {
        return anchor.byteAt(p) | anchor.byteAt(p + 1) << 8 | anchor.byteAt(p + 2) << 16 | anchor.byteAt(p + 3) << 24;
    }

    /** The distinct key {@code quad}'s index d, or −1 when it is no key: its entries are {@link #start} to {@link #end}. */
    int find(int quad) {
        int slot = slot(quad);
        int d;
        while ((d = slots[slot]) >= 0) {
            if (distinct[d] == quad) {
                return d;
            }
            slot = (slot + 1) & (slots.length - 1);
        }
        return -1;
    }

    /** Entries of distinct quad {@code d}: {@code start(d)} to {@code end(d)}. */
    int start(int d) {
        return start[d];
    }

    int end(int d) {
        return start[d + 1];
    }

    private int slot(int quad) {
        return (quad * QuadFilter.MULTIPLIER) >>> slotShift;
    }
}
