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
        Anchor anchor = new Anchor(0, 0, false, 0, 2, 0xFFFF, 0x5A4D, 2, 1);
        AnchorTable table = AnchorTable.of(List.of(anchor), 1);
        int keys = 0;
        for (int g = 0; g < 65536; g++) {
            int sad = Math.abs((g & 0xFF) - 0x4D) + Math.abs((g >>> 8) - 0x5A);
            for (int k = 0; k < 4; k++) {
                assertThat(isKey(table, k, g)).as("gram %04X, class %d", g, k).isEqualTo(sad <= 2);
            }
            keys += isKey(table, 0, g) ? 1 : 0;
        }
        assertThat(keys).isEqualTo(13);
        assertThat(table.keyedClasses).isEqualTo(0b1111);
        assertThat(table.bucketStart[0x5A4D + 1] - table.bucketStart[0x5A4D]).isEqualTo(1);
    }

    @ParameterizedTest(name = "stride {0}")
    @ValueSource(ints = {2, 4})
    void strided_randomSignatures_oneExactKeyAtEveryResidue(int stride) {
        Random random = new Random(stride);
        for (int trial = 0; trial < 200; trial++) {
            int length = 2 + random.nextInt(20);
            byte[] bytes = new byte[length];
            boolean[] wildcard = new boolean[length];
            random.nextBytes(bytes);
            for (int p = 1; p < length - 1; p++) {
                wildcard[p] = random.nextInt(3) == 0;
            }
            Signature signature = new Signature("s", bytes, wildcard);
            List<Anchor> anchors = AnchorPlanner.strided(0, signature, stride, PRIOR);
            boolean[] pairs = new boolean[stride];
            boolean[] literals = new boolean[stride];
            for (int q = 0; q < length; q++) {
                pairs[q % stride] |= q + 1 < length && !wildcard[q] && !wildcard[q + 1];
                literals[q % stride] |= !wildcard[q];
            }
            boolean feasible = true;
            for (boolean r : literals) {
                feasible &= r;
            }
            if (!feasible) {
                assertThat(anchors).as("%s", signature).isNull();
                continue;
            }
            assertThat(anchors).as("%s", signature).hasSize(stride);
            for (int r = 0; r < stride; r++) {
                Anchor anchor = anchors.get(r);
                int q = anchor.keyAt();
                assertThat(q % stride).isEqualTo(r);
                assertThat(anchor.stride()).isEqualTo(stride);
                assertThat(anchor.tolerance()).isZero();
                assertThat(anchor.singleByte()).as("a pair where residue %d has one", r).isEqualTo(!pairs[r]);
                assertThat(wildcard[q]).isFalse();
                assertThat(anchor.keyByte(0)).isEqualTo(bytes[q] & 0xFF);
                if (!anchor.singleByte()) {
                    assertThat(wildcard[q + 1]).isFalse();
                    assertThat(anchor.keyByte(1)).isEqualTo(bytes[q + 1] & 0xFF);
                }
                assertThat(q + (anchor.singleByte() ? 0 : 1))
                        .isBetween(anchor.windowAt(), anchor.windowAt() + anchor.windowLength() - 1);
                assertThat(anchor.windowAt() + anchor.windowLength()).isLessThanOrEqualTo(length);
            }
        }
    }

    @Test
    void table_strideFourAnchors_keyClassZeroOnly() {
        Signature signature = Signature.ofHex("s", "4D 5A 90 00 03");
        List<Anchor> anchors = AnchorPlanner.strided(0, signature, 4, PRIOR);
        AnchorTable table = AnchorTable.of(anchors, 1);
        assertThat(table.keyedClasses).isEqualTo(0b0001);
        int keys = 0;
        for (int g = 0; g < 65536; g++) {
            if (isKey(table, 0, g)) {
                keys++;
                assertThat(table.bucketAt[table.bucketStart[g]]).isBetween(0, 3);
            }
            assertThat(isKey(table, 1, g) || isKey(table, 2, g) || isKey(table, 3, g)).isFalse();
        }
        assertThat(keys).isEqualTo(4);
    }

    @Test
    void table_strideTwoAnchors_keyClassesZeroAndTwo() {
        List<Anchor> anchors = AnchorPlanner.strided(0, Signature.ofHex("s", "4D 5A ?? 00 13 37 ?? 50 45"), 2, PRIOR);
        AnchorTable table = AnchorTable.of(anchors, 1);
        assertThat(table.keyedClasses).isEqualTo(0b0101);
        assertThat(anchors).extracting(a -> a.keyAt() % 2).containsExactly(0, 1);
    }

    @Test
    void keyStrides_rareExactPairsAtEveryResidue_strideFour() {
        List<Signature> signatures = List.of(Signature.ofHex("a", "4D 5A 90 13 37 42 17 99"),
                Signature.ofHex("b", "C3 11 ?? 21 32 43 54 65 76"));
        List<Anchor> chosen = KeyStrides.choose(signatures, plans(signatures, 0), new int[] {0, 0}, PRIOR).grams();
        assertThat(chosen).extracting(Anchor::stride).containsOnly(4);
        assertThat(chosen).hasSize(8);
    }

    @Test
    void keyStrides_aSignatureWithoutLiteralsAtOddPositions_keepsEveryoneAtStrideOne() {
        // "b" has literal bytes at even positions only: nothing to key odd offsets by
        List<Signature> signatures = List.of(Signature.ofHex("a", "4D 5A 90 13 37 42 17 99"),
                Signature.ofHex("b", "C3 ?? 11 ?? 32"));
        List<Anchor> chosen = KeyStrides.choose(signatures, plans(signatures, 0), new int[] {0, 0}, PRIOR).grams();
        assertThat(chosen).extracting(Anchor::stride).containsOnly(1);
        assertThat(chosen).hasSize(2);
    }

    @Test
    void keyStrides_aFuzzySignature_keepsEveryoneAtStrideOne() {
        List<Signature> signatures = List.of(Signature.ofHex("a", "4D 5A 90 13 37 42 17 99"),
                Signature.ofHex("b", "C3 11 22 21 32 43 54 65 76 87 98 A9 BA CB DC ED FE 0F"));
        List<List<Anchor>> planned = List.of(AnchorPlanner.plan(0, signatures.get(0), 0, PRIOR),
                AnchorPlanner.plan(1, signatures.get(1), 3, PRIOR));
        List<Anchor> chosen = KeyStrides.choose(signatures, planned, new int[] {0, 3}, PRIOR).grams();
        assertThat(chosen).extracting(Anchor::stride).containsOnly(1);
    }

    @Test
    void keyStrides_denseSignature_takesNoPart() {
        List<Signature> signatures = List.of(Signature.ofHex("a", "4D 5A 90 13 37 42 17 99"),
                Signature.ofHex("w", "?? ?? ??"));
        List<List<Anchor>> planned = new java.util.ArrayList<>(plans(signatures, 0));
        assertThat(planned.get(1)).isNull();
        List<Anchor> chosen = KeyStrides.choose(signatures, planned, new int[] {0, 0}, PRIOR).grams();
        assertThat(chosen).extracting(Anchor::signature).containsOnly(0);
        assertThat(chosen).extracting(Anchor::stride).containsOnly(4);
    }

    private static List<List<Anchor>> plans(List<Signature> signatures, int maxSad) {
        List<List<Anchor>> plans = new java.util.ArrayList<>();
        for (int s = 0; s < signatures.size(); s++) {
            plans.add(AnchorPlanner.plan(s, signatures.get(s), maxSad, PRIOR));
        }
        return plans;
    }

    private static boolean isKey(AnchorTable table, int keyClass, int gram) {
        return (table.keys[keyClass * 2048 + (gram >>> 5)] >>> (gram & 31) & 1) != 0;
    }
}
