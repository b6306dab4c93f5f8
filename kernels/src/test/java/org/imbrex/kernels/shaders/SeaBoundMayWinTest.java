package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link SeaBound#mayWin}, FFmpeg's order of candidates (a later candidate replaces the best only when strictly
 * lower) as uint comparisons: lower, or equal and earlier. Values are drawn near each other, so that ties come often, and over the whole
 * int range, where uint order differs from int order.
 */
class SeaBoundMayWinTest {

    @Property(tries = 2000)
    void mayWin_isLowerOrEqualAndEarlier_inUintOrder(@ForAll int bound, @ForAll @IntRange(min = -2, max = 2) int d,
            @ForAll int rank, @ForAll @IntRange(min = -2, max = 2) int e) {
        int sadBest = bound + d;
        int rankBest = rank + e;
        boolean plain = Integer.compareUnsigned(bound, sadBest) < 0
                || bound == sadBest && Integer.compareUnsigned(rank, rankBest) < 0;

        assertThat(SeaBound.mayWin(bound, rank, sadBest, rankBest)).isEqualTo(plain);
    }
}
