package org.imbrex.io.scan;

import java.util.List;
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
 * Example: one exact anchor keyed on {@code 4D 5A} sets the one bit of gram 0x5A4D, whose bucket holds it.
 *
 * <p>Word stride: when every anchor is exact and has five literal bytes in a row p..p+4, its four grams at
 * p, p+1, p+2, p+3 all become keys of {@code wordKeys}, which the shader tests at word starts t = 4x only:
 * whatever o is, one of o + p .. o + p + 3 is a multiple of 4. One lookup per word instead of four, for
 * four times the keys; the table takes it when its estimated cost per word is lower.
 * <pre>
 *   anchor 4D 5A 90 00 03 at p:   wordKeys  5A4D (at p), 905A (p + 1), 0090 (p + 2), 0300 (p + 3)
 *   data   .. 4D | 5A 90 00 03     the word start sees 905A: entry at p + 1, o = t − (p + 1)
 * </pre>
 */
final class AnchorTable {
    /** Estimated cost of a table lookup and of following one entry, in lookups. */
    private static final double FOLLOW_COST = 5;

    final int[] keys = new int[GramFilter.KEY_WORDS];
    final int[] wordKeys = new int[GramFilter.KEY_WORDS];
    final int[] bucketStart = new int[65537];
    final int[] bucketAnchors;
    /** Per bucket entry: the signature position of the gram the entry keys. */
    final int[] bucketAt;
    /**
     * Per bucket entry, the two anchor fields a hit needs first, beside the entry: the signature and the
     * window's start relative to the hit ({@code windowAt − bucketAt}); 8 bytes more per entry.
     */
    final int[] entrySignature;
    final int[] entryWindow;
    /** Per anchor: {@code value & mask}, what the masked window bytes must equal (or be near). */
    final long[] maskedValue;
    /** True when the keys are in {@link #wordKeys}, tested at word starts only. */
    final boolean wordStride;
    final int[] signature;
    final int[] windowAt;
    final long[] mask;
    final long[] value;
    final int[] tolerance;
    /** Anchors per signature (0: the signature is scanned densely). */
    final int[] anchorsOf;

    private AnchorTable(List<Anchor> anchors, int signatures, GramStatistics stats) {
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
        int[] runs = strideRuns(anchors, stats);
        wordStride = runs != null;
        int[] counts = new int[65536];
        for (int a = 0; a < n; a++) {
            forEachKey(anchors.get(a), runs == null ? -1 : runs[a], (g, at) -> counts[g]++);
        }
        int[] table = wordStride ? wordKeys : keys;
        for (int g = 0; g < 65536; g++) {
            bucketStart[g + 1] = bucketStart[g] + counts[g];
            if (counts[g] > 0) {
                table[g >>> 5] |= 1 << (g & 31);
            }
        }
        bucketAnchors = new int[bucketStart[65536]];
        bucketAt = new int[bucketAnchors.length];
        int[] fill = new int[65536];
        for (int a = 0; a < n; a++) {
            int index = a;
            forEachKey(anchors.get(a), runs == null ? -1 : runs[a], (g, at) -> {
                int e = bucketStart[g] + fill[g]++;
                bucketAnchors[e] = index;
                bucketAt[e] = at;
            });
        }
        int entries = bucketAnchors.length;
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
    }

    /** The table of {@code anchors} (each naming its signature), for a plan of {@code signatures}. */
    static AnchorTable of(List<Anchor> anchors, int signatures, GramStatistics stats) {
        return new AnchorTable(anchors, signatures, stats);
    }

    /**
     * Per anchor the start p of its cheapest run of five literal bytes, when every anchor is exact, has one,
     * and testing word starts only is estimated to cost less; else null.
     */
    private static int[] strideRuns(List<Anchor> anchors, GramStatistics stats) {
        int[] runs = new int[anchors.size()];
        double everyByte = 4;
        double wordStart = 1;
        for (int a = 0; a < anchors.size(); a++) {
            Anchor anchor = anchors.get(a);
            if (anchor.tolerance() != 0) {
                return null;
            }
            everyByte += 4 * FOLLOW_COST * keyRate(anchor, stats);
            int best = LiteralRuns.cheapest(anchor::literal, anchor::byteAt, anchor.windowAt(),
                    anchor.windowAt() + anchor.windowLength(), stats);
            if (best < 0) {
                return null;
            }
            runs[a] = best;
            wordStart += FOLLOW_COST * LiteralRuns.rate(anchor::byteAt, best, stats);
        }
        return wordStart < everyByte ? runs : null;
    }

    private static double keyRate(Anchor anchor, GramStatistics stats) {
        return anchor.singleByte() ? stats.byteBall(anchor.keyByte(0), 0)
                : stats.gram(anchor.keyByte(0), anchor.keyByte(1));
    }

    private interface KeyConsumer {
        /** Gram {@code gram} keys the anchor's gram at signature position {@code at}. */
        void accept(int gram, int at);
    }

    /** The anchor's keys: its key's ball, or, with a stride run at {@code run}, the run's four grams. */
    private static void forEachKey(Anchor anchor, int run, KeyConsumer keys) {
        if (run >= 0) {
            for (int q = run; q < run + 4; q++) {
                keys.accept(anchor.byteAt(q) | anchor.byteAt(q + 1) << 8, q);
            }
            return;
        }
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
