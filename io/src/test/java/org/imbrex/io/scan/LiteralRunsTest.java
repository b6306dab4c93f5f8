package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;

class LiteralRunsTest {
    private static final GramStatistics PRIOR = GramStatistics.sample(new byte[0], 0);

    private static int cheapest(Signature signature) {
        return LiteralRuns.cheapest(p -> !signature.isWildcard(p), signature::byteAt, 0, signature.length(), PRIOR);
    }

    @Test
    void cheapest_noFiveLiteralsInARow_isMinusOne() {
        assertThat(cheapest(Signature.ofHex("gaps", "4D 5A 90 00 ?? 50 45 00 00 ?? 4C 01"))).isEqualTo(-1);
    }

    @Test
    void cheapest_twoRuns_isTheOneOfRarerGrams() {
        // 00 00 00 00 00 is the most common data there is; 4D 5A 91 37 C3 is not.
        Signature signature = Signature.ofHex("two", "00 00 00 00 00 ?? 4D 5A 91 37 C3");

        assertThat(cheapest(signature)).isEqualTo(6);
        assertThat(LiteralRuns.rate(signature::byteAt, 6, PRIOR)).isLessThan(
                LiteralRuns.rate(signature::byteAt, 0, PRIOR));
    }

    @Test
    void cheapest_rangeCutsTheRun_findsNone() {
        Signature signature = Signature.ofHex("run", "4D 5A 91 37 C3 A0");

        assertThat(LiteralRuns.cheapest(p -> !signature.isWildcard(p), signature::byteAt, 1, 5, PRIOR)).isEqualTo(-1);
        assertThat(LiteralRuns.cheapest(p -> !signature.isWildcard(p), signature::byteAt, 1, 6, PRIOR)).isEqualTo(1);
    }
}
