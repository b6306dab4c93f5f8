package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.yara.strings.YaraSource;

/**
 * The text of one rule's condition, cut from the rule file, and the names it refers to, found by a plain
 * scan of its tokens (text literals, regular expressions and comments skipped).
 *
 * <p>The condition runs from after {@code condition:} to the rule's closing brace; YARA's condition
 * grammar has no brace of its own, so the first {@code }} outside a literal or comment ends it:
 * <pre>
 *   condition: $a and pe.sections[0].name == "}" }
 *              ^ start                           ^ end (the "}" inside quotes is skipped)
 * </pre>
 * References, as YARA marks them while it compiles the condition: {@code $a #a @a !a} name the string
 * {@code $a}; {@code $a*} every string starting with {@code $a}; {@code them} and {@code $*} every
 * string; a bare word ({@code other_rule}, or {@code other*} in {@code any of (other*)}) may name a rule.
 *
 * <p>Example: {@code ConditionText.scan(source)} over {@code "#a > 2 and any of ($b*) and r1 }"} gives the
 * text {@code "#a > 2 and any of ($b*) and r1 "}, strings {@code [$a, $b*]}, words {@code [and, any, of,
 * and, r1]}.
 */
record ConditionText(String text, YaraSource.Position start, List<String> strings, List<String> words) {

    /** Reads up to, not including, the closing brace; the source is left at the brace. */
    static ConditionText scan(YaraSource source) {
        YaraSource.Position start = source.position();
        StringBuilder text = new StringBuilder();
        List<String> strings = new ArrayList<>();
        List<String> words = new ArrayList<>();
        String lastWord = "";
        char previous = ' ';
        while (true) {
            if (source.atEnd()) {
                throw source.error(source.position(), "syntax error, unexpected end of file, expecting '}'");
            }
            char c = source.peek();
            if (c == '}') {
                return new ConditionText(text.toString(), start, strings, words);
            }
            if (source.atComment()) {
                YaraSource.Position before = source.position();
                source.skipSpace();
                text.append(' ');
                previous = ' ';
                if (source.position().equals(before)) {
                    text.append(source.next());
                }
                continue;
            }
            if (c == '"') {
                quoted(source, text, '"');
            } else if (c == '/' && lastWord.equals("matches")) {
                quoted(source, text, '/');
                lastWord = "";
            } else if ((c == '$' || c == '#' || c == '@' || c == '!') && !isWordPart(previous)) {
                String name = reference(source, text);
                if (name != null) {
                    strings.add(name);
                }
            } else if (isWordStart(c) && !isWordPart(previous)) {
                String word = word(source, text);
                boolean module = previous == '.';
                if (source.peek() == '*') {
                    word = word + '*';
                    text.append(source.next());
                }
                if (!module) {
                    words.add(word);
                }
                lastWord = word;
            } else {
                text.append(source.next());
                if (!Character.isWhitespace(c)) {
                    lastWord = "";
                }
            }
            previous = text.length() == 0 ? ' ' : text.charAt(text.length() - 1);
        }
    }

    /** {@code $a}, {@code $a*}, {@code $*} (as {@code $*}); {@code !=} and a bare {@code $} give null. */
    private static String reference(YaraSource source, StringBuilder text) {
        text.append(source.next());
        StringBuilder name = new StringBuilder("$");
        while (isWordPart(source.peek())) {
            char c = source.next();
            text.append(c);
            name.append(c);
        }
        if (source.peek() == '*') {
            text.append(source.next());
            name.append('*');
        }
        return name.length() == 1 ? null : name.toString();
    }

    private static void quoted(YaraSource source, StringBuilder text, char quote) {
        YaraSource.Position at = source.position();
        text.append(source.next());
        while (true) {
            if (source.atEnd() || source.peek() == '\n') {
                throw source.error(at, quote == '"' ? "unterminated string" : "unterminated regular expression");
            }
            char c = source.next();
            text.append(c);
            if (c == '\\' && !source.atEnd() && source.peek() != '\n') {
                text.append(source.next());
            } else if (c == quote) {
                return;
            }
        }
    }

    private static String word(YaraSource source, StringBuilder text) {
        StringBuilder word = new StringBuilder();
        while (isWordPart(source.peek())) {
            word.append(source.next());
        }
        text.append(word);
        return word.toString();
    }

    static boolean isWordStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    static boolean isWordPart(char c) {
        return isWordStart(c) || (c >= '0' && c <= '9');
    }

    /** Whether the condition refers to the string {@code identifier} ({@code $a}, or {@code $} if anonymous). */
    boolean references(String identifier) {
        if (words.contains("them")) {
            return true;
        }
        for (String name : strings) {
            if (name.endsWith("*") ? identifier.startsWith(name.substring(0, name.length() - 1))
                    : name.equals(identifier) && !identifier.equals("$")) {
                return true;
            }
        }
        return false;
    }

    /** Whether a word of the condition names the rule {@code rule}, or a wildcard covers it. */
    boolean mentionsRule(String rule) {
        for (String word : words) {
            if (word.endsWith("*") ? rule.startsWith(word.substring(0, word.length() - 1)) : word.equals(rule)) {
                return true;
            }
        }
        return false;
    }
}
