package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AdjacentPartsTest {

    private static List<int[]> groups(AdjacentParts parts) {
        List<int[]> groups = new ArrayList<>();
        for (int t = 0; t < parts.tasks(); t++) {
            groups.add(parts.parts(t));
        }
        return groups;
    }

    @Test
    void of_classExample_groupsAdjacentPartsUpToTheTarget() {
        AdjacentParts parts = AdjacentParts.of(new long[] {40, 0, 3, 90, 1, 0}, 64);

        assertThat(groups(parts)).containsExactly(new int[] {0, 1, 2}, new int[] {3}, new int[] {4, 5});
    }

    @Test
    void of_nothingShuffled_isOneTaskOverEveryPart() {
        assertThat(groups(AdjacentParts.of(new long[16], 64 << 20))).containsExactly(
                new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
    }

    @Test
    void of_randomSizes_coversEveryPartOnceInOrderAndOnlyBigPartsPassTheTarget() {
        Random random = new Random(5);
        for (int round = 0; round < 200; round++) {
            long[] bytes = new long[1 + random.nextInt(40)];
            for (int p = 0; p < bytes.length; p++) {
                bytes[p] = random.nextInt(4) == 0 ? 0 : random.nextInt(100);
            }
            long target = 1 + random.nextInt(150);

            List<int[]> groups = groups(AdjacentParts.of(bytes, target));

            int next = 0;
            for (int[] group : groups) {
                long size = 0;
                for (int part : group) {
                    assertThat(part).isEqualTo(next++);
                    size += bytes[part];
                }
                assertThat(group.length == 1 || size <= target).as("a group of several parts fits").isTrue();
            }
            assertThat(next).isEqualTo(bytes.length);
            for (int g = 1; g < groups.size(); g++) {
                int[] before = groups.get(g - 1);
                long size = 0;
                for (int part : before) {
                    size += bytes[part];
                }
                assertThat(size + bytes[groups.get(g)[0]]).as("a group ends only where the next part would not fit")
                        .isGreaterThan(target);
            }
        }
    }

    @Test
    void target_isTheAdvisorySizeLoweredForEveryCoreButNotBelowTheSmallest() {
        long mib = 1 << 20;
        assertThat(AdjacentParts.target(new long[] {6 * mib, 4 * mib}, 2, 64 * mib, mib)).isEqualTo(5 * mib);
        assertThat(AdjacentParts.target(new long[] {600 * mib}, 2, 64 * mib, mib)).isEqualTo(64 * mib);
        assertThat(AdjacentParts.target(new long[] {1000, 20}, 2, 64 * mib, mib)).isEqualTo(mib);
        assertThat(AdjacentParts.target(new long[] {7}, 2, 64 * mib, 1)).isEqualTo(4);
    }
}
