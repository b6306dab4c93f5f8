package org.imbrex.io.motion;

/**
 * A horizontal band of block rows of frame n, matched on its own: block rows {@code [firstBlockRow,
 * firstBlockRow + blockRows)}. It needs the rows of frame n−1 that its candidates can reach, which is its
 * own rows plus a halo of {@code range} rows above and below, clipped to the frame.
 *
 * <pre>
 *   frame n                      frame n−1
 *   ─────────────── y0 − R       ─────────────── prevRow0 = max(0, y0 − R)   ┐ halo
 *   ┌─────────────┐ y0 = first·B ┌─────────────┐                              ┘
 *   │   stripe    │              │ same rows   │
 *   └─────────────┘ y1           └─────────────┘                              ┐ halo
 *                                ─────────────── prevEnd = min(H, y1 + R)     ┘
 * </pre>
 * A candidate's block starts at most R rows above y0 and ends at most R rows below y1, so every block's
 * result is the same whatever the cut. Example: {@code new Stripe(2, 3)} with B = 16, R = 7 on a 720-row
 * frame covers rows 32..79 and reads rows 25..86 of frame n−1.
 */
public record Stripe(int firstBlockRow, int blockRows) {
    public Stripe {
        if (firstBlockRow < 0 || blockRows < 1) {
            throw new IllegalArgumentException("a stripe needs firstBlockRow >= 0 and blockRows >= 1, not "
                    + firstBlockRow + " and " + blockRows);
        }
    }

    /** First row of frame n in the stripe. */
    public int curRow0(int block) {
        return firstBlockRow * block;
    }

    /** Rows of frame n in the stripe. */
    public int curRows(int block) {
        return blockRows * block;
    }

    /** First row of frame n−1 the stripe reads. */
    public int prevRow0(int block, int range) {
        return Math.max(0, curRow0(block) - range);
    }

    /** One past the last row of frame n−1 the stripe reads. */
    public int prevEnd(int block, int range, int height) {
        return Math.min(height, curRow0(block) + curRows(block) + range);
    }
}
