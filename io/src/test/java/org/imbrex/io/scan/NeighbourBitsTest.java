package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;

/** {@link NeighbourBits}: a hit of a planted anchor always passes; most other hits do not. */
class NeighbourBitsTest {

    @Test
    void passes_everyPlantedExactAnchor_whateverItsKindAndWildcards() {
        Random random = new Random(41);
        int planted = 0;
        int[] kinds = new int[4];
        for (int round = 0; round < 20_000; round++) {
            int length = 2 + random.nextInt(11);
            byte[] pattern = new byte[length];
            boolean[] wildcard = new boolean[length];
            random.nextBytes(pattern);
            for (int i = 0; i < length; i++) {
                wildcard[i] = random.nextInt(4) == 0;
            }
            int keyAt = random.nextInt(length - 1);
            wildcard[keyAt] = false;
            wildcard[keyAt + 1] = false;
            Signature signature = new Signature("s", pattern, wildcard);
            int windowAt = Math.max(0, keyAt - random.nextInt(4));
            int windowLength = Math.min(AnchorPlanner.MAX_WINDOW, length - windowAt);
            Anchor anchor = Anchor.of(0, signature, keyAt, false, windowAt, windowLength, 0, 1);
            int kind = NeighbourBits.kind(anchor);
            if (kind == NeighbourBits.NONE) {
                continue;
            }
            kinds[kind]++;
            NeighbourBits bits = new NeighbourBits();
            bits.set(kind, NeighbourBits.bytes(anchor, kind));
            byte[] tile = new byte[64];
            random.nextBytes(tile);
            int at = random.nextInt(tile.length - length + 1);
            RandomSignatures.plant(signature, tile, at, random);
            assertThat(bits.passes(1 << kind, tile, at + keyAt)).as("round " + round).isTrue();
            planted++;
        }
        assertThat(planted).isGreaterThan(10_000);
        assertThat(java.util.Arrays.stream(kinds).min().orElseThrow()).as("rounds of the rarest kind").isGreaterThan(100);
    }

    @Test
    void kind_toleranceOrOneByteKey_isNone_andThreeLiteralBytesAreKindTwoOrThree() {
        Signature str = Signature.ofHex("str", "73 74 72");
        assertThat(NeighbourBits.kind(Anchor.of(0, str, 0, false, 0, 3, 0, 1))).isEqualTo(2);
        assertThat(NeighbourBits.kind(Anchor.of(0, str, 1, false, 0, 3, 0, 1))).isEqualTo(3);
        assertThat(NeighbourBits.kind(Anchor.of(0, str, 0, false, 0, 3, 1, 1))).isEqualTo(NeighbourBits.NONE);
        assertThat(NeighbourBits.kind(Anchor.of(0, str, 2, true, 0, 3, 0, 1))).isEqualTo(NeighbourBits.NONE);
        Signature mz = Signature.ofHex("mz", "4D 5A 90 00");
        assertThat(NeighbourBits.kind(Anchor.of(0, mz, 0, false, 0, 4, 0, 1))).isZero();
        assertThat(NeighbourBits.kind(Anchor.of(0, mz, 2, false, 0, 4, 0, 1))).isEqualTo(1);
        assertThat(NeighbourBits.kind(Anchor.of(0, Signature.ofHex("ab", "61 62"), 0, false, 0, 2, 0, 1)))
                .isEqualTo(NeighbourBits.NONE);
    }

    @Test
    void passes_randomNeighboursOfAKey_mostlyFail() {
        Random random = new Random(5);
        NeighbourBits bits = new NeighbourBits();
        Anchor anchor = Anchor.of(0, Signature.ofHex("mz", "4D 5A 90 00"), 0, false, 0, 4, 0, 1);
        bits.set(0, NeighbourBits.bytes(anchor, 0));
        byte[] tile = new byte[8];
        int passed = 0;
        for (int round = 0; round < 10_000; round++) {
            random.nextBytes(tile);
            passed += bits.passes(1, tile, 2) ? 1 : 0;
        }
        assertThat(passed).isLessThan(50);
        assertThat(bits.passes(1, new byte[] {0, 0, 0x4D, 0x5A, (byte) 0x90, 0}, 2)).isTrue();
        assertThat(bits.passes(1, new byte[] {0, 0, 0x4D, 0x5A, (byte) 0x90}, 2)).as("past the tile: followed").isTrue();
    }
}
