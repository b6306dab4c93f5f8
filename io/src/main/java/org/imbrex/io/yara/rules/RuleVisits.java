package org.imbrex.io.yara.rules;

import java.util.BitSet;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * Which rules of one rule file a file's evaluation looks at: those without a {@code StringGate}, and the
 * candidates the engine names ({@link RuleEvaluation.StringMatches#candidates()}); in a file where no placed
 * offset of the rule file is defined (no PE for {@code pe.entry_point}), not the rules of placed gates. A gated
 * rule passed over is false, as the evaluation's own checks would find it, and a global one hides its namespace.
 * <pre>
 *   rules of the file     r0 r1 r2 r3 r4 r5        ungated        1  0  0  1  0  0
 *   candidates            (first + r)              candidates     0  1  0  0  0  1
 *   looked at             r0 r1 r3 r5              look           1  1  0  1  0  1
 * </pre>
 * Example: {@code RuleVisits.of(global, gated, placedOffsets).look(first, candidates, values::noneDefined)} is
 * the set of rule indexes (within the file) to evaluate, or null when the namespace yields nothing.
 */
final class RuleVisits {
    /** The rules without a gate of plain strings, looked at in every file. */
    private final BitSet ungated = new BitSet();
    /** The global rules with such a gate: one outside the candidates hides the namespace. */
    private final int[] gatedGlobals;
    /** The rules with a gate of placed strings: false in a file where none of its offsets is defined. */
    private final BitSet placedGated = new BitSet();
    private final boolean placedGatedGlobal;
    /** The placed offsets (indexes of the evaluation's file-constant offsets) the placed gates ask at. */
    private final int[] placedOffsets;
    private final int count;

    private RuleVisits(boolean[] global, boolean[] gated, int[][] placedGateOffsets) {
        count = global.length;
        BitSet offsets = new BitSet();
        boolean anyGlobal = false;
        for (int r = 0; r < count; r++) {
            if (!gated[r]) {
                ungated.set(r);
            }
            if (placedGateOffsets[r] != null) {
                placedGated.set(r);
                anyGlobal |= global[r];
                IntStream.of(placedGateOffsets[r]).forEach(offsets::set);
            }
        }
        gatedGlobals = IntStream.range(0, count).filter(r -> gated[r] && global[r]).toArray();
        placedGatedGlobal = anyGlobal;
        placedOffsets = offsets.stream().toArray();
    }

    /**
     * The visits of a rule file whose {@code r}-th rule is {@code global[r]}, has a gate of plain strings when
     * {@code gated[r]}, and a gate of placed strings asked at {@code placedGateOffsets[r]} (null without one).
     */
    static RuleVisits of(boolean[] global, boolean[] gated, int[][] placedGateOffsets) {
        return new RuleVisits(global, gated, placedGateOffsets);
    }

    /**
     * The rules to look at, by index within the file, or null when a global rule passed over hides the
     * namespace; {@code first} is the file's first rule index in the engine's numbering, {@code candidates} the
     * engine's set (null: every rule), {@code noneDefined} tells whether none of some placed offsets is defined.
     */
    BitSet look(int first, BitSet candidates, Predicate<int[]> noneDefined) {
        BitSet look;
        if (candidates == null) {
            look = new BitSet(count);
            look.set(0, count);
        } else {
            for (int g : gatedGlobals) {
                if (!candidates.get(first + g)) {
                    return null;
                }
            }
            look = candidates.get(first, first + count);
            look.or(ungated);
        }
        if (!placedGated.isEmpty() && noneDefined.test(placedOffsets)) {
            // "$a at pe.entry_point" in a file without a PE header: none of these rules can hold
            if (placedGatedGlobal) {
                return null;
            }
            look.andNot(placedGated);
        }
        return look;
    }
}
