package org.imbrex.io.scan;

import java.util.List;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.GramFilter;

/**
 * The anchors of all anchored signatures in one table, so a single pass over the tile tests every offset
 * for every signature at once: the key bits the {@link GramFilter} shader reads, and per key the anchors
 * it may start.
 * <pre>
 *   gram g = b[t] | b[t+1] &lt;&lt; 8            (the tile bytes at offset t, as the shader forms it)
 *   keys[g &gt;&gt; 5] bit (g &amp; 31)             set when some anchor's key ball holds g (tested at every t)
 *   bucketStart[g] .. bucketStart[g+1]      entries e: anchor bucketAnchors[e], candidate o = t − bucketAt[e]
 *   key ball of an anchor                   {(x, y) : |x − k0| + |y − k1| ≤ tolerance}, or for a one-byte key
 *                                           {(x, any y) : |x − k0| ≤ tolerance}
 * </pre>
 * Example: one exact anchor keyed on {@code 4D 5A} sets the bit of gram 0x5A4D in every class, whose bucket
 * holds it.
 *
 * <p>Classes: {@link GramFilter} tests the gram at tile byte 4x + k against class k of {@code keys}. An
 * anchor of stride 1 keys all four classes (its key is tested at every byte), of stride 2 classes 0 and 2
 * (even bytes), of stride 4 class 0 (word starts). The buckets are per gram, whatever the class: a hit is
 * followed to every entry of its gram, and each entry's window is checked, so a hit in another class than
 * the entry's only costs a check.
 * <pre>
 *   stride 4 anchors of 4D 5A 90 00 03:   class 0 keys 5A4D (at 0), 905A (1), 0090 (2), 0300 (3)
 *   data   .. 4D | 5A 90 00 03            the word start sees 905A: its entry is at 1, o = t − 1
 * </pre>
 */
final class AnchorTable {
    /** GramFilter's buf_keys: class k's bit of gram g is bit (g &amp; 31) of word 2048k + (g &gt;&gt; 5). */
    final int[] keys = new int[GramFilter.KEY_WORDS];
    /** {@link #keys} as the filter's t1: an immutable copy, which the shader reads once for every tile. */
    final TypedBuffer keyView;
    final int[] bucketStart = new int[65537];
    /**
     * Per gram: where its entries that {@link #neighbours} filters begin; those before are followed on every
     * hit ({@link NeighbourBits#NONE}).
     */
    final int[] bucketFiltered = new int[65536];
    /** Per gram: the kinds of its filtered entries, bit k for kind k. */
    final byte[] gramKinds = new byte[65536];
    final NeighbourBits neighbours = new NeighbourBits();
    final int[] bucketAnchors;
    /** Per bucket entry: the signature position of the gram the entry keys. */
    final int[] bucketAt;
    /**
     * Per bucket entry, the two anchor fields a hit needs first, beside the entry: the signature and the
     * window's start relative to the hit ({@code windowAt − bucketAt}); 8 bytes more per entry.
     */
    final int[] entrySignature;
    /**
     * Per filtered entry, {@link #neighbourKey}: its kind and the neighbour bytes of its anchor, ascending
     * within each bucket's filtered entries.
     */
    final long[] entryNeighbours;
    final int[] entryWindow;
    /** Per anchor: {@code value & mask}, what the masked window bytes must equal (or be near). */
    final long[] maskedValue;
    /** The classes some anchor keys: bit k for class k. */
    final int keyedClasses;
    final int[] signature;
    final int[] windowAt;
    final long[] mask;
    final long[] value;
    final int[] tolerance;
    /** Anchors per signature (0: the signature is scanned densely). */
    final int[] anchorsOf;
    /** The anchors keyed by four bytes ({@link QuadKeys}), after the gram-keyed ones; null when none is. */
    final QuadKeys quads;
    /** True when some anchor is keyed by a gram: the gram filter runs. */
    final boolean hasGrams;

