package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.imbrex.io.yara.condition.ConditionParser;
import org.imbrex.io.yara.condition.ConditionScope;
import org.imbrex.io.yara.condition.RuleNames;
import org.imbrex.io.yara.condition.ParsedCondition;
import org.imbrex.io.yara.strings.StringDefinition;
import org.imbrex.io.yara.strings.StringDefinitionReader;
import org.imbrex.io.yara.strings.YaraSource;

/**
 * Reads one rule from its name to its closing brace, refusing what YARA 4.2.3 refuses in a rule:
 * <pre>
 *   rule NAME [: TAG ...] {                duplicated identifier "NAME" (a rule defined before)
 *       meta:      KEY = "text" | N | true  duplicated tag identifier "TAG"
 *       strings:   $id = ...                duplicated string identifier "$id" (anonymous $ may repeat)
 *       condition: ...                      unreferenced string "$id", every string but those the
 *   }                                       condition names ($a #a @a !a $a* them; $_a too, in 4.2.3)
 * </pre>
 * Example: {@code rule a { strings: $a = "x" $b = "y" condition: $a }} throws {@code f.yar:1:29:
 * unreferenced string "$b"}, at the {@code $} of {@code $b}.
 */
final class RuleReader {
    private final YaraSource source;
    private final String namespace;
    private final Set<String> modules;

    RuleReader(YaraSource source, String namespace, Set<String> modules) {
        this.source = source;
        this.namespace = namespace;
        this.modules = modules;
    }

    /**
     * Reads the rule whose name starts here; {@code names} are the names defined before it, and the rule's
     * own is added to them once it is known to be new.
     */
    Read read(boolean global, boolean isPrivate, int line, RuleNames names) {
        YaraSource.Position namePosition = source.position();
        String name = RuleFileReader.name(source, "a rule name");
        if (names.contains(name)) {
            throw source.error(namePosition, "duplicated identifier \"" + name + "\"");
        }
        List<String> tags = tags();
        expect('{');
        List<YaraRule.Meta> meta = List.of();
        List<StringDefinition> strings = List.of();
        YaraSource.Position at = section();
        String section = RuleFileReader.identifier(source, "meta:, strings: or condition:");
        if (section.equals("meta")) {
            expect(':');
            meta = MetaReader.read(source);
            at = section();
            section = RuleFileReader.identifier(source, "strings: or condition:");
        }
        if (section.equals("strings")) {
            expect(':');
            strings = strings();
            at = section();
            section = RuleFileReader.identifier(source, "condition:");
        }
        if (!section.equals("condition")) {
            throw source.error(at, "syntax error, unexpected '" + section + "', expecting condition:");
        }
        expect(':');
        source.skipSpace();
        ConditionText text = ConditionText.scan(source);
        source.next();
        List<String> identifiers = strings.stream().map(s -> "$" + s.identifier()).toList();
        names.add(name);
        ConditionScope scope = new ConditionScope(source.file(), text.start().line(), text.start().column(),
                identifiers, names.defined(), modules);
        ParsedCondition condition = ConditionParser.parse(text.text(), scope);
        for (StringDefinition string : strings) {
            if (!text.references("$" + string.identifier())) {
                throw source.error(string.position(), "unreferenced string \"$" + string.identifier() + "\"");
            }
        }
        return new Read(new YaraRule(namespace, name, global, isPrivate, tags, meta, strings, condition, line),
                text);
    }

    /** A rule and its condition's text, which the skipping rules read for rule references. */
    record Read(YaraRule rule, ConditionText condition) {
    }

    private List<String> tags() {
        source.skipSpace();
        List<String> tags = new ArrayList<>();
        if (!source.accept(":")) {
            return tags;
        }
        source.skipSpace();
        while (source.peek() != '{') {
            YaraSource.Position at = source.position();
            String tag = RuleFileReader.name(source, "a tag or '{'");
            if (tags.contains(tag)) {
                throw source.error(at, "duplicated tag identifier \"" + tag + "\"");
            }
            tags.add(tag);
            source.skipSpace();
        }
        if (tags.isEmpty()) {
            throw source.error(source.position(), "syntax error, unexpected '{', expecting a tag");
        }
        return tags;
    }

    private List<StringDefinition> strings() {
        List<StringDefinition> strings = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        source.skipSpace();
        while (source.peek() == '$') {
            StringDefinition definition = StringDefinitionReader.read(source);
            if (!definition.identifier().isEmpty() && !seen.add(definition.identifier())) {
                throw source.error(definition.position(), "duplicated string identifier \"$"
                        + definition.identifier() + "\"");
            }
            strings.add(definition);
            source.skipSpace();
        }
        if (strings.isEmpty()) {
            throw source.error(source.position(), "syntax error, expecting a string definition after strings:");
        }
        return strings;
    }

    private YaraSource.Position section() {
        source.skipSpace();
        return source.position();
    }

    private void expect(char c) {
        source.skipSpace();
        if (source.peek() != c) {
            throw source.error(source.position(), "syntax error, unexpected " + RuleFileReader.describe(source)
                    + ", expecting '" + c + "'");
        }
        source.next();
    }
}
