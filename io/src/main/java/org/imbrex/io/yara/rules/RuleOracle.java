package org.imbrex.io.yara.rules;

import java.util.List;
import org.imbrex.io.yara.strings.StringMatcher;

/**
 * The reference rule engine of imbrex: which rules of one or more {@link RuleFile}s match one file's
 * bytes, as {@code yara -e ns1:f1.yar ns2:f2.yar FILE} reports them, with plain loops and no index.
 *
 * <p>The rules are evaluated by {@link RuleEvaluation}, with YARA's order, private, global and reference
 * rules. Each file is its own namespace: YARA puts files given without {@code ns:} into one namespace, {@code
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
        return matched(files, data, 0).stream().map(MatchedRule::match).toList();
    }

    /** The rules of {@code files} that match {@code data} with hex strings matched within SAD {@code maxSad}. */
    public static List<MatchedRule> matched(List<RuleFile> files, byte[] data, int maxSad) {
        return RuleEvaluation.matches(files, data, (file, rule, string) -> StringMatcher.matches(
                rule.strings().get(string), data, maxSad));
    }

    /** The rules of one file that match {@code data}. */
    public static List<RuleMatch> matches(RuleFile file, byte[] data) {
        return matches(List.of(file), data);
    }
}
