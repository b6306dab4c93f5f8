package org.imbrex.io.scan;

import java.util.List;
import org.imbrex.kernels.shaders.GramFilter;

/**
 * The anchors of all anchored signatures in one table, so a single pass over the tile tests every offset
 * for every signature at once: the key bits the {@link GramFilter} shader reads, and per key the anchors
 * it may start.
 * <pre>
 *   gram g = b[t] | b[t+1] &lt;&lt; 8            (the tile bytes at offset t, as the shader forms it)
 *   keys[g &gt;&gt; 5] bit (g &amp; 31)             set when some anchor's key ball holds g
 *   bucketStart[g] .. bucketStart[g+1]      indices into the anchor arrays: candidate o = t − keyAt
 *   key ball of an anchor                   {(x, y) : |x − k0| + |y − k1| ≤ tolerance}, or for a one-byte key
 *                                           {(x, any y) : |x − k0| ≤ tolerance}
 * </pre>
 * Example: one exact anchor keyed on {@code 4D 5A} sets the one bit of gram 0x5A4D, whose bucket holds it.
 */
final class AnchorTable {
    final int[] keys = new int[GramFilter.KEY_WORDS];
    final int[] bucketStart = new int[65537];
    final int[] bucketAnchors;
    final int[] signature;
    final int[] keyAt;
    final int[] windowAt;
    final long[] mask;
    final long[] value;
    final int[] tolerance;
    /** Anchors per signature (0: the signature is scanned densely). */
    final int[] anchorsOf;

    private AnchorTable(List<Anchor> anchors, int signatures) {
        int n = anchors.size();
        signature = new int[n];
        keyAt = new int[n];
        windowAt = new int[n];
        mask = new long[n];
        value = new long[n];
        tolerance = new int[n];
        anchorsOf = new int[signatures];
        for (int a = 0; a < n; a++) {
            Anchor anchor = anchors.get(a);
            signature[a] = anchor.signature();
            keyAt[a] = anchor.keyAt();
            windowAt[a] = anchor.windowAt();
            mask[a] = anchor.mask();
            value[a] = anchor.value();
            tolerance[a] = anchor.tolerance();
            anchorsOf[anchor.signature()]++;
        }
        int[] counts = new int[65536];
        for (Anchor anchor : anchors) {
            forEachKey(anchor, g -> counts[g]++);
        }
        for (int g = 0; g < 65536; g++) {
            bucketStart[g + 1] = bucketStart[g] + counts[g];
            if (counts[g] > 0) {
                keys[g >>> 5] |= 1 << (g & 31);
            }
        }
        bucketAnchors = new int[bucketStart[65536]];
        int[] fill = new int[65536];
        for (int a = 0; a < n; a++) {
            int index = a;
            forEachKey(anchors.get(a), g -> bucketAnchors[bucketStart[g] + fill[g]++] = index);
        }
    }

    /** The table of {@code anchors} (each naming its signature), for a plan of {@code signatures}. */
    static AnchorTable of(List<Anchor> anchors, int signatures) {
        return new AnchorTable(anchors, signatures);
    }

    private interface GramConsumer {
        void accept(int gram);
    }

    private static void forEachKey(Anchor anchor, GramConsumer keys) {
        int t = anchor.tolerance();
        int k0 = anchor.keyByte(0);
        for (int x = Math.max(0, k0 - t); x <= Math.min(255, k0 + t); x++) {
            if (anchor.singleByte()) {
                for (int y = 0; y < 256; y++) {
                    keys.accept(x | y << 8);
                }
                continue;
            }
            int k1 = anchor.keyByte(1);
            int reach = t - Math.abs(x - k0);
            for (int y = Math.max(0, k1 - reach); y <= Math.min(255, k1 + reach); y++) {
                keys.accept(x | y << 8);
            }
        }
    }

    /** True when signature {@code s} has anchors here. */
    boolean anchors(int s) {
        return anchorsOf[s] > 0;
    }
}
