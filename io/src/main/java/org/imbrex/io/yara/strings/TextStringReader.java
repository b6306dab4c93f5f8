package org.imbrex.io.yara.strings;

import java.io.ByteArrayOutputStream;

/**
 * Reads a YARA 4.2 text string {@code "…"} and writes one back. The escapes YARA 4.2.3 accepts are exactly
 * these six; every other backslash pair is YARA's {@code illegal escape sequence}, a line end before the
 * closing quote its {@code unterminated string}.
 * <pre>
 *   \"  22    \\  5C    \t  09    \n  0A    \r  0D    \xHH  the byte HH (two hex digits, either case)
 *   refused:  \a  \0  \x4  \x  &#92;u0041  \'  …
 * </pre>
 * Example: {@code "MZ\x90\""} reads as {@code 4D 5A 90 22}.
 */
final class TextStringReader {
    private TextStringReader() {
    }

    /** Reads from the opening quote (the current character) past the closing one. */
    static TextString read(YaraSource source, String identifier) {
        YaraSource.Position start = source.position();
        source.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (true) {
            if (source.atEnd() || source.peek() == '\n') {
                throw source.error(source.position(), "unterminated string");
            }
            YaraSource.Position at = source.position();
            char c = source.next();
            if (c == '"') {
                break;
            }
            bytes.write(c == '\\' ? escape(source, at) : checkedByte(source, at, c));
        }
        if (bytes.size() == 0) {
            throw source.error(start, "empty string \"$" + identifier + "\"");
        }
        return new TextString(bytes.toByteArray());
    }

    private static int escape(YaraSource source, YaraSource.Position at) {
        char c = source.atEnd() ? '\0' : source.peek();
        int value = switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case 't' -> '\t';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 'x' -> HexStringReader.isHex(source.peek(1)) && HexStringReader.isHex(source.peek(2))
                    ? Character.digit(source.peek(1), 16) << 4 | Character.digit(source.peek(2), 16) : -1;
            default -> -1;
        };
        if (value < 0) {
            throw source.error(at, "illegal escape sequence");
        }
        int length = c == 'x' ? 3 : 1;
        for (int i = 0; i < length; i++) {
            source.next();
        }
        return value;
    }

    private static int checkedByte(YaraSource source, YaraSource.Position at, char c) {
        if (c > 0xFF) {
            throw source.error(at, String.format("character U+%04X is not one byte: read rule files as"
                    + " ISO-8859-1, so that each character of a text string is the byte YARA sees", (int) c));
        }
        return c;
    }

    /** The string in YARA syntax: printable ASCII as is (with {@code \"} and {@code \\}), the rest as {@code \xHH}. */
    static String quote(TextString string) {
        StringBuilder text = new StringBuilder("\"");
        for (int i = 0; i < string.length(); i++) {
            int b = string.byteAt(i);
            if (b == '"' || b == '\\') {
                text.append('\\').append((char) b);
            } else if (b >= 0x20 && b < 0x7F) {
                text.append((char) b);
            } else {
                text.append(String.format("\\x%02X", b));
            }
        }
        return text.append('"').toString();
    }
}
