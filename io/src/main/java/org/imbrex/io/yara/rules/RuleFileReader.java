package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.imbrex.io.signature.SignatureFormatException;
import org.imbrex.io.yara.condition.RuleNames;
import org.imbrex.io.yara.strings.YaraSource;

/**
 * Reads a whole YARA 4.2 rule file into a {@link RuleFile}. What YARA 4.2.3 refuses, it refuses for the
 * whole file, so imbrex does too, with a {@link SignatureFormatException} ({@code file:line:column:
 * reason}): syntax errors, {@code unknown module "x"}, {@code duplicated identifier "r"}, {@code
 * duplicated string identifier "$a"}, {@code unreferenced string "$a"}, {@code undefined identifier "r"}
 * (a rule used before it is defined), and every refusal of the string and condition readers.
 *
 * <p>What YARA accepts and imbrex cannot run skips one rule ({@link SkippedRule}), first reason first:
 * <pre>
 *   1. a string imbrex does not match        "string $a: " + the string's reason (regex, xor, base64)
 *   2. a condition construct it cannot run   the condition parser's reason, e.g. module 'math' ...
 *   3. a reference to a skipped rule         "refers to skipped rule r"
 *   4. a skipped global rule g               every rule of the namespace: "global rule g is skipped"
 * </pre>
 * Step 4 is exact, not cautious: a global rule gates every rule of its namespace (defined before it or
 * after), so when imbrex cannot tell whether {@code g} matches, it cannot tell whether any rule of the
 * namespace is reported.
 *
 * <p>{@code import "pe"} makes {@code pe.*} available; other modules YARA 4.2.3 knows are accepted and
 * rules using them are skipped (step 2). {@code include} is not followed: an {@link IncludeWarning}.
 *
 * <p>Example: {@code RuleFileReader.read("default", "f.yar", "rule a { condition: b } rule b { condition:
 * true }")} throws {@code f.yar:1:21: undefined identifier "b"}.
 */
public final class RuleFileReader {
    /** The modules {@code /usr/bin/yara} 4.2.3 knows; {@code import "string"} is {@code unknown module}. */
    static final Set<String> KNOWN_MODULES = Set.of("pe", "elf", "math", "time", "hash", "dotnet", "cuckoo",
            "magic", "dex", "macho", "console", "tests");

    /** YARA 4.2.3's reserved words ({@code libyara/lexer.l}); {@code uint8} and the like are too. */
    private static final Set<String> KEYWORDS = Set.of("true", "false", "not", "and", "or", "at", "in", "of",
            "them", "for", "all", "any", "none", "entrypoint", "filesize", "matches", "contains", "startswith",
            "endswith", "icontains", "istartswith", "iendswith", "iequals", "import", "include", "defined",
            "private", "global", "rule", "meta", "strings", "ascii", "wide", "xor", "base64", "base64wide",
            "fullword", "nocase", "condition");
    private static final Pattern INTEGER_FUNCTION = Pattern.compile("u?int(8|16|32)(be)?");

    private final YaraSource source;
    private final String namespace;
    private final Set<String> modules = new LinkedHashSet<>();
    private final List<RuleReader.Read> rules = new ArrayList<>();
    private final RuleNames names = new RuleNames();
    private final List<IncludeWarning> includes = new ArrayList<>();

    private RuleFileReader(String namespace, String file, String text) {
        this.source = new YaraSource(file, text);
        this.namespace = namespace;
    }

    /** Reads {@code text}, named {@code file} in messages, as the namespace {@code namespace}. */
    public static RuleFile read(String namespace, String file, String text) {
        return new RuleFileReader(namespace, file, text).file();
    }

    /** {@link #read(String, String, String)} with the file's name as its namespace. */
    public static RuleFile read(String file, String text) {
        return read(file, file, text);
    }

    private RuleFile file() {
        while (true) {
            source.skipSpace();
            if (source.atEnd()) {
                break;
            }
            YaraSource.Position at = source.position();
            String word = identifier(source, "import, include or a rule");
            switch (word) {
                case "import" -> importModule(at);
                case "include" -> includes.add(new IncludeWarning(quoted(), at.line(), at.column()));
                case "global", "private", "rule" -> rule(word, at);
                default -> throw source.error(at, "syntax error, unexpected '" + word
                        + "', expecting import, include or rule");
            }
        }
        List<YaraRule> all = rules.stream().map(RuleReader.Read::rule).toList();
        return new RuleFile(namespace, modules, all, RuleSkipping.skipped(rules), includes);
    }

    private void importModule(YaraSource.Position at) {
        String module = quoted();
        if (!KNOWN_MODULES.contains(module)) {
            throw source.error(at, "unknown module \"" + module + "\"");
        }
        modules.add(module);
    }

    private void rule(String first, YaraSource.Position at) {
        boolean global = false;
        boolean isPrivate = false;
        String word = first;
        while (!word.equals("rule")) {
            if (word.equals("global")) {
                global = true;
            } else if (word.equals("private")) {
                isPrivate = true;
            } else {
                throw source.error(at, "syntax error, unexpected '" + word + "', expecting rule");
            }
            source.skipSpace();
            word = identifier(source, "rule");
        }
        source.skipSpace();
        rules.add(new RuleReader(source, namespace, modules).read(global, isPrivate, at.line(), names));
    }

    private String quoted() {
        source.skipSpace();
        YaraSource.Position at = source.position();
        if (!source.accept("\"")) {
            throw source.error(at, "syntax error, unexpected " + describe(source) + ", expecting a quoted name");
        }
        StringBuilder text = new StringBuilder();
        while (!source.accept("\"")) {
            if (source.atEnd() || source.peek() == '\n') {
                throw source.error(at, "unterminated string");
            }
            text.append(source.next());
        }
        return text.toString();
    }

    /** An identifier, {@code [A-Za-z_][A-Za-z0-9_]*}, or a syntax error naming what was {@code expected}. */
    static String identifier(YaraSource source, String expected) {
        YaraSource.Position at = source.position();
        if (!ConditionText.isWordStart(source.peek())) {
            throw source.error(at, "syntax error, unexpected " + describe(source) + ", expecting " + expected);
        }
        StringBuilder word = new StringBuilder();
        while (ConditionText.isWordPart(source.peek())) {
            word.append(source.next());
        }
        return word.toString();
    }

    /** An identifier that is not one of YARA's keywords: a rule name, a tag or a meta key. */
    static String name(YaraSource source, String expected) {
        YaraSource.Position at = source.position();
        String word = identifier(source, expected);
        if (KEYWORDS.contains(word) || INTEGER_FUNCTION.matcher(word).matches()) {
            throw source.error(at, "syntax error, unexpected keyword '" + word + "', expecting " + expected);
        }
        return word;
    }

    /** The next character for a message: {@code 'x'}, or {@code end of file}. */
    static String describe(YaraSource source) {
        return source.atEnd() ? "end of file" : "'" + source.peek() + "'";
    }
}
