package org.imbrex.io.yara.strings;

/**
 * Reads the optional argument of {@code xor} and {@code base64}/{@code base64wide} with YARA 4.2.3's
 * checks, and returns it as written, without the parentheses. The matcher does not use it; it is kept so
 * that a rule can be written back.
 * <pre>
 *   xor  xor(5)  xor(1-31)  xor(0x01-0xff)      xor(256) → invalid xor range
 *                                               xor(9-3) → xor lower bound exceeds upper bound
 *   base64  base64("…64 characters…")           base64("abc") → length of base64 alphabet must be 64
 * </pre>
 * Example: after {@code xor} in {@code "MZ" xor ( 1 - 31 )} it returns {@code "1-31"}.
 */
final class ModifierArguments {
    private ModifierArguments() {
    }

    static String read(YaraSource source, StringModifier modifier) {
        if (modifier != StringModifier.XOR && modifier != StringModifier.BASE64
                && modifier != StringModifier.BASE64WIDE) {
            return "";
        }
        source.skipSpace();
        if (source.peek() != '(') {
            return "";
        }
        YaraSource.Position open = source.position();
        source.next();
        source.skipSpace();
        StringBuilder written = new StringBuilder();
        if (modifier == StringModifier.XOR) {
            xorRange(source, open, written);
        } else {
            alphabet(source, written);
        }
        source.skipSpace();
        if (!source.accept(")")) {
            throw source.error(source.position(), "syntax error, expected ')' to close " + modifier.keyword() + "(");
        }
        return written.toString().strip();
    }

    private static void xorRange(YaraSource source, YaraSource.Position open, StringBuilder written) {
        long min = number(source, written);
        long max = min;
        source.skipSpace();
        if (source.peek() == '-') {
            written.append(source.next());
            source.skipSpace();
            max = number(source, written);
        }
        if (min < 0 || min > 255 || max < 0 || max > 255) {
            throw source.error(open, "invalid xor range");
        }
        if (min > max) {
            throw source.error(open, "xor lower bound exceeds upper bound");
        }
    }

    /** A YARA integer: decimal, {@code 0x} hex or {@code 0o} octal. */
    private static long number(YaraSource source, StringBuilder written) {
        YaraSource.Position at = source.position();
        StringBuilder digits = new StringBuilder();
        while (StringDefinitionReader.isWordPart(source.peek())) {
            digits.append(source.next());
        }
        String text = digits.toString();
        written.append(text);
        try {
            if (text.startsWith("0x")) {
                return Long.parseLong(text.substring(2), 16);
            }
            if (text.startsWith("0o")) {
                return Long.parseLong(text.substring(2), 8);
            }
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw source.error(at, "syntax error, expected a number in xor(…), found '" + text + "'");
        }
    }

    private static void alphabet(YaraSource source, StringBuilder written) {
        YaraSource.Position at = source.position();
        if (source.peek() != '"') {
            throw source.error(at, "syntax error, expected a quoted alphabet in base64(…)");
        }
        TextString alphabet = TextStringReader.read(source, "base64 alphabet");
        if (alphabet.length() != 64) {
            throw source.error(at, "length of base64 alphabet must be 64");
        }
        written.append(TextStringReader.quote(alphabet));
    }
}
