package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class TaperedSharesTest {
    @Test
    void before_theJavadocsExample() {
        assertThat(TaperedShares.before(0, 8)).isZero();
        assertThat(TaperedShares.before(1, 8)).isCloseTo(0.2, within(1e-12));
        assertThat(TaperedShares.before(7, 8)).isCloseTo(0.95, within(1e-12));
        assertThat(TaperedShares.before(8, 8)).isEqualTo(1);
        assertThat(TaperedShares.before(1, 1)).isEqualTo(1);
    }

    @Property(tries = 200)
    void before_sharesTaperFrom1_6To0_4TimesTheMean(@ForAll @IntRange(min = 2, max = 5000) int tasks) {
        double mean = 1.0 / tasks;
        double previous = Double.MAX_VALUE;
        for (int k = 0; k < tasks; k++) {
            double share = TaperedShares.before(k + 1, tasks) - TaperedShares.before(k, tasks);
            assertThat(share).as("share of task %d", k).isLessThan(previous).isPositive();
            previous = share;
        }
        assertThat(TaperedShares.before(1, tasks) / mean).isCloseTo(1.6, within(1e-9));
        assertThat((1 - TaperedShares.before(tasks - 1, tasks)) / mean).isCloseTo(0.4, within(1e-9));
    }

    @Test
    void before_outsideTheTasks_isRefused() {
        assertThatThrownBy(() -> TaperedShares.before(9, 8)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("task 9 of 8");
        assertThatThrownBy(() -> TaperedShares.before(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property(tries = 300)
    void runs_coverTheUnitsEachRunAtLeastOneAndWithinAUnitOfItsShare(
            @ForAll @IntRange(min = 0, max = 100_000) int units, @ForAll @IntRange(min = 1, max = 300) int tasks) {
        int[] runs = TaperedShares.runs(units, tasks);

        assertThat(runs).hasSize(Math.min(units, tasks));
        assertThat(Arrays.stream(runs).sum()).isEqualTo(units);
        assertThat(Arrays.stream(runs).min().orElse(1)).as("the shortest run").isPositive();
        if (units >= 4L * tasks) {
            long start = 0;
            for (int k = 0; k < runs.length; k++) {
                start += runs[k];
                assertThat((double) start).isCloseTo(units * TaperedShares.before(k + 1, runs.length), within(0.51));
            }
        }
    }

    @Test
    void runs_fewerUnitsThanTasks_runsOfOne() {
        assertThat(TaperedShares.runs(3, 8)).containsExactly(1, 1, 1);
        assertThat(TaperedShares.runs(0, 8)).isEmpty();
        assertThat(TaperedShares.runs(100, 1)).containsExactly(100);
    }
}
