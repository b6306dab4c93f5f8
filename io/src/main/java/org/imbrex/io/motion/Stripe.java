package org.imbrex.io.motion;

/**
 * A horizontal band of block rows of frame n, searched by one set of Dispatches: block rows {@code
 * [firstBlockRow, firstBlockRow + blockRows)}. The Dispatches read views of the whole frames (a candidate's
 * block reaches R rows above and below the band in frame n−1), so a stripe chooses only which blocks, and
 * every block's result is the same whatever the cut; its height sets the size of the UAVs one Dispatch writes
 * for the next.
 * <pre>
 *   frame n      ─────────────── y0 − R   ┐ rows of frame n−1 its candidates reach
 *   ┌─────────────┐ y0 = first·B          │
 *   │   stripe    │ blockRows · B rows    │
 *   └─────────────┘ y1                    │
 *                ─────────────── y1 + R   ┘
 * </pre>
 * Example: {@code new Stripe(2, 3)} with B = 16 covers rows 32..79 of frame n ({@code curRow0(16)} is 32,
 * {@code curRows(16)} 48).
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
}
