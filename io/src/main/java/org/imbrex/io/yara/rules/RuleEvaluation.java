package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.imbrex.io.yara.condition.Condition;
import org.imbrex.io.yara.condition.ConditionEvaluator;
import org.imbrex.io.yara.condition.ModuleValue;
import org.imbrex.io.yara.condition.PlacedStrings;
import org.imbrex.io.yara.condition.StringGate;
import org.imbrex.io.yara.strings.HexString;
import org.imbrex.io.yara.strings.HexToken;
import org.imbrex.io.yara.strings.StringDefinition;
import org.imbrex.io.yara.strings.StringMatch;

/**
 * Evaluates the rules of one or more {@link RuleFile}s over one file, given where each rule's strings
 * match: the part of a YARA scan after the strings are found. {@link RuleOracle} finds the strings with
 * the plain reference matcher; the search job's engine finds them with its scan and passes them in.
 *
 * <p>YARA 4.2.3's rules, each checked with {@code /usr/bin/yara}:
 * <pre>
 *   order        rule files in the order given, rules in file order
 *   private      evaluated, usable by later rules, never reported
 *   global       one global rule that does not match hides every rule of its namespace, rules
 *                defined before it included; a matching global rule is reported unless private
 *   references   a rule sees the results of the rules of its namespace defined before it
 *   skipped      never reported, never evaluated (RuleFileReader skips whatever depends on them)
 * </pre>
 * Example: for {@code rule r : exe { strings: $a = "MZ" condition: $a at 0 }} in namespace {@code n}
 * and the bytes {@code "MZ.."}, {@code RuleEvaluation.of(files).matches(data, (r, rule, i) -> List.of(new
 * StringMatch(0, 2)))} is one {@link MatchedRule} for {@code n:r [exe]} with the matches {@code [[0x0:2]]}.
 */
public final class RuleEvaluation {
    /** Where the strings of the rules match in the file. */
    @FunctionalInterface
    public interface StringMatches {
        /**
         * The matches of string {@code string} of {@code rule}, the {@code index}-th runnable rule in
         * evaluation order (rule files in order, rules in file order), in ascending offset order, at most one
         * per offset, as {@code StringMatcher} gives them.
         */
        List<StringMatch> of(int index, YaraRule rule, int string);

        /**
         * False only when string {@code string} of the {@code index}-th runnable rule has no match for sure (an
         * engine that found no candidate start for it), so that a rule gated on such strings is passed over
         * without looking its strings up; true by default.
         */
        default boolean mayMatch(int index, int string) {
            return true;
        }

        /**
         * The runnable rules, by index, that {@link #mayMatch} may be true for (for one of their strings), or null
         * for every rule (the default). A rule outside the set whose condition needs one of its strings to match
         * (a {@link StringGate}) is false without being looked at, so an engine that found the strings of a few
         * hundred of 3,000 rules in a file has the evaluation visit those few hundred and the rules without a gate.
         * The evaluation does not change the set.
         */
        default BitSet candidates() {
            return null;
        }

        /**
         * Whether a match of string {@code string} of {@code rule} starts at {@code offset}: asked for the
         * strings the condition uses only as {@code $a at E} ({@link PlacedStrings}), whose whole list {@link
         * #of} is then asked only for a rule that matched. By default from {@link #of}.
         */
        default boolean matchesAt(int index, YaraRule rule, int string, long offset) {
            return matchAt(index, rule, string, offset) != null;
        }

        /**
         * The match of string {@code string} of {@code rule} that starts at {@code offset}, or null: what YARA
         * lists of a string it searches at that offset only. By default from {@link #of}.
         */
        default StringMatch matchAt(int index, YaraRule rule, int string, long offset) {
            for (StringMatch match : of(index, rule, string)) {
                if (match.offset() == offset) {
                    return match;
                }
            }
            return null;
        }
    }

    private final List<RuleFile> files;
    /** Per rule file: its runnable rules, and their conditions. */
    private final YaraRule[][] rules;
    private final Condition[][] conditions;
    /** Per rule: its {@link StringGate}, or null (also when the gate holds a placed string). */
    private final int[][][] gates;
    /** Per rule: its placed strings, where YARA lists them, and their gate. */
    private final Placement[][] placements;
    /** The gates of placed strings, and their distinct file-constant offsets ({@code pe.entry_point}). */
    private final PlacedGates placedGates = new PlacedGates();
    private final boolean[] importsPe;
    /** Per rule file: which of its rules a file's evaluation looks at. */
    private final RuleVisits[] visits;

