package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link BestQuota} against sorting: the rows it keeps, in table order, are each signature's K best. */
class BestQuotaTest {

    @Test
    void keep_javadocExample_keepsTheRowsBelowTheKthScoreAndTheFirstTiesInTableOrder() {
        List<Match> rows = new ArrayList<>();
        int offset = 0;
        for (int sad : new int[] {7, 3, 0, 3, 7, 3, 0, 3, 7, 7, 7, 7, 7, 7, 7}) {
            rows.add(new Match(0, "a", offset++, sad));
        }
        BestQuota quota = new BestQuota();
        rows.forEach(quota::count);
        quota.select(5);

        assertThat(rows.stream().filter(quota::keep).map(Match::offset).toList()).containsExactly(1L, 2L, 3L, 5L, 6L);
    }

    @Test
    void keep_randomPartsInTableOrder_keepsWhatSortingByScoreKeeps() {
        Random random = new Random(3);
        for (int round = 0; round < 200; round++) {
            int signatures = 1 + random.nextInt(4);
            int k = 1 + random.nextInt(random.nextBoolean() ? 5 : 400);
            List<Match> rows = new ArrayList<>();
            int n = random.nextInt(600);
            for (int i = 0; i < n; i++) {
                int maxScore = random.nextBoolean() ? 3 : 2000;
                rows.add(new Match(random.nextInt(signatures), "p" + random.nextInt(4), random.nextInt(50),
                        random.nextInt(maxScore)));
            }
            Collections.shuffle(rows, random);
            BestQuota quota = new BestQuota();
            rows.forEach(quota::count);
            quota.select(k);
            List<Match> tableOrder = new ArrayList<>(rows);
            tableOrder.sort(java.util.Comparator.comparingInt(Match::signature).thenComparing(Match::path,
                    Match::compareCodePoints).thenComparingLong(Match::offset));
            List<Match> kept = tableOrder.stream().filter(quota::keep).toList();

            List<Match> expected = new ArrayList<>();
            for (int s = 0; s < signatures; s++) {
                int signature = s;
                rows.stream().filter(m -> m.signature() == signature).sorted(Match.BEST_FIRST).limit(k)
                        .forEach(expected::add);
            }
            assertThat(kept).as("round %d", round).containsExactlyInAnyOrderElementsOf(expected);
        }
    }
}
