package org.imbrex.io.yara.rules;

import java.util.List;
import org.imbrex.io.yara.strings.StringMatch;

/**
 * A rule that matched one file, with the matches of each of its strings in the rule's order, as {@code
 * yara -s} lists them under the rule.
 *
 * <p>Example: {@code rule r { strings: $a = "MZ" $b = "PE" condition: $a }} over {@code "MZ..MZ"} is
 * {@code MatchedRule(n:r, r, [[0x0:2, 0x4:2], []])}.
 */
public record MatchedRule(RuleMatch match, YaraRule rule, List<List<StringMatch>> strings) {
    public MatchedRule {
        strings = strings.stream().map(List::copyOf).toList();
    }
}
