package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MatchTest {
    /** Units that straddle the places where UTF-16 order and code point order part. */
    private static final int[] CODE_POINTS = {'a', 'z', 0x7F, 0xE9, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFF5E, 0xFFFF,
        0x10000, 0x1F600, 0x10FFFF};

    private static String random(Random random) {
        StringBuilder text = new StringBuilder("file:/data/");
        int length = random.nextInt(6);
        for (int i = 0; i < length; i++) {
            text.appendCodePoint(CODE_POINTS[random.nextInt(CODE_POINTS.length)]);
        }
        return text.toString();
    }

    @Test
    void compareCodePoints_randomStrings_ordersAsTheirUtf8Bytes() {
        Random random = new Random(3);
        for (int round = 0; round < 20_000; round++) {
            String a = random(random);
            String b = random.nextInt(8) == 0 ? a : random(random);

            int bytes = Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
            int points = Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());

            assertThat(Integer.signum(Match.compareCodePoints(a, b))).as("%s vs %s", a, b)
                    .isEqualTo(Integer.signum(bytes)).isEqualTo(Integer.signum(points));
        }
    }

    @Test
    void compareCodePoints_surrogatePairAgainstTheTopOfTheBmp_isAbove() {
        assertThat(Match.compareCodePoints("\uD83D\uDE00", "\uFF5E")).isPositive();
        assertThat("\uD83D\uDE00".compareTo("\uFF5E")).as("UTF-16 order says the opposite").isNegative();
    }
}
