package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link SeaSelectLanes}' scans against plain loops over the words, compared as uint. */
class SeaSelectLanesTest {

    @Test
    void javadocExample() {
        int[] words = {9, 4, 7, -1, 5, 5, 8, 6};
        assertThat(SeaSelectLanes.lowest(words, 0, 2)).isEqualTo(4);
        assertThat(SeaSelectLanes.firstHolding(words, 0, 2, 4)).isZero();
        assertThat(SeaSelectLanes.firstHolding(words, 0, 2, 5)).isEqualTo(1);
        assertThat(SeaSelectLanes.firstHolding(words, 0, 2, 3)).isEqualTo(-1);
        assertThat(SeaSelectLanes.anyAtMost(words, 0, 5)).as("words 1, 4 and 5").isTrue();
        assertThat(SeaSelectLanes.anyAtMost(words, 0, 4)).as("word 1").isTrue();
        assertThat(SeaSelectLanes.anyAtMost(words, 0, 3)).as("nothing at most 3").isFalse();
    }

    @Property(tries = 300)
    void scans_randomWordsOffsetsAndLaneCounts_equalPlainLoops(@ForAll @IntRange(min = 0, max = 70) int lanes,
            @ForAll @IntRange(min = 0, max = 9) int offsetLanes, @ForAll long seed) {
        Random random = new Random(seed);
        int e = 4 * offsetLanes + random.nextInt(4);
        int[] words = new int[e + 4 * lanes + random.nextInt(12)];
        int scale = 1 + random.nextInt(1 << random.nextInt(20));
        for (int i = 0; i < words.length; i++) {
            int kind = random.nextInt(8);
            // NO_SCORE, words with the top bit set (above every bound as uint), and ties from a small scale
            words[i] = kind == 0 ? SeaBound.NO_SCORE : kind == 1 ? Integer.MIN_VALUE + random.nextInt(9)
                    : random.nextInt(scale);
        }
        int lowest = -1;
        for (int i = e; i < e + 4 * lanes; i++) {
            lowest = Integer.compareUnsigned(words[i], lowest) < 0 ? words[i] : lowest;
        }
        assertThat(SeaSelectLanes.lowest(words, e, lanes)).isEqualTo(lowest);
        int value = lanes > 0 && random.nextBoolean() ? words[e + random.nextInt(4 * lanes)] : random.nextInt(scale);
        int holding = -1;
        for (int i = e; i < e + 4 * lanes && holding < 0; i++) {
            holding = words[i] == value ? (i - e) / 4 : -1;
        }
        assertThat(SeaSelectLanes.firstHolding(words, e, lanes, value)).isEqualTo(holding);
        int best = random.nextInt(4) == 0 ? SeaBound.NO_SCORE : random.nextInt(scale);
        for (int at = e; at + 4 * SeaSelectLanes.LANES <= e + 4 * lanes; at += 4 * SeaSelectLanes.LANES) {
            boolean any = false;
            for (int i = 0; i < 4 * SeaSelectLanes.LANES; i++) {
                any |= Integer.compareUnsigned(words[at + i], best) <= 0;
            }
            assertThat(SeaSelectLanes.anyAtMost(words, at, best)).as("word %d, best %d", at, best).isEqualTo(any);
        }
    }
}
