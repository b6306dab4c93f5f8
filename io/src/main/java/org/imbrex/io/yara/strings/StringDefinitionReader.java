package org.imbrex.io.yara.strings;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads YARA 4.2 string definitions, {@code $id = VALUE MODIFIERS}, refusing what YARA 4.2.3 refuses with
 * YARA's reason: {@code duplicated modifier}, {@code invalid modifier combination: xor nocase}, {@code
 * empty string "$a"}, {@code illegal escape sequence}, the hex string reasons of {@link HexStringReader},
 * and {@code syntax error} (with a word on what was expected) for a modifier the value does not take.
 *
 * <p>The cursor API is for a whole-rule parser: at a {@code $} in a {@code strings:} section it calls
 * {@link #read(YaraSource)}, which stops after the last modifier, before the next {@code $}, a section
 * name such as {@code condition:}, the rule's {@code }} or any other word (which it leaves to the caller).
 * <pre>
 *   strings:
 *       $a = "MZ" wide nocase      ← read(source) → $a, cursor after "nocase"
 *       $b = { 4D [2-4] 00 }       ← read(source) → $b
 *   condition:                     ← stops here: "condition" is followed by ':'
 * </pre>
 * Example: {@code StringDefinitionReader.readAll("r.yar", "$a = \"MZ\" wide $b = { 4D ?? }")} is two
 * definitions; {@code read("r.yar", "$a = \"MZ\" wide wide")} throws {@code r.yar:1:16: duplicated
 * modifier}.
 */
public final class StringDefinitionReader {
    private static final Set<StringModifier> HEX_MODIFIERS = EnumSet.of(StringModifier.PRIVATE);

    private StringDefinitionReader() {
    }

    /** The one definition that {@code text} holds (blanks and comments around it allowed). */
    public static StringDefinition read(String file, String text) {
        YaraSource source = new YaraSource(file, text);
        source.skipSpace();
        StringDefinition definition = read(source);
        source.skipSpace();
        if (!source.atEnd()) {
            throw source.error(source.position(), "syntax error, unexpected '" + source.peek()
                    + "' after the string definition");
        }
        return definition;
    }

    /** Every definition in {@code text}, the body of a {@code strings:} section and nothing else. */
    public static List<StringDefinition> readAll(String file, String text) {
        YaraSource source = new YaraSource(file, text);
        List<StringDefinition> definitions = new ArrayList<>();
        source.skipSpace();
        while (!source.atEnd()) {
            definitions.add(read(source));
            source.skipSpace();
        }
        return definitions;
    }

    /** Reads the definition that starts at the current {@code $}; see the class comment for where it stops. */
    public static StringDefinition read(YaraSource source) {
        YaraSource.Position at = source.position();
        if (!source.accept("$")) {
            throw source.error(at, "syntax error, expected a string definition like $a = \"text\"");
        }
        String identifier = word(source);
        source.skipSpace();
        if (!source.accept("=")) {
            throw source.error(source.position(), "syntax error, expected '=' after $" + identifier);
        }
        source.skipSpace();
        char c = source.peek();
        StringValue value;
        if (c == '"') {
            value = TextStringReader.read(source, identifier);
        } else if (c == '{') {
            value = HexStringReader.read(source, identifier);
        } else if (c == '/' && !source.atComment()) {
            value = regularExpression(source);
        } else {
            throw source.error(source.position(), "syntax error, expected \"text\", { hex } or /regex/ after $"
                    + identifier + " =");
        }
        return new StringDefinition(identifier, value, modifiers(source, value), at);
    }

    private static List<Modifier> modifiers(YaraSource source, StringValue value) {
        List<Modifier> modifiers = new ArrayList<>();
        Set<StringModifier> seen = EnumSet.noneOf(StringModifier.class);
        YaraSource.Position last = source.position();
        while (true) {
            source.skipSpace();
            YaraSource.Position at = source.position();
            Optional<StringModifier> kind = nextModifier(source);
            if (kind.isEmpty()) {
                break;
            }
            StringModifier modifier = kind.get();
            if (!applies(modifier, value)) {
                throw source.error(at, "syntax error, " + modifier.keyword() + " does not apply to "
                        + (value instanceof HexString ? "hex strings (only private does)"
                                : "regular expressions"));
            }
            word(source);
            Modifier written = new Modifier(modifier, ModifierArguments.read(source, modifier));
            if (!seen.add(modifier)) {
                throw source.error(at, "duplicated modifier");
            }
            modifiers.add(written);
            last = at;
        }
        checkCombination(source, last, seen);
        return modifiers;
    }

    /** The modifier whose keyword comes next, not consumed; empty for anything else. */
    private static Optional<StringModifier> nextModifier(YaraSource source) {
        StringBuilder ahead = new StringBuilder();
        while (isWordPart(source.peek(ahead.length()))) {
            ahead.append(source.peek(ahead.length()));
        }
        return StringModifier.byKeyword(ahead.toString());
    }

    private static boolean applies(StringModifier modifier, StringValue value) {
        if (value instanceof HexString) {
            return HEX_MODIFIERS.contains(modifier);
        }
        return !(value instanceof RegularExpression) || modifier.appliesToRegularExpressions();
    }

    /** YARA 4.2's {@code _yr_parser_check_string_modifiers}, reported at the last modifier. */
    private static void checkCombination(YaraSource source, YaraSource.Position at, Set<StringModifier> seen) {
        boolean base64 = seen.contains(StringModifier.BASE64);
        String base64Name = base64 ? "base64" : "base64wide";
        boolean anyBase64 = base64 || seen.contains(StringModifier.BASE64WIDE);
        String reason = null;
        if (seen.contains(StringModifier.XOR) && seen.contains(StringModifier.NOCASE)) {
            reason = "xor nocase";
        } else if (anyBase64 && seen.contains(StringModifier.NOCASE)) {
            reason = base64Name + " nocase";
        } else if (anyBase64 && seen.contains(StringModifier.FULLWORD)) {
            reason = base64Name + " fullword";
        } else if (anyBase64 && seen.contains(StringModifier.XOR)) {
            reason = base64Name + " xor";
        }
        if (reason != null) {
            throw source.error(at, "invalid modifier combination: " + reason);
        }
    }

    /** {@code /…/} with {@code \/} inside, then YARA 4.2's flags {@code i?s?}. */
    private static RegularExpression regularExpression(YaraSource source) {
        YaraSource.Position start = source.position();
        source.next();
        StringBuilder body = new StringBuilder();
        while (true) {
            if (source.atEnd() || source.peek() == '\n') {
                throw source.error(start, "unterminated regular expression");
            }
            char c = source.next();
            if (c == '/') {
                break;
            }
            body.append(c);
            if (c == '\\' && !source.atEnd() && source.peek() != '\n') {
                body.append(source.next());
            }
        }
        if (body.length() == 0) {
            throw source.error(start, "empty regular expression");
        }
        StringBuilder flags = new StringBuilder();
        if (source.peek() == 'i') {
            flags.append(source.next());
        }
        if (source.peek() == 's') {
            flags.append(source.next());
        }
        return new RegularExpression(body.toString(), flags.toString());
    }

    private static String word(YaraSource source) {
        StringBuilder word = new StringBuilder();
        while (isWordPart(source.peek())) {
            word.append(source.next());
        }
        return word.toString();
    }

    static boolean isWordPart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }
}
