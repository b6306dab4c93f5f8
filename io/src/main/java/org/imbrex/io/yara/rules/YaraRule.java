package org.imbrex.io.yara.rules;

import java.util.List;
import java.util.Optional;
import org.imbrex.io.yara.condition.ParsedCondition;
import org.imbrex.io.yara.strings.StringDefinition;

/**
 * One rule of a YARA rule file as {@link RuleFileReader} read it: its namespace, name, flags, tags, meta,
 * strings, parsed condition and the line of its {@code rule} keyword.
 * <pre>
 *   private rule mz_at_0 : pe header {          name "mz_at_0", private, tags [pe, header]
 *       meta:      author = "x"  version = 2    meta [author="x", version=2]
 *       strings:   $mz = "MZ"                   strings [$mz]
 *       condition: $mz at 0                     condition Supported(StringAt($mz, 0))
 *   }
 * </pre>
 * Example: in namespace {@code "default"}, the rule above is {@code YaraRule("default", "mz_at_0", false,
 * true, [pe, header], [...], [$mz = "MZ"], Supported(...), 1)}.
 *
 * @param line the 1-based line of the rule's first word ({@code global}, {@code private} or {@code rule})
 */
public record YaraRule(String namespace, String name, boolean global, boolean isPrivate, List<String> tags,
        List<Meta> meta, List<StringDefinition> strings, ParsedCondition condition, int line) {

    public YaraRule {
        tags = List.copyOf(tags);
        meta = List.copyOf(meta);
        strings = List.copyOf(strings);
    }

    /**
     * One {@code meta:} entry; {@code value} is a {@code String} (the text, escapes resolved as Latin-1),
     * a {@code Long} or a {@code Boolean}. Example: {@code version = -2} is {@code Meta("version", -2L)}.
     */
    public record Meta(String name, Object value) {
        public Meta {
            if (!(value instanceof String || value instanceof Long || value instanceof Boolean)) {
                throw new IllegalArgumentException("meta " + name + ": a value is a String, Long or Boolean, not "
                        + value);
            }
        }
    }

    /** The condition tree when imbrex can evaluate it. */
    public Optional<org.imbrex.io.yara.condition.Condition> supportedCondition() {
        return condition instanceof ParsedCondition.Supported s ? Optional.of(s.condition()) : Optional.empty();
    }
}
