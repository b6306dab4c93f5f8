package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MotionPlanTest {

    @Test
    void defaults_areBlock16Range7() {
        assertThat(MotionPlan.defaults()).isEqualTo(new MotionPlan(16, 7, 0));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"12 | 7 | --block 12 is not supported; use 4, 8, 16, 32 or 64",
        "0 | 7 | --block 0 is not supported; use 4, 8, 16, 32 or 64",
        "16 | 65 | --range 65 is out of range; use 0..64", "16 | -1 | --range -1 is out of range; use 0..64"})
    void new_badOption_namesOptionValueAndLimit(int block, int range, String message) {
        assertThatThrownBy(() -> MotionPlan.of(block, range)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @CsvSource({"4, 0, 1, 1, 1", "16, 7, 4, 60, 1", "16, 16, 9, 297, 1", "32, 7, 4, 60, 4", "64, 64, 33, 4257, 16",
        "8, 1, 2, 6, 1", "8, 4, 3, 27, 1"})
    void derived_shaderParameters_followFromBlockAndRange(int block, int range, int xGroups, int candidates,
            int bands) {
        MotionPlan plan = MotionPlan.of(block, range);
        assertThat(plan.xGroups()).isEqualTo(xGroups);
        assertThat(plan.candidates()).isEqualTo(candidates);
        assertThat(plan.bands()).isEqualTo(bands);
        assertThat(255 * block * plan.bandRows()).isLessThanOrEqualTo(65_535);
        assertThat(plan.bands() * plan.bandRows()).isEqualTo(block);
    }

    @Test
    void stripes_explicitHeight_coverEveryBlockRowOnce() {
        assertThat(new MotionPlan(16, 7, 3).stripes(64, 130)).containsExactly(new Stripe(0, 3), new Stripe(3, 3),
                new Stripe(6, 2));
    }

    @Test
    void stripes_automatic_keepTheScoreBufferWithinBudget() {
        MotionPlan plan = MotionPlan.of(16, 7);
        int blocksX = 1920 / 16;
        for (Stripe stripe : plan.stripes(1920, 1080)) {
            assertThat((long) blocksX * stripe.blockRows() * plan.candidates() * plan.bands())
                    .isLessThanOrEqualTo(MotionPlan.UAV_BUDGET_ELEMENTS);
        }
        assertThat(plan.stripes(1920, 1080).stream().mapToInt(Stripe::blockRows).sum()).isEqualTo(67);
        assertThat(MotionPlan.defaults().stripes(1280, 720)).hasSize(8);
    }

    @Test
    void stripes_automatic_areOneBlockRowEachWhereOneRowPassesTheBudget() {
        // B = 4, R = 16 at 1080p: 480 blocks · 297 lanes = 142,560 elements a block row
        MotionPlan plan = MotionPlan.of(4, 16);
        assertThat(480L * plan.candidates() * plan.bands()).isGreaterThan(MotionPlan.UAV_BUDGET_ELEMENTS);
        List<Stripe> stripes = plan.stripes(1920, 1080);
        assertThat(stripes).hasSize(270).allSatisfy(stripe -> assertThat(stripe.blockRows()).isEqualTo(1));
        assertThat(stripes.get(269)).isEqualTo(new Stripe(269, 1));
    }

    @Test
    void stripes_automatic_areEvenNotAFullOneAndARest() {
        // 720p, R = 7: 45 block rows, 6 within the budget (80 blocks · 60 lanes · 6 rows = 28,800 elements)
        assertThat(MotionPlan.defaults().stripes(1280, 720)).containsExactly(new Stripe(0, 6), new Stripe(6, 6),
                new Stripe(12, 6), new Stripe(18, 6), new Stripe(24, 6), new Stripe(30, 5), new Stripe(35, 5),
                new Stripe(40, 5));
        MotionPlan plan = MotionPlan.of(16, 7);
        List<Integer> rows = plan.stripes(1920, 1080).stream().map(Stripe::blockRows).toList();
        assertThat(rows.size()).as("as few stripes as the budget allows").isEqualTo((int) Math.ceil(67.0
                / (MotionPlan.UAV_BUDGET_ELEMENTS / (120 * plan.candidates() * plan.bands()))));
        assertThat(Collections.max(rows) - Collections.min(rows)).isLessThanOrEqualTo(1);
    }

    @Test
    void stripe_rowsOfFrameN_areItsBlockRowsTimesTheBlock() {
        Stripe stripe = new Stripe(2, 3);
        assertThat(stripe.curRow0(16)).isEqualTo(32);
        assertThat(stripe.curRows(16)).isEqualTo(48);
        assertThat(new Stripe(0, 1).curRow0(8)).isZero();
        assertThatThrownBy(() -> new Stripe(0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("blockRows >= 1");
    }

    @Test
    void checkFrame_blockLargerThanFrame_namesTheSource() {
        assertThatThrownBy(() -> MotionPlan.of(64, 7).checkFrame(40, 30, "clip.y4m"))
                .hasMessage("--block 64 is larger than the 40x30 frames of clip.y4m");
    }
}
