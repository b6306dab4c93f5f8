package org.imbrex.io.yara.strings;

import org.imbrex.io.signature.SignatureFormatException;

/**
 * A cursor over YARA rule source that knows its line and column, so that every refusal can say where it
 * is ({@code file:line:column: reason}, as {@link SignatureFormatException} prints it). Lines and columns
 * count from 1; {@code \n} ends a line; every other character, a tab or a {@code \r} too, is one column.
 *
 * <p>A whole-rule parser owns one {@code YaraSource} and hands it to {@link StringDefinitionReader#read}
 * once per string definition; the cursor is then left just after the definition's last modifier.
 * <pre>
 *   YaraSource source = new YaraSource("rules.yar", "$a = \"MZ\" wide\n$b = { 4D 5A }");
 *   StringDefinitionReader.read(source);   // $a, cursor after "wide"
 *   StringDefinitionReader.read(source);   // $b, cursor at the end
 * </pre>
 */
public final class YaraSource {

    /** A place in the text, 1-based. */
    public record Position(int line, int column) {
    }

    private final String file;
    private final String text;
    private int at;
    private int line = 1;
    private int column = 1;

    public YaraSource(String file, String text) {
        this.file = file;
        this.text = text;
    }

    /** The file name given, for messages. */
    public String file() {
        return file;
    }

    public boolean atEnd() {
        return at >= text.length();
    }

    /** The current character, or {@code '\0'} at the end. */
    public char peek() {
        return peek(0);
    }

    /** The character {@code ahead} places on, or {@code '\0'} past the end. */
    public char peek(int ahead) {
        int index = at + ahead;
        return index < text.length() ? text.charAt(index) : '\0';
    }

    /** Consumes and returns the current character. */
    public char next() {
        char c = text.charAt(at++);
        if (c == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        return c;
    }

    /** True, and consumed, when the text continues with {@code expected}. */
    public boolean accept(String expected) {
        if (!text.startsWith(expected, at)) {
            return false;
        }
        for (int i = 0; i < expected.length(); i++) {
            next();
        }
        return true;
    }

    public Position position() {
        return new Position(line, column);
    }

    /** True when a comment, {@code //} or {@code /*}, starts here. */
    public boolean atComment() {
        return peek() == '/' && (peek(1) == '/' || peek(1) == '*');
    }

    /** Skips blanks, line ends and comments; an unclosed block comment is an error at its start. */
    public void skipSpace() {
        while (!atEnd()) {
            char c = peek();
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                next();
            } else if (atComment()) {
                skipComment();
            } else {
                return;
            }
        }
    }

    private void skipComment() {
        Position start = position();
        if (accept("//")) {
            while (!atEnd() && peek() != '\n') {
                next();
            }
            return;
        }
        accept("/*");
        while (!accept("*/")) {
            if (atEnd()) {
                throw error(start, "comment /* is not closed by */");
            }
            next();
        }
    }

    /** A refusal at {@code where}. */
    public SignatureFormatException error(Position where, String reason) {
        return new SignatureFormatException(file, where.line(), where.column(), reason);
    }
}