    private AnchorTable(List<Anchor> gramKeyed, List<Anchor> quadKeyed, int signatures) {
        List<Anchor> anchors = new java.util.ArrayList<>(gramKeyed);
        anchors.addAll(quadKeyed);
        int grams = gramKeyed.size();
        hasGrams = grams > 0;
        quads = quadKeyed.isEmpty() ? null : QuadKeys.of(quadKeyed, grams);
        int n = anchors.size();
        signature = new int[n];
        windowAt = new int[n];
        mask = new long[n];
        value = new long[n];
        tolerance = new int[n];
        anchorsOf = new int[signatures];
        for (int a = 0; a < n; a++) {
            Anchor anchor = anchors.get(a);
            signature[a] = anchor.signature();
            windowAt[a] = anchor.windowAt();
            mask[a] = anchor.mask();
            value[a] = anchor.value();
            tolerance[a] = anchor.tolerance();
            anchorsOf[anchor.signature()]++;
        }
        int[] counts = new int[65536];
        int[] unfiltered = new int[65536];
        int[] classes = new int[65536];
        int[] kinds = new int[n];
        java.util.Arrays.fill(kinds, NeighbourBits.NONE); // the quad-keyed anchors are in no bucket
        for (int a = 0; a < grams; a++) {
            int keyClasses = classes(anchors.get(a).stride());
            int kind = NeighbourBits.kind(anchors.get(a));
            kinds[a] = kind;
            if (kind != NeighbourBits.NONE) {
                neighbours.set(kind, NeighbourBits.bytes(anchors.get(a), kind));
            }
            forEachKey(anchors.get(a), (g, at) -> {
                counts[g]++;
                classes[g] |= keyClasses;
                if (kind == NeighbourBits.NONE) {
                    unfiltered[g]++;
                } else {
                    gramKinds[g] |= (byte) (1 << kind);
                }
            });
        }
        int keyed = 0;
        for (int g = 0; g < 65536; g++) {
            bucketStart[g + 1] = bucketStart[g] + counts[g];
            for (int k = 0; k < GramFilter.CLASSES; k++) {
                if ((classes[g] >>> k & 1) != 0) {
                    keys[k * GramFilter.CLASS_WORDS + (g >>> 5)] |= 1 << (g & 31);
                }
            }
            keyed |= classes[g];
        }
        keyedClasses = keyed;
        bucketAnchors = new int[bucketStart[65536]];
        bucketAt = new int[bucketAnchors.length];
        int[] fill = new int[65536];
        int[] filteredFill = new int[65536];
        for (int g = 0; g < 65536; g++) {
            bucketFiltered[g] = bucketStart[g] + unfiltered[g];
        }
        for (int a = 0; a < grams; a++) {
            int index = a;
            boolean filtered = kinds[a] != NeighbourBits.NONE;
            forEachKey(anchors.get(a), (g, at) -> {
                int e = filtered ? bucketFiltered[g] + filteredFill[g]++ : bucketStart[g] + fill[g]++;
                bucketAnchors[e] = index;
                bucketAt[e] = at;
            });
        }
        int entries = bucketAnchors.length;
        entryNeighbours = new long[entries];
        sortFilteredEntries(anchors, kinds);
        entrySignature = new int[entries];
        entryWindow = new int[entries];
        for (int e = 0; e < entries; e++) {
            int a = bucketAnchors[e];
            entrySignature[e] = signature[a];
            entryWindow[e] = windowAt[a] - bucketAt[e];
        }
        maskedValue = new long[n];
        for (int a = 0; a < n; a++) {
            maskedValue[a] = value[a] & mask[a];
        }
        keyView = TypedBuffer.immutableWords(DxgiFormat.R32_UINT, keys);
    }

    /**
     * Sorts each bucket's filtered entries by {@link #entryNeighbours}, so that a hit finds the entries whose
     * neighbour bytes it holds by binary search instead of visiting the whole bucket.
     */
    private void sortFilteredEntries(List<Anchor> anchors, int[] kinds) {
        long[] keyOf = new long[anchors.size()];
        for (int a = 0; a < keyOf.length; a++) {
            keyOf[a] = kinds[a] == NeighbourBits.NONE ? -1 : neighbourKey(kinds[a],
                    NeighbourBits.bytes(anchors.get(a), kinds[a]));
        }
        for (int g = 0; g < 65536; g++) {
            int from = bucketFiltered[g];
            int to = bucketStart[g + 1];
            // key (below 2^34) << 29 | the entry's place in the bucket (below 2^29): one sort keeps both
            long[] order = new long[to - from];
            for (int e = from; e < to; e++) {
                order[e - from] = keyOf[bucketAnchors[e]] << 29 | (e - from);
            }
            java.util.Arrays.sort(order);
            int[] anchorsHere = java.util.Arrays.copyOfRange(bucketAnchors, from, to);
            int[] atHere = java.util.Arrays.copyOfRange(bucketAt, from, to);
            for (int i = 0; i < order.length; i++) {
                int was = (int) (order[i] & ((1 << 29) - 1));
                bucketAnchors[from + i] = anchorsHere[was];
                bucketAt[from + i] = atHere[was];
                entryNeighbours[from + i] = order[i] >>> 29;
            }
        }
    }

    /** What {@link #entryNeighbours} holds for an entry of {@code kind} whose neighbour bytes are {@code bytes}. */
    static long neighbourKey(int kind, int bytes) {
        return (long) kind << 32 | (bytes & 0xFFFF_FFFFL);
    }

    /** The table of {@code anchors} (each naming its signature and stride), for a plan of {@code signatures}. */
    static AnchorTable of(List<Anchor> anchors, int signatures) {
        return new AnchorTable(anchors, List.of(), signatures);
    }

    /**
     * The table of {@code keys}: its gram-keyed anchors in the buckets, its quad-keyed ones ({@link
     * QuadKeys#at} ≥ 0 each) in {@link #quads}.
     */
    static AnchorTable of(KeyStrides.Keys keys, int signatures) {
        return new AnchorTable(keys.grams(), keys.quads(), signatures);
    }

    /** The classes an anchor of {@code stride} keys: all four, 0 and 2, or 0. */
    static int classes(int stride) {
        return stride == 4 ? 0b0001 : stride == 2 ? 0b0101 : 0b1111;
    }

    private interface KeyConsumer {
        /** Gram {@code gram} keys the anchor's gram at signature position {@code at}. */
        void accept(int gram, int at);
    }

    /** The anchor's keys: the grams within its tolerance of its key (one gram when exact). */
    private static void forEachKey(Anchor anchor, KeyConsumer keys) {
        int t = anchor.tolerance();
        int k0 = anchor.keyByte(0);
        for (int x = Math.max(0, k0 - t); x <= Math.min(255, k0 + t); x++) {
            if (anchor.singleByte()) {
                for (int y = 0; y < 256; y++) {
                    keys.accept(x | y << 8, anchor.keyAt());
                }
                continue;
            }
            int k1 = anchor.keyByte(1);
            int reach = t - Math.abs(x - k0);
            for (int y = Math.max(0, k1 - reach); y <= Math.min(255, k1 + reach); y++) {
                keys.accept(x | y << 8, anchor.keyAt());
            }
        }
    }

    /** True when signature {@code s} has anchors here. */
    boolean anchors(int s) {
        return anchorsOf[s] > 0;
    }
}
