package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The anchors a signature gets: disjoint windows of literal bytes whose tolerances cover the limit. */
class AnchorPlannerTest {
    private static final GramStatistics PRIOR = GramStatistics.sample(new byte[0], 0);

    @Test
    void plan_exactSearch_oneExactWindowAvoidingCommonBytes() {
        Signature signature = Signature.ofHex("s", "00 00 00 00 4D 5A 90 00 00 00");
        List<Anchor> anchors = AnchorPlanner.plan(0, signature, 0, PRIOR);
        assertThat(anchors).hasSize(1);
        Anchor anchor = anchors.get(0);
        assertThat(anchor.tolerance()).isZero();
        assertThat(anchor.singleByte()).isFalse();
        assertThat(List.of(anchor.keyByte(0), anchor.keyByte(1))).isIn(List.of(0x4D, 0x5A), List.of(0x5A, 0x90));
    }

    @ParameterizedTest(name = "max-sad {0}")
    @ValueSource(ints = {0, 1, 3, 8, 17, 24})
    void plan_fuzzySearch_windowsAreDisjointAndTheirTolerancesCoverTheLimit(int maxSad) {
        Random random = new Random(maxSad);
        byte[] bytes = new byte[64];
        random.nextBytes(bytes);
        Signature signature = new Signature("s", bytes, new boolean[64]);
        List<Anchor> anchors = AnchorPlanner.plan(0, signature, maxSad, PRIOR);
        assertThat(anchors).isNotNull();
        assertThat(anchors.stream().mapToInt(a -> a.tolerance() + 1).sum()).isGreaterThan(maxSad);
        boolean[] used = new boolean[64];
        for (Anchor anchor : anchors) {
            for (int p = anchor.windowAt(); p < anchor.windowAt() + anchor.windowLength(); p++) {
                assertThat(used[p]).as("position %d in two windows", p).isFalse();
                used[p] = true;
            }
            assertThat(anchor.keyAt()).isBetween(anchor.windowAt(), anchor.windowAt() + anchor.windowLength() - 1);
        }
    }

    @Test
    void plan_noTwoLiteralsInARow_keysOnOneByte() {
        Signature signature = Signature.ofHex("s", "4D ?? 5A ?? 90 ?? 13");
        List<Anchor> anchors = AnchorPlanner.plan(0, signature, 0, PRIOR);
        assertThat(anchors).hasSize(1);
        assertThat(anchors.get(0).singleByte()).isTrue();
    }

    @Test
    void plan_limitAboveTheFiltersRange_scansDensely() {
        Signature signature = Signature.ofHex("s", "4D 5A 90 00 03 00 00 00 04 00 00 00 FF FF 00 00");
        assertThat(AnchorPlanner.plan(0, signature, AnchorPlanner.MAX_TOLERANCE + 1, PRIOR)).isNull();
        assertThat(AnchorPlanner.plan(0, signature, Integer.MAX_VALUE, PRIOR)).isNull();
        assertThat(AnchorPlanner.plan(0, Signature.ofHex("w", "?? ?? ??"), 0, PRIOR)).isNull();
    }

    @Test
    void table_fuzzyAnchor_keysEveryGramOfItsBall() {
        Anchor anchor = new Anchor(0, 0, false, 0, 2, 0xFFFF, 0x5A4D, 2);
        AnchorTable table = AnchorTable.of(List.of(anchor), 1, PRIOR);
        int keys = 0;
        for (int g = 0; g < 65536; g++) {
            boolean key = (table.keys[g >>> 5] >>> (g & 31) & 1) != 0;
            int sad = Math.abs((g & 0xFF) - 0x4D) + Math.abs((g >>> 8) - 0x5A);
            assertThat(key).as("gram %04X", g).isEqualTo(sad <= 2);
            keys += key ? 1 : 0;
        }
        assertThat(keys).isEqualTo(13);
        assertThat(table.bucketStart[0x5A4D + 1] - table.bucketStart[0x5A4D]).isEqualTo(1);
    }

    @Test
    void table_exactAnchorsWithFiveLiteralsInARow_keyTheirFourGramsAtWordStarts() {
        Anchor anchor = new Anchor(0, 1, false, 0, 6, 0xFFFF_FFFF_FFFFL, 0x0403_0090_5A4DL, 0);
        AnchorTable table = AnchorTable.of(List.of(anchor), 1, PRIOR);
        assertThat(table.wordStride).isTrue();
        assertThat(table.keys).containsOnly(0);
        int keys = 0;
        for (int g = 0; g < 65536; g++) {
            if ((table.wordKeys[g >>> 5] >>> (g & 31) & 1) != 0) {
                keys++;
                assertThat(table.bucketAt[table.bucketStart[g]]).isBetween(0, 3);
            }
        }
        assertThat(keys).isEqualTo(4);
    }
}
