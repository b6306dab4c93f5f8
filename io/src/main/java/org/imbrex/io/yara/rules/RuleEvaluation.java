package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.imbrex.io.yara.condition.ConditionEvaluator;
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
 * and the bytes {@code "MZ.."}, {@code RuleEvaluation.matches(files, data, (f, rule, i) -> List.of(new
 * StringMatch(0, 2)))} is one {@link MatchedRule} for {@code n:r [exe]} with the matches {@code [[0x0:2]]}.
 */
public final class RuleEvaluation {
    /** Where the strings of the rules match in the file. */
    @FunctionalInterface
    public interface StringMatches {
        /**
         * The matches of string {@code string} of {@code rule} (of {@code files.get(file)}), in ascending
         * offset order, at most one per offset, as {@code StringMatcher} gives them.
         */
        List<StringMatch> of(int file, YaraRule rule, int string);
    }

    private RuleEvaluation() {
    }

    /** The rules of {@code files} that match {@code data}, in YARA's order, with their strings' matches. */
    public static List<MatchedRule> matches(List<RuleFile> files, byte[] data, StringMatches strings) {
        List<MatchedRule> result = new ArrayList<>();
        PeModule pe = null;
        for (int f = 0; f < files.size(); f++) {
            RuleFile file = files.get(f);
            if (pe == null && file.imports().contains("pe")) {
                pe = ByteFacts.peModule(data);
            }
            result.addAll(matches(file, f, data, file.imports().contains("pe") ? pe : null, strings));
        }
        return result;
    }

    private static List<MatchedRule> matches(RuleFile file, int f, byte[] data, PeModule pe, StringMatches strings) {
        Map<String, Boolean> results = new HashMap<>();
        List<MatchedRule> reported = new ArrayList<>();
        boolean gated = false;
        for (YaraRule rule : file.runnable()) {
            List<List<StringMatch>> found = new ArrayList<>();
            for (int i = 0; i < rule.strings().size(); i++) {
                found.add(strings.of(f, rule, i));
            }
            ByteFacts facts = new ByteFacts(data, pe, found, results);
            boolean matched = ConditionEvaluator.matches(rule.supportedCondition().orElseThrow(), facts);
            results.put(rule.name(), matched);
            gated |= rule.global() && !matched;
            if (matched && !rule.isPrivate()) {
                reported.add(new MatchedRule(new RuleMatch(rule.namespace(), rule.name(), rule.tags()), rule, found));
            }
        }
        return gated ? List.of() : reported;
    }
}
