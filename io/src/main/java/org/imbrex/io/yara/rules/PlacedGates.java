package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.imbrex.io.yara.condition.Condition;
import org.imbrex.io.yara.condition.ConditionEvaluator;
import org.imbrex.io.yara.condition.ModuleValue;
import org.imbrex.io.yara.condition.PlacedStrings;
import org.imbrex.io.yara.condition.StringGate;

/**
 * The gates of placed strings of a rule set ({@link RuleEvaluation}): a rule whose {@link StringGate} holds
 * only strings its condition asks about at file-constant offsets ({@code $a at pe.entry_point}) can hold only
 * where one of them matches at one of those offsets. The distinct offsets of all gates are numbered once for
 * the rule set, and each is computed at most once per file ({@link Values}).
 * <pre>
 *   $a at pe.entry_point or $b at pe.entry_point    strings [a, b], offsets [[0], [0]]   (0: pe.entry_point)
 *   on a file without a PE header                   pe.entry_point undefined → no rule to evaluate
 * </pre>
 * Example: {@code Gate gate = gates.of(PlacedStrings.in(condition), StringGate.of(condition).orElse(null))},
 * then per file {@code gates.values(data, moduleValues)} and {@code PlacedGates.mayMatch(gate, ...)}.
 */
final class PlacedGates {
    /** A gate of placed strings: {@code strings[i]} is asked only at the offsets {@code offsets[i]}. */
    record Gate(int[] strings, int[][] offsets) {
        /** Every offset index of the gate, of all its strings in turn. */
        int[] allOffsets() {
            int length = 0;
            for (int[] array : offsets) {
                length += array.length;
            }
            int[] all = new int[length];
            int at = 0;
            for (int[] array : offsets) {
                System.arraycopy(array, 0, all, at, array.length);
                at += array.length;
            }
            return all;
        }
    }

    /** The distinct file-constant offsets of the gates, by index. */
    private final List<Condition> offsets = new ArrayList<>();
    private final Map<Condition, Integer> offsetIndex = new HashMap<>();

    /**
     * The gate of a rule whose condition has the placed strings {@code placed} and the string gate {@code gate},
     * or null (no gate, or one with a string that is not placed or is asked at an offset that is not
     * file-constant).
     */
    Gate of(PlacedStrings placed, int[] gate) {
        if (gate == null) {
            return null;
        }
        BitSet placedHere = placed.strings();
        for (int string : gate) {
            if (!placedHere.get(string)) {
                return null;
            }
        }
        Map<Integer, List<Condition>> asked = placed.offsets();
        for (int string : gate) {
            for (Condition at : asked.get(string)) {
                if (!PlacedStrings.fileConstant(at)) {
                    return null;
                }
            }
        }
        int[][] indexes = new int[gate.length][];
        for (int i = 0; i < gate.length; i++) {
            List<Condition> at = asked.get(gate[i]);
            indexes[i] = new int[at.size()];
            for (int k = 0; k < indexes[i].length; k++) {
                indexes[i][k] = offsetIndex.computeIfAbsent(at.get(k), added -> {
                    offsets.add(added);
                    return offsets.size() - 1;
                });
            }
        }
        return new Gate(gate, indexes);
    }

    /** The offsets' values on one file, none computed yet. */
    Values values(FileContent data, Map<String, ModuleValue> moduleValues) {
        return new Values(data, moduleValues);
    }

    /** True when a string of {@code gate} matches at one of its offsets in the file of {@code values}. */
    static boolean mayMatch(Gate gate, int index, YaraRule rule, RuleEvaluation.StringMatches strings,
            Values values) {
        for (int i = 0; i < gate.strings().length; i++) {
            for (int k : gate.offsets()[i]) {
                long offset = values.of(k);
                if (offset != ConditionEvaluator.UNDEFINED
                        && strings.matchesAt(index, rule, gate.strings()[i], offset)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The values of the gates' offsets on one file, each computed when first asked. */
    final class Values {
        private final FileContent data;
        private final Map<String, ModuleValue> moduleValues;
        private final long[] values = new long[offsets.size()];
        private final boolean[] known = new boolean[offsets.size()];
        private ByteFacts.LazyPe pe;

        private Values(FileContent data, Map<String, ModuleValue> moduleValues) {
            this.data = data;
            this.moduleValues = moduleValues;
        }

        /** Sets the pe module of the rule file being evaluated (null when it does not import pe). */
        void pe(ByteFacts.LazyPe module) {
            if (module != null) {
                pe = module;
            }
        }

        /** True when the offsets {@code ks} are undefined in this file (no PE for {@code pe.entry_point}). */
        boolean noneDefined(int[] ks) {
            for (int k : ks) {
                if (of(k) != ConditionEvaluator.UNDEFINED) {
                    return false;
                }
            }
            return true;
        }

        long of(int k) {
            if (!known[k]) {
                // file-constant: no string, rule or variable, so the rule's own facts are not needed
                values[k] = ConditionEvaluator.value(offsets.get(k), new ByteFacts(data, pe, List.of(), Map.of(),
                        moduleValues, null));
                known[k] = true;
            }
            return values[k];
        }
    }
}
