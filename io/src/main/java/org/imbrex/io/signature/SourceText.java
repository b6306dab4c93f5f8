package org.imbrex.io.signature;

/**
 * A cursor over the text of one signature file that knows its line and column, so every error can say
 * where it is. Lines and columns count from 1; {@code \n} ends a line; every other character, a tab or a
 * {@code \r} too, is one column.
 */
final class SourceText {

    /** A place in the text. */
    record Position(int line, int column) {
    }

    private final String file;
    private final String text;
    private int at;
    private int line = 1;
    private int column = 1;

    SourceText(String file, String text) {
        this.file = file;
        this.text = text;
    }

    String file() {
        return file;
    }

    boolean atEnd() {
        return at >= text.length();
    }

    /** The current character, or {@code '\0'} at the end. */
    char peek() {
        return peek(0);
    }

    /** The character {@code ahead} places on, or {@code '\0'} past the end. */
    char peek(int ahead) {
        int index = at + ahead;
        return index < text.length() ? text.charAt(index) : '\0';
    }

    /** Consumes and returns the current character. */
    char next() {
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
    boolean accept(String expected) {
        if (!text.startsWith(expected, at)) {
            return false;
        }
        for (int i = 0; i < expected.length(); i++) {
            next();
        }
        return true;
    }

    Position position() {
        return new Position(line, column);
    }

    /** Skips spaces, tabs and carriage returns, not line ends. */
    void skipBlanks() {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\r')) {
            next();
        }
    }

    /** Skips to the end of the line, leaving the {@code \n} unread. */
    void skipLine() {
        while (!atEnd() && peek() != '\n') {
            next();
        }
    }

    /** The rest of the current line from here, for messages, at most {@code max} characters. */
    String restOfLine(int max) {
        int end = at;
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r' && end - at < max) {
            end++;
        }
        return text.substring(at, end);
    }

    SignatureFormatException error(Position where, String reason) {
        return new SignatureFormatException(file, where.line(), where.column(), reason);
    }

    SignatureWarning warning(Position where, String message) {
        return new SignatureWarning(file, where.line(), where.column(), message);
    }
}
