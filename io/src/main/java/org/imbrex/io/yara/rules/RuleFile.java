package org.imbrex.io.yara.rules;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A whole YARA rule file as {@link RuleFileReader} read it: its namespace, imported modules, every rule in
 * order, the rules imbrex cannot run ({@link SkippedRule}, in order), and the includes it did not follow.
 *
 * <p>Example: for namespace {@code "default"} and
 * <pre>
 *   import "pe"
 *   rule a { condition: pe.entry_point == 0x400 }
 *   rule b { strings: $r = /ab+c/ condition: $r }
 * </pre>
 * {@code rules()} is [a, b], {@code skipped()} is [b: "string $r: ..."], {@code runnable()} is [a].
 */
public record RuleFile(String namespace, Set<String> imports, List<YaraRule> rules, List<SkippedRule> skipped,
        List<IncludeWarning> includes) {

    public RuleFile {
        imports = Set.copyOf(imports);
        rules = List.copyOf(rules);
        skipped = List.copyOf(skipped);
        includes = List.copyOf(includes);
    }

    /** The rules imbrex runs: every rule that is not skipped, in file order. */
    public List<YaraRule> runnable() {
        Set<String> names = skipped.stream().map(SkippedRule::rule).collect(Collectors.toSet());
        return rules.stream().filter(rule -> !names.contains(rule.name())).toList();
    }
}
