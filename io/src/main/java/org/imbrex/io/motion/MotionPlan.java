package org.imbrex.io.motion;

import java.util.ArrayList;
import java.util.List;

/**
 * The options of a motion search, validated: block size B, search range R and the stripe height, plus
 * what the msad4 block-matching shader derives from them.
 *
 * <pre>
 *   X_GROUPS   = ceil(R/4) + floor(R/4) + 1     previous-frame words whose 4 x-candidates reach ±R
 *   CANDIDATES = (2R + 1) · X_GROUPS            shader lanes per block
 *   BAND_ROWS  = rows per band, so that 255 · B · BAND_ROWS ≤ 65535 (msad4's exact limit)
 *   B = 16: 1 band of 16 rows    B = 32: 4 bands of 8    B = 64: 16 bands of 4
 *   bound levels (pruned search): every candidate at log2(B) − 2 (4×4 sub-blocks of B/4, at least 2×2
 *   pixels), refined one level finer where it may win for B ≥ 32
 * </pre>
 * Errors name the option, the value and the limit. Example: {@code MotionPlan.of(16, 7).candidates()} is
 * 60; {@code MotionPlan.of(12, 7)} throws {@code --block 12 is not supported; use 4, 8, 16, 32 or 64}.
 *
 * @param stripeBlockRows block rows per stripe, or 0 to choose them so that one stripe's candidate scores
 *                        stay within {@link #UAV_BUDGET_ELEMENTS}
 */
public record MotionPlan(int block, int range, int stripeBlockRows) implements java.io.Serializable {
    public static final int DEFAULT_BLOCK = 16;
    public static final int DEFAULT_RANGE = 7;
    public static final int MAX_RANGE = 64;
    /**
     * Largest candidate-score UAV a stripe uses when the plan chooses stripes: 2^15 uint4 = 512 KiB, so that a
     * stripe's bounds, lanes and scores stay in a core's L2 cache from the Dispatch that writes them to the one
     * that reads them (720p, B = 16, R = 16, one core: 2 stripes of 23 block rows → 45 of one, 15-20% less CPU).
     */
    public static final int UAV_BUDGET_ELEMENTS = 1 << 15;
    private static final int MSAD4_EXACT_LIMIT = 65_535;

    public MotionPlan {
        if (block != 4 && block != 8 && block != 16 && block != 32 && block != 64) {
            throw new IllegalArgumentException("--block " + block + " is not supported; use 4, 8, 16, 32 or 64");
        }
        if (range < 0 || range > MAX_RANGE) {
            throw new IllegalArgumentException("--range " + range + " is out of range; use 0.." + MAX_RANGE);
        }
        if (stripeBlockRows < 0) {
            throw new IllegalArgumentException("stripe height " + stripeBlockRows + " block rows is negative; "
                    + "use 0 (automatic) or more");
        }
    }

    /** A plan with automatic stripes. */
    public static MotionPlan of(int block, int range) {
        return new MotionPlan(block, range, 0);
    }

    /** The defaults: {@code --block 16 --range 7}. */
    public static MotionPlan defaults() {
        return of(DEFAULT_BLOCK, DEFAULT_RANGE);
    }

    /** Refuses a frame that holds no whole block, naming the source. */
    public void checkFrame(int width, int height, String source) {
        if (width < block || height < block) {
            throw new IllegalArgumentException("--block " + block + " is larger than the " + width + "x" + height
                    + " frames of " + source);
        }
    }

    public int xGroups() {
        return (range + 3) / 4 + range / 4 + 1;
    }

    public int candidates() {
        return (2 * range + 1) * xGroups();
    }

    public int bandRows() {
        int rows = block;
        while (255 * block * rows > MSAD4_EXACT_LIMIT) {
            rows /= 2;
        }
        return rows;
    }

    public int bands() {
        return block / bandRows();
    }

    /**
     * The level of the pruned search's bound of every candidate: 2^level-pixel sub-blocks, B/4 of them a side
     * (16 sub-blocks) and at least 2×2 pixels: log2(B) − 2, at least 1. Example: 2 for B = 16 (4×4 sub-blocks).
     */
    public int coarseLevel() {
        return Math.max(1, Integer.numberOfTrailingZeros(block) - 2);
    }

    /**
     * The finest level the bound is refined to where a candidate may still win, before msad4 scores it: one
     * level finer than {@link #coarseLevel()} from B = 32 on (for smaller blocks the next level is close to
     * the SAD itself, which msad4 gives at once). Example: 3 for B = 32.
     */
    public int fineLevel() {
        return block >= 32 ? coarseLevel() - 1 : coarseLevel();
    }

    /**
     * The dx of component {@code component} of candidate lane {@code lane} of the block at column {@code bx}
     * (the lanes of {@code Msad4BlockMatch}: x = 4·(bx/4 − ceil(R/4) + lane % X_GROUPS) + component).
     * Example: B = 16, R = 7, bx = 16: lane 0 component 0 is dx = −8.
     */
    public int candidateDx(int bx, int lane, int component) {
        return 4 * (bx / 4 - (range + 3) / 4 + lane % xGroups()) + component - bx;
    }

    /** The dy of candidate lane {@code lane}: {@code lane / X_GROUPS − R}. */
    public int candidateDy(int lane) {
        return lane / xGroups() - range;
    }

    /** Whole blocks across a frame (partial edge blocks are skipped). */
    public int blocksX(int width) {
        return width / block;
    }

    public int blocksY(int height) {
        return height / block;
    }

    /**
     * The stripes that cover a frame's block rows, top to bottom: of {@code stripeBlockRows} each, or, when the
     * plan chooses, as few as keep within the budget, of sizes that differ by one at most (a stripe of one
     * block row after full ones would cost five Dispatches and the box sums of its window's rows for one row).
     * <pre>
     *   720p, B = 16, R = 7: 45 block rows, at most 6 within the budget  →  6 6 6 6 6 5 5 5, not 6 × 7 + 3
     * </pre>
     */
    public List<Stripe> stripes(int width, int height) {
        checkFrame(width, height, "the input");
        int blockRows = blocksY(height);
        List<Stripe> stripes = new ArrayList<>();
        if (stripeBlockRows > 0) {
            for (int first = 0; first < blockRows; first += stripeBlockRows) {
                stripes.add(new Stripe(first, Math.min(stripeBlockRows, blockRows - first)));
            }
            return stripes;
        }
        int most = Math.max(1, UAV_BUDGET_ELEMENTS / (blocksX(width) * candidates() * bands()));
        int count = (blockRows + most - 1) / most;
        for (int i = 0, first = 0; i < count; i++) {
            int rows = blockRows / count + (i < blockRows % count ? 1 : 0); // the first ones one row more
            stripes.add(new Stripe(first, rows));
            first += rows;
        }
        return stripes;
    }
}
