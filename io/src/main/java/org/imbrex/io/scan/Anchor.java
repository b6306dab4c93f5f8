package org.imbrex.io.scan;

import org.imbrex.io.signature.Signature;

/**
 * One piece of a signature that every match within the limit must hold within {@code tolerance}: the
 * window {@code [windowAt, windowAt + windowLength)} of the signature's positions, whose literal bytes
 * must lie within SAD {@code tolerance} of the data's. Its key is the gram the data holds at {@code keyAt}
 * (two literal bytes at {@code keyAt} and {@code keyAt + 1}, or, where the window has no two literals in a
 * row, one literal byte at {@code keyAt} followed by any byte).
 * <pre>
 *   signature   4D 5A ?? ?? 50 45 00 00        anchor: window [4, 8), tolerance 0, key at 4 (50 45)
 *   data at o   .. .. .. .. 50 45 00 00 ..     the gram at o + 4 is a key; the window's bytes are checked
 *   mask        FF FF FF FF 00 00 00 00        (little-endian, for the 8 data bytes from o + windowAt)
 * </pre>
 * A match with SAD ≤ T holds, for anchors whose {@code Σ (tolerance + 1) > T} and whose windows do not
 * overlap, at least one of them (pigeonhole: otherwise each adds at least tolerance + 1), so the offsets
 * the anchors point at are a superset of the matches.
 *
 * <p>Stride: the filter tests a key at every tile byte (stride 1), at even bytes (2) or at word starts (4).
 * An exact signature keyed at stride S has S anchors whose keys stand at positions of every residue mod S
 * ({@link AnchorPlanner#strided}): a match at tile offset o puts the key at position q ≡ −o (mod S) on a
 * tested byte o + q, and that anchor finds it.
 * <pre>
 *   signature   4D 5A ?? 00 13 37 ?? 50 45    literal pairs at 0 (4D 5A), 3 (00 13), 4 (13 37), 7 (50 45)
 *   stride 2    keys 4D 5A at 0 and 50 45 at 7: a match at an even offset has 4D 5A on an even byte, one
 *               at an odd offset has 50 45 on one
 *   stride 4    needs pairs at positions ≡ 0, 1, 2 and 3 (mod 4): none is at 1 or 2
 * </pre>
 *
 * @param signature    the signature's index in the plan
 * @param keyAt        signature position of the key's first byte
 * @param singleByte   the key is one literal byte and any next byte (256 grams per byte value)
 * @param windowAt     first signature position of the window
 * @param windowLength 1..8 positions
 * @param mask         0xFF for each literal byte of the window, little-endian from {@code windowAt}
 * @param value        the window's literal bytes, little-endian from {@code windowAt}
 * @param tolerance    the SAD the window's bytes may have, ≥ 0
 * @param stride       1, 2 or 4: the key is tested at the tile bytes that are multiples of it
 */
record Anchor(int signature, int keyAt, boolean singleByte, int windowAt, int windowLength, long mask, long value,
        int tolerance, int stride) {

    /**
     * The anchor of window {@code [windowAt, windowAt + windowLength)} of {@code pattern}: its mask and
     * value hold the window's literal bytes.
     */
    static Anchor of(int signatureIndex, Signature pattern, int keyAt, boolean singleByte, int windowAt,
            int windowLength, int tolerance, int stride) {
        long mask = 0;
        long value = 0;
        for (int q = windowAt; q < windowAt + windowLength; q++) {
            if (q < pattern.length() && !pattern.isWildcard(q)) {
                mask |= 0xFFL << (8 * (q - windowAt));
                value |= (long) pattern.byteAt(q) << (8 * (q - windowAt));
            }
        }
        return new Anchor(signatureIndex, keyAt, singleByte, windowAt, windowLength, mask, value, tolerance, stride);
    }

    /** The key's bytes: the window's byte at {@code keyAt + i}. */
    int keyByte(int i) {
        return byteAt(keyAt + i);
    }

    /** The window's byte at signature position {@code position} (0 where it is not literal). */
    int byteAt(int position) {
        return (int) (value >>> (8 * (position - windowAt))) & 0xFF;
    }

    /** True when signature position {@code position} of the window is a literal byte. */
    boolean literal(int position) {
        return ((mask >>> (8 * (position - windowAt))) & 0xFF) != 0;
    }
}
