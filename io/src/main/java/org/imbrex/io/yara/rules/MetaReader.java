package org.imbrex.io.yara.rules;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.yara.strings.YaraSource;

/**
 * Reads the entries of a {@code meta:} section, {@code KEY = "text" | [-]N | true | false}, up to the next
 * section name. Texts take YARA's escapes {@code \" \\ \n \t \r \xNN}; integers are decimal or {@code 0x}
 * hexadecimal, as YARA 4.2 reads them.
 *
 * <p>Example: {@code author = "a\x41" size = -0x10 ok = true} gives {@code [Meta(author, "aA"), Meta(size,
 * -16), Meta(ok, true)]}.
 */
final class MetaReader {
    private MetaReader() {
    }

    static List<YaraRule.Meta> read(YaraSource source) {
        List<YaraRule.Meta> meta = new ArrayList<>();
        while (true) {
            source.skipSpace();
            if (isSection(source, "strings") || isSection(source, "condition")) {
                return meta;
            }
            String key = RuleFileReader.name(source, "a meta key, strings: or condition:");
            source.skipSpace();
            if (!source.accept("=")) {
                throw source.error(source.position(), "syntax error, unexpected " + RuleFileReader.describe(source)
                        + ", expecting '='");
            }
            source.skipSpace();
            meta.add(new YaraRule.Meta(key, value(source)));
        }
    }

    private static boolean isSection(YaraSource source, String name) {
        int i = 0;
        for (; i < name.length(); i++) {
            if (source.peek(i) != name.charAt(i)) {
                return false;
            }
        }
        while (source.peek(i) == ' ' || source.peek(i) == '\t') {
            i++;
        }
        return source.peek(i) == ':';
    }

    private static Object value(YaraSource source) {
        YaraSource.Position at = source.position();
        if (source.peek() == '"') {
            return text(source);
        }
        if (source.accept("true")) {
            return Boolean.TRUE;
        }
        if (source.accept("false")) {
            return Boolean.FALSE;
        }
        boolean negative = source.accept("-");
        StringBuilder digits = new StringBuilder();
        int radix = source.accept("0x") ? 16 : 10;
        while (Character.digit(source.peek(), radix) >= 0) {
            digits.append(source.next());
        }
        if (digits.length() == 0) {
            throw source.error(at, "syntax error, expecting a meta value: \"text\", a number, true or false");
        }
        try {
            long value = Long.parseLong(digits.toString(), radix);
            return negative ? -value : value;
        } catch (NumberFormatException e) {
            throw source.error(at, "integer is too large");
        }
    }

    private static String text(YaraSource source) {
        YaraSource.Position at = source.position();
        source.next();
        StringBuilder text = new StringBuilder();
        while (true) {
            if (source.atEnd() || source.peek() == '\n') {
                throw source.error(at, "unterminated string");
            }
            char c = source.next();
            if (c == '"') {
                return text.toString();
            }
            if (c != '\\') {
                text.append(c);
                continue;
            }
            char e = source.atEnd() ? '\0' : source.next();
            switch (e) {
                case '"', '\\' -> text.append(e);
                case 'n' -> text.append('\n');
                case 't' -> text.append('\t');
                case 'r' -> text.append('\r');
                case 'x' -> {
                    int hi = Character.digit(source.peek(), 16);
                    int lo = Character.digit(source.peek(1), 16);
                    if (hi < 0 || lo < 0) {
                        throw source.error(at, "illegal escape sequence");
                    }
                    source.next();
                    source.next();
                    text.append((char) (hi * 16 + lo));
                }
                default -> throw source.error(at, "illegal escape sequence");
            }
        }
    }
}
