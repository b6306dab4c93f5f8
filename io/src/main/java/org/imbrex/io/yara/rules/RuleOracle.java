package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.imbrex.io.yara.condition.ConditionEvaluator;
import org.imbrex.io.yara.pe.PeModule;

/**
 * The reference rule engine of imbrex: which rules of one or more {@link RuleFile}s match one file's
 * bytes, as {@code yara -e ns1:f1.yar ns2:f2.yar FILE} reports them, with plain loops and no index.
 *
 * <p>YARA 4.2.3's semantics, each checked with {@code /usr/bin/yara}:
 * <pre>
 *   order        rule files in the order given, rules in file order
 *   private      evaluated, usable by later rules, never reported
 *   global       one global rule that does not match hides every rule of its namespace, rules
 *                defined before it included; a matching global rule is reported unless private
 *   references   a rule sees the results of the rules of its namespace defined before it
 *   skipped      never reported, never evaluated (RuleFileReader skips whatever depends on them)
 * </pre>
 * Each file is its own namespace: YARA puts files given without {@code ns:} into one namespace, {@code
 * default}, where duplicates across files clash and global rules gate both files; imbrex reads each file
 * alone, so it matches {@code yara} run with distinct namespaces.
 *
 * <p>Example: for {@code private rule p { strings: $a = "MZ" condition: $a at 0 }  rule r : exe {
 * condition: p }} read as namespace {@code n}, {@code RuleOracle.matches(List.of(file), "MZ..".getBytes())}
 * is {@code [RuleMatch(n, r, [exe])]}.
 */
public final class RuleOracle {
    private RuleOracle() {
    }

    /** The rules of {@code files} that match {@code data}, in YARA's order. */
    public static List<RuleMatch> matches(List<RuleFile> files, byte[] data) {
        List<RuleMatch> result = new ArrayList<>();
        PeModule pe = null;
        for (RuleFile file : files) {
            if (pe == null && file.imports().contains("pe")) {
                pe = ByteFacts.peModule(data);
            }
            result.addAll(matches(file, data, file.imports().contains("pe") ? pe : null));
        }
        return result;
    }

    /** The rules of one file that match {@code data}. */
    public static List<RuleMatch> matches(RuleFile file, byte[] data) {
        return matches(List.of(file), data);
    }

    private static List<RuleMatch> matches(RuleFile file, byte[] data, PeModule pe) {
        Map<String, Boolean> results = new HashMap<>();
        List<RuleMatch> reported = new ArrayList<>();
        boolean gated = false;
        for (YaraRule rule : file.runnable()) {
            ByteFacts facts = new ByteFacts(data, pe, rule.strings(), results);
            boolean matched = ConditionEvaluator.matches(rule.supportedCondition().orElseThrow(), facts);
            results.put(rule.name(), matched);
            gated |= rule.global() && !matched;
            if (matched && !rule.isPrivate()) {
                reported.add(new RuleMatch(rule.namespace(), rule.name(), rule.tags()));
            }
        }
        return gated ? List.of() : reported;
    }
}
