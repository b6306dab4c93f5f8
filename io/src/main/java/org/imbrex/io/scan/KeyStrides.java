package org.imbrex.io.scan;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.signature.Signature;

/**
 * Chooses the stride at which the gram filter tests the keys of the exact signatures, once for the whole
 * table: the lookups of a Dispatch are shared by every signature (a key in class 1 or 3 costs every word
 * four lookups), so the stride is the table's, not a signature's.
 * <pre>
 *   stride S   lookups per tile word   keys per exact signature             hits per word
 *   1          4                       its rarest pair (or byte)             4 · P(key)
 *   2          2                       the rarest pair at even, at odd q     2 · (P(key 0) + P(key 1))
 *   4          1                       the rarest pair at each q mod 4       P(key 0) + … + P(key 3)
 *   cost(S) = 4 / S + FOLLOW_COST · Σ over signatures of hits per word       (in lookups per word)
 *   S = 2 or 4 when cheapest and below MARGIN · cost(1)
 * </pre>
 * Beside the strides, a table may key windows by four literal bytes instead ({@link QuadKeys}: one hashed
 * table of 2^21 bits tested at every byte), when thousands of keys would make grams hit everywhere:
 * <pre>
 *   cost(quads) = QUAD_LOOKUPS + FOLLOW_COST · 4 · (Σ P(quad) + keys / 2^21) + cost(the other signatures'
 *                 grams, at their cheapest stride)
 * </pre>
 * A signature is keyed by quads when each of its anchors has one; the others keep gram keys.
 * Stride 2 or 4 is possible only when every anchored signature is exact and has a pair of literal bytes at
 * each residue ({@link AnchorPlanner#strided}); fuzzy anchors key a ball of grams at every byte. Example: 100
 * exact signatures of 8–32 bytes with rare pairs get stride 4, one lookup per word; one signature whose
 * literal pairs all start at even positions keeps the table at stride 2 or 1.
 */
final class KeyStrides {
    /**
     * Estimated cost of following one hit (its bucket entries, a window check, a candidate), in lookups:
     * measured on 64 MiB of real binaries with two sets of 100 signatures at strides 1 and 2, a lookup took
     * about 0.6 ns and a hit about 30 ns.
     */
    static final double FOLLOW_COST = 50;
    /**
     * How much cheaper than stride 1 a wider stride must be estimated: the rates come from one tile, and a
     * wider stride's keys are more of them and less rare, so its estimate errs more.
     */
    static final double MARGIN = 0.9;
    /**
     * Estimated cost of testing the four quads of a tile word ({@link org.imbrex.kernels.shaders.QuadFilter}: a
     * multiply, a shift and a table word each, the table larger than a class of grams), in lookups.
     */
    static final double QUAD_LOOKUPS = 8;

    /**
     * The anchors of a table: those keyed by a gram, at the table's stride, and those keyed by four literal
     * bytes ({@link QuadKeys}), tested at every byte by the quad filter.
     */
    record Keys(List<Anchor> grams, List<Anchor> quads) {
    }

    private KeyStrides() {
    }

    /**
     * The anchors of the table: each signature's planned anchors ({@code planned}, null for one scanned
     * densely), except that the exact ones ({@code limits[s] == 0}) are keyed at the cheapest stride.
     */
    static Keys choose(List<Signature> signatures, List<List<Anchor>> planned, int[] limits,
            GramStatistics stats) {
        Keyed chosen = cheapestStride(signatures, planned, limits, stats);
        List<Anchor> quads = new ArrayList<>();
        List<List<Anchor>> rest = new ArrayList<>();
        for (List<Anchor> anchors : planned) {
            boolean allQuads = anchors != null && anchors.stream().allMatch(anchor -> QuadKeys.at(anchor) >= 0);
            if (allQuads) {
                quads.addAll(anchors);
            }
            rest.add(allQuads ? null : anchors);
        }
        if (quads.isEmpty()) {
            return new Keys(chosen.anchors(), List.of());
        }
        boolean gramsLeft = rest.stream().anyMatch(java.util.Objects::nonNull);
        Keyed grams = gramsLeft ? cheapestStride(signatures, rest, limits, stats) : new Keyed(List.of(), 0);
        if (quadCost(quads, stats) + grams.cost() < MARGIN * chosen.cost()) {
            return new Keys(grams.anchors(), quads);
        }
        return new Keys(chosen.anchors(), List.of());
    }

    /** The signatures' gram keys at the cheapest stride (1, or 2 or 4 when clearly cheaper). */
    private static Keyed cheapestStride(List<Signature> signatures, List<List<Anchor>> planned, int[] limits,
            GramStatistics stats) {
        Keyed chosen = keyed(1, signatures, planned, limits, stats);
        double everyByte = chosen.cost();
        for (int stride : new int[] {2, 4}) {
            Keyed wider = keyed(stride, signatures, planned, limits, stats);
            if (wider != null && wider.cost() < chosen.cost() && wider.cost() < MARGIN * everyByte) {
                chosen = wider;
            }
        }
        return chosen;
    }

    /**
     * The estimated cost of the quad filter, in lookups per tile word: its lookups and its hits (the quads'
     * rates as the product of their two grams' rates, and the bits the keys set, each hit by any quad).
     * <pre>
     *   cost = QUAD_LOOKUPS + FOLLOW_COST · 4 · (Σ P(b0 b1) · P(b2 b3) + keys / 2^21)
     * </pre>
     */
    private static double quadCost(List<Anchor> quads, GramStatistics stats) {
        double rates = quads.size() / (double) (1 << org.imbrex.kernels.shaders.QuadFilter.HASH_BITS);
        for (Anchor anchor : quads) {
            int p = QuadKeys.at(anchor);
            rates += stats.gram(anchor.byteAt(p), anchor.byteAt(p + 1)) * stats.gram(anchor.byteAt(p + 2),
                    anchor.byteAt(p + 3));
        }
        return QUAD_LOOKUPS + FOLLOW_COST * 4 * rates;
    }

    /** A table's anchors at one stride, and its estimated cost in lookups per tile word. */
    private record Keyed(List<Anchor> anchors, double cost) {
    }

    /**
     * Every anchored signature's anchors at {@code stride} (its planned ones at stride 1), or null when one of
     * them cannot be keyed at it (fuzzy, or no literal byte at some residue).
     */
    private static Keyed keyed(int stride, List<Signature> signatures, List<List<Anchor>> planned, int[] limits,
            GramStatistics stats) {
        List<Anchor> all = new ArrayList<>();
        double cost = 4.0 / stride;
        for (int s = 0; s < planned.size(); s++) {
            List<Anchor> anchors = planned.get(s);
            if (anchors == null) {
                continue;
            }
            List<Anchor> keyed = stride == 1 ? anchors
                    : limits[s] == 0 ? AnchorPlanner.strided(s, signatures.get(s), stride, stats) : null;
            if (keyed == null) {
                return null;
            }
            all.addAll(keyed);
            cost += FOLLOW_COST * 4.0 / stride * keyRates(keyed, stats);
        }
        return new Keyed(all, cost);
    }

    /** The summed probabilities that a tested data gram is a key of the anchors (in a key's ball). */
    private static double keyRates(List<Anchor> anchors, GramStatistics stats) {
        double sum = 0;
        for (Anchor anchor : anchors) {
            int t = anchor.tolerance();
            sum += anchor.singleByte() ? stats.byteBall(anchor.keyByte(0), t)
                    : stats.gramBall(anchor.keyByte(0), anchor.keyByte(1), t);
        }
        return sum;
    }
}
