package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.imbrex.io.yara.condition.Condition;
import org.imbrex.io.yara.condition.ConditionEvaluator;
import org.imbrex.io.yara.condition.ModuleValue;
import org.imbrex.io.yara.condition.StringGate;
import org.imbrex.io.yara.pe.PeModule;
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
    }

    private final List<RuleFile> files;
    /** Per rule file: its runnable rules, and their conditions. */
    private final YaraRule[][] rules;
    private final Condition[][] conditions;
    /** Per rule: its {@link StringGate}, or null. */
    private final int[][][] gates;
    private final boolean[] importsPe;

    private RuleEvaluation(List<RuleFile> files) {
        this.files = List.copyOf(files);
        this.rules = new YaraRule[files.size()][];
        this.conditions = new Condition[files.size()][];
        this.importsPe = new boolean[files.size()];
        this.gates = new int[files.size()][][];
        for (int f = 0; f < files.size(); f++) {
            rules[f] = files.get(f).runnable().toArray(YaraRule[]::new);
            conditions[f] = Arrays.stream(rules[f]).map(rule -> rule.supportedCondition().orElseThrow())
                    .toArray(Condition[]::new);
            gates[f] = Arrays.stream(conditions[f]).map(c -> StringGate.of(c).orElse(null)).toArray(int[][]::new);
            importsPe[f] = files.get(f).imports().contains("pe");
        }
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
        List<MatchedRule> result = new ArrayList<>();
        PeModule pe = null;
        Map<String, ModuleValue> moduleValues = new HashMap<>();
        int index = 0;
        for (int f = 0; f < files.size(); f++) {
            if (pe == null && importsPe[f]) {
                pe = ByteFacts.peModule(data);
            }
            result.addAll(matches(f, index, data, importsPe[f] ? pe : null, moduleValues, strings));
            index += rules[f].length;
        }
        return result;
    }

    private List<MatchedRule> matches(int f, int first, byte[] data, PeModule pe,
            Map<String, ModuleValue> moduleValues, StringMatches strings) {
        Map<String, Boolean> results = new HashMap<>(2 * rules[f].length);
        List<MatchedRule> reported = new ArrayList<>();
        boolean gated = false;
        for (int r = 0; r < rules[f].length; r++) {
            YaraRule rule = rules[f][r];
            if (gates[f][r] != null && !mayMatchAny(gates[f][r], first + r, strings)) {
                // as below, without a look-up: none of the gate's strings can match
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
            for (int i = 0; i < count; i++) {
                if (found.get(i) == null) {
                    found.set(i, strings.of(first + r, rule, i));
                }
            }
            ByteFacts facts = new ByteFacts(data, pe, found, results, moduleValues);
            boolean matched = ConditionEvaluator.matches(conditions[f][r], facts);
            results.put(rule.name(), matched);
            gated |= rule.global() && !matched;
            if (matched && !rule.isPrivate()) {
                reported.add(new MatchedRule(new RuleMatch(rule.namespace(), rule.name(), rule.tags()), rule, found));
            }
        }
        return gated ? List.of() : reported;
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