    /**
     * A rule's placed strings ({@link PlacedStrings}: used only as {@code $a at E}); those that YARA records at
     * one constant offset only ({@link PlacedStrings#fixedOffsets}), if literal: YARA 4.2.3 records a hex
     * string with {@code ??}, a nibble, a jump or a group everywhere ({@code yara -s} with {@code $a = { ( 51 |
     * 71 ) }} and {@code $a at 0} lists every 51 and 71, with {@code $a = { 51 }} only the one at 0); and its
     * gate when every string of the gate is placed and asked at file-constant offsets, or null.
     */
    private record Placement(BitSet strings, Map<Integer, Long> fixed, PlacedGates.Gate gate) {
    }

    private RuleEvaluation(List<RuleFile> files) {
        this.files = List.copyOf(files);
        this.rules = new YaraRule[files.size()][];
        this.conditions = new Condition[files.size()][];
        this.importsPe = new boolean[files.size()];
        this.gates = new int[files.size()][][];
        this.placements = new Placement[files.size()][];
        this.visits = new RuleVisits[files.size()];
        for (int f = 0; f < files.size(); f++) {
            rules[f] = files.get(f).runnable().toArray(YaraRule[]::new);
            conditions[f] = Arrays.stream(rules[f]).map(rule -> rule.supportedCondition().orElseThrow())
                    .toArray(Condition[]::new);
            gates[f] = new int[conditions[f].length][];
            placements[f] = new Placement[conditions[f].length];
            for (int r = 0; r < conditions[f].length; r++) {
                PlacedStrings placed = PlacedStrings.in(conditions[f][r]);
                BitSet placedHere = placed.strings();
                // a placed string's gate cannot be looked up without asking for all of its matches
                int[] gate = StringGate.of(conditions[f][r]).orElse(null);
                gates[f][r] = gate != null && noneSet(gate, placedHere) ? gate : null;
                Map<Integer, Long> fixed = new HashMap<>(placed.fixedOffsets(rules[f][r].strings().size()));
                // YARA's regular-expression engine (hex strings with ??, a nibble, a jump or a group of two or
                // more) records every match all the same: only literal strings are searched at their fixed offset
                List<StringDefinition> defined = rules[f][r].strings();
                fixed.keySet().removeIf(i -> !literal(defined.get(i)));
                placements[f][r] = new Placement(placedHere, fixed, placedGates.of(placed, gate));
            }
            importsPe[f] = files.get(f).imports().contains("pe");
            boolean[] global = new boolean[rules[f].length];
            boolean[] gated = new boolean[rules[f].length];
            int[][] placedGateOffsets = new int[rules[f].length][];
            for (int r = 0; r < rules[f].length; r++) {
                global[r] = rules[f][r].global();
                gated[r] = gates[f][r] != null;
                PlacedGates.Gate placedGate = placements[f][r].gate();
                placedGateOffsets[r] = placedGate == null ? null : placedGate.allOffsets();
            }
            visits[f] = RuleVisits.of(global, gated, placedGateOffsets);
        }
    }

    /**
     * The strings of the {@code rule}-th runnable rule of rule file {@code file} that its condition uses only
     * as {@code $a at E}: they are checked at E, and listed in full only when the rule matches.
     */
    public BitSet placed(int file, int rule) {
        return (BitSet) placements[file][rule].strings().clone();
    }

    /** The evaluation of the runnable rules of {@code files}, prepared once for any number of files. */
    public static RuleEvaluation of(List<RuleFile> files) {
        return new RuleEvaluation(files);
    }

    /** The rules of {@code files} that match {@code data}, in YARA's order, with their strings' matches. */
    public static List<MatchedRule> matches(List<RuleFile> files, byte[] data, StringMatches strings) {
        return of(files).matches(data, strings);
    }

    /** The rules that match {@code data}, in YARA's order, with their strings' matches. */
    public List<MatchedRule> matches(byte[] data, StringMatches strings) {
        return matches(FileContent.of(data), strings);
    }

    /**
     * The rules that match the file, in YARA's order, with their strings' matches; its bytes are read only
     * if a condition, a string check or the pe module needs them.
     */
    public List<MatchedRule> matches(FileContent data, StringMatches strings) {
        List<MatchedRule> result = new ArrayList<>();
        ByteFacts.LazyPe pe = new ByteFacts.LazyPe(data);
        Map<String, ModuleValue> moduleValues = new HashMap<>();
        PlacedGates.Values placedValues = placedGates.values(data, moduleValues);
        int index = 0;
        for (int f = 0; f < files.size(); f++) {
            placedValues.pe(importsPe[f] ? pe : null);
            result.addAll(matches(f, index, data, importsPe[f] ? pe : null, moduleValues, strings, placedValues));
            index += rules[f].length;
        }
        return result;
    }

