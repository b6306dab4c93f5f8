package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.imbrex.io.yara.condition.ParsedCondition;
import org.imbrex.io.yara.strings.StringDefinition;

/**
 * Decides which rules of one namespace imbrex cannot run, in the order of {@link RuleFileReader}'s
 * class comment: own strings, own condition, references to skipped rules, then a skipped global rule.
 *
 * <p>A reference is any bare word of the condition that names a skipped rule (or a wildcard {@code a*}
 * that covers one), found by {@link ConditionText}: a loop variable that happens to share the name of a
 * skipped rule skips the rule too. That errs only towards skipping, never towards running a rule whose
 * result imbrex cannot know.
 *
 * <p>Example: {@code rule a { strings: $r = /x+/ condition: $r }  rule b { condition: a }} skips {@code a}
 * ({@code string $r: ...}) and {@code b} ({@code refers to skipped rule a}).
 */
final class RuleSkipping {
    private RuleSkipping() {
    }

    static List<SkippedRule> skipped(List<RuleReader.Read> rules) {
        Map<String, SkippedRule> skipped = new LinkedHashMap<>();
        for (RuleReader.Read read : rules) {
            YaraRule rule = read.rule();
            own(rule).or(() -> skippedReference(read, skipped))
                    .ifPresent(reason -> skipped.put(rule.name(), skip(rule, reason)));
        }
        Optional<YaraRule> global = rules.stream().map(RuleReader.Read::rule)
                .filter(rule -> rule.global() && skipped.containsKey(rule.name())).findFirst();
        if (global.isEmpty()) {
            return List.copyOf(skipped.values());
        }
        String reason = "global rule " + global.get().name() + " is skipped (" + skipped.get(global.get().name())
                .reason() + "), so no rule of namespace " + global.get().namespace() + " can be decided";
        List<SkippedRule> all = new ArrayList<>();
        for (RuleReader.Read read : rules) {
            YaraRule rule = read.rule();
            all.add(skipped.containsKey(rule.name()) ? skipped.get(rule.name()) : skip(rule, reason));
        }
        return all;
    }

    private static Optional<String> own(YaraRule rule) {
        for (StringDefinition string : rule.strings()) {
            Optional<String> reason = string.unsupportedReason();
            if (reason.isPresent()) {
                return Optional.of("string $" + string.identifier() + ": " + reason.get());
            }
        }
        if (rule.condition() instanceof ParsedCondition.Unsupported unsupported) {
            return Optional.of(unsupported.reason() + " (line " + unsupported.line() + ", column "
                    + unsupported.column() + ")");
        }
        return Optional.empty();
    }

    private static Optional<String> skippedReference(RuleReader.Read read, Map<String, SkippedRule> skipped) {
        return skipped.keySet().stream().filter(read.condition()::mentionsRule).findFirst()
                .map(name -> "refers to skipped rule " + name);
    }

    private static SkippedRule skip(YaraRule rule, String reason) {
        return new SkippedRule(rule.namespace(), rule.name(), rule.line(), reason);
    }
}
