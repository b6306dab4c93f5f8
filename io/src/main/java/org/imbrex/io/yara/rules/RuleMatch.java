package org.imbrex.io.yara.rules;

import java.util.List;

/**
 * A rule that matched one file, as {@code yara -e -g} prints it: {@code namespace:rule [tag,tag] file}.
 *
 * <p>Example: {@code default:mz_at_0 [pe,header] a.exe} is {@code RuleMatch("default", "mz_at_0", [pe,
 * header])}.
 */
public record RuleMatch(String namespace, String rule, List<String> tags) {

    public RuleMatch {
        tags = List.copyOf(tags);
    }

    /** {@code namespace:rule}, the form {@code yara -e} prints. */
    public String qualifiedName() {
        return namespace + ":" + rule;
    }
}