    private List<MatchedRule> matches(int f, int first, FileContent data, ByteFacts.LazyPe pe,
            Map<String, ModuleValue> moduleValues, StringMatches strings, PlacedGates.Values placedValues) {
        // Gated rules outside the candidates, and placed gates where no placed offset is defined, are false
        // without a look-up (mayMatchAny and PlacedGates.mayMatch below would say so): RuleVisits passes them over
        BitSet look = visits[f].look(first, strings.candidates(), placedValues::noneDefined);
        if (look == null) {
            return List.of(); // a global rule passed over hides the namespace
        }
        Map<String, Boolean> results = new HashMap<>();
        List<MatchedRule> reported = new ArrayList<>();
        boolean gated = false;
        for (int r = look.nextSetBit(0); r >= 0; r = look.nextSetBit(r + 1)) {
            YaraRule rule = rules[f][r];
            if (gates[f][r] != null && !mayMatchAny(gates[f][r], first + r, strings)) {
                // as below, without a look-up: none of the gate's strings can match
                gated |= rule.global();
                continue;
            }
            Placement placement = placements[f][r];
            if (placement.gate() != null
                    && !PlacedGates.mayMatch(placement.gate(), first + r, rule, strings, placedValues)) {
                // as above: none of the gate's strings matches where the condition asks for it
                gated |= rule.global();
                continue;
            }
            int count = rule.strings().size();
            List<List<StringMatch>> found = new ArrayList<>(Collections.nCopies(count, null));
            if (gates[f][r] != null && noneFound(gates[f][r], first + r, rule, strings, found)) {
                // false without evaluating: not reported, and a global rule hides its namespace
                gated |= rule.global();
                continue;
            }
            BitSet placedHere = placement.strings();
            for (int i = 0; i < count; i++) {
                if (found.get(i) == null && !placedHere.get(i)) {
                    found.set(i, strings.of(first + r, rule, i));
                }
            }
            ByteFacts facts = new ByteFacts(data, pe, found, results, moduleValues,
                    new ByteFacts.Placed(first + r, rule, strings));
            boolean matched = ConditionEvaluator.matches(conditions[f][r], facts);
            results.put(rule.name(), matched);
            gated |= rule.global() && !matched;
            if (matched && !rule.isPrivate()) {
                Map<Integer, Long> fixed = placement.fixed();
                for (int i = placedHere.nextSetBit(0); i >= 0; i = placedHere.nextSetBit(i + 1)) {
                    if (fixed.containsKey(i)) {
                        found.set(i, matchAt(first + r, rule, i, fixed.get(i), strings));
                    } else if (found.get(i) == null) {
                        found.set(i, strings.of(first + r, rule, i));
                    }
                }
                reported.add(new MatchedRule(new RuleMatch(rule.namespace(), rule.name(), rule.tags()), rule, found));
            }
        }
        return gated ? List.of() : reported;
    }

    /**
     * YARA's {@code STRING_FLAGS_LITERAL}: a text string (any modifiers), or a hex string of whole bytes (a
     * group of one alternative is its tokens: {@code { (6B 65 79) }} is literal).
     */
    private static boolean literal(StringDefinition string) {
        return !(string.value() instanceof HexString hex) || literalTokens(hex.tokens());
    }

    private static boolean literalTokens(List<HexToken> tokens) {
        return tokens.stream().allMatch(token -> token instanceof HexToken.HexByte b ? b.mask() == 0xFF
                : token instanceof HexToken.HexAlternatives group && group.alternatives().size() == 1
                        && literalTokens(group.alternatives().get(0)));
    }

    /**
     * The one match YARA records of a string it searches at a fixed offset only, as the string's list: the
     * match starting at {@code offset}, or none.
     */
    private static List<StringMatch> matchAt(int index, YaraRule rule, int string, long offset,
            StringMatches strings) {
        StringMatch match = strings.matchAt(index, rule, string, offset);
        return match == null ? List.of() : List.of(match);
    }

    private static boolean noneSet(int[] indexes, BitSet set) {
        for (int i : indexes) {
            if (set.get(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean mayMatchAny(int[] gate, int index, StringMatches strings) {
        for (int i : gate) {
            if (strings.mayMatch(index, i)) {
                return true;
            }
        }
        return false;
    }

    /** Looks up the gate's strings into {@code found}; true when none of them has a match. */
    private static boolean noneFound(int[] gate, int index, YaraRule rule, StringMatches strings,
            List<List<StringMatch>> found) {
        boolean none = true;
        for (int i : gate) {
            found.set(i, strings.of(index, rule, i));
            none &= found.get(i).isEmpty();
        }
        return none;
    }
}
