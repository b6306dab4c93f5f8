package org.imbrex.kernels.asm;

/**
 * A read position in one line of assembly text, so that every error can say {@code file:line:column}.
 *
 * <pre>
 *   "  iadd r0.x, r0.x, l(1)"
 *      ^ column 3: the opcode        ^ column 21: the immediate
 * </pre>
 * Example: {@code new LineCursor("a.asm", 4, "mov r0.x, l(1)").word()} returns {@code mov} and leaves
 * the cursor at column 4.
 */
final class LineCursor {
    private final String file;
    private final int line;
    private final String text;
    private int position;

    LineCursor(String file, int line, String text) {
        this.file = file;
        this.line = line;
        this.text = text;
    }

    int line() {
        return line;
    }

    /** 1-based column of the read position. */
    int column() {
        return position + 1;
    }

    boolean atEnd() {
        skipSpaces();
        return position >= text.length();
    }

    void skipSpaces() {
        while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
            position++;
        }
    }

    /** The next character without consuming it, or 0 at the end. */
    char peek() {
        return position < text.length() ? text.charAt(position) : 0;
    }

    /** The character {@code offset} places ahead, or 0. */
    char peek(int offset) {
        int at = position + offset;
        return at < text.length() ? text.charAt(at) : 0;
    }

    boolean startsWith(String prefix) {
        return text.startsWith(prefix, position);
    }

    /** Consumes {@code c} if it is next (after spaces). */
    boolean accept(char c) {
        skipSpaces();
        if (peek() == c) {
            position++;
            return true;
        }
        return false;
    }

    /** Consumes {@code c} (after spaces) or fails naming what was found. */
    void expect(char c, String what) {
        if (!accept(c)) {
            throw error("expected '" + c + "' " + what + ", found " + found());
        }
    }

    void advance(int count) {
        position += count;
    }

    /** The longest run of letters, digits and underscores at the position (no spaces skipped). */
    String word() {
        int start = position;
        while (position < text.length() && isWordChar(text.charAt(position))) {
            position++;
        }
        return text.substring(start, position);
    }

    /** The longest run of letters and digits (stops at '_'). */
    String alphanumeric() {
        int start = position;
        while (position < text.length() && Character.isLetterOrDigit(text.charAt(position))) {
            position++;
        }
        return text.substring(start, position);
    }

    /** Decimal digits as an int, or an error naming {@code what}. */
    int number(String what) {
        skipSpaces();
        int start = position;
        while (position < text.length() && Character.isDigit(text.charAt(position))) {
            position++;
        }
        if (start == position) {
            throw error("expected " + what + ", found " + found());
        }
        try {
            return Integer.parseInt(text.substring(start, position));
        } catch (NumberFormatException e) {
            throw errorAt(start + 1, what + " '" + text.substring(start, position) + "' is too large");
        }
    }

    /** Text up to (not including) the next character in {@code stops} at nesting depth 0, trimmed. */
    String until(String stops) {
        int start = position;
        while (position < text.length() && stops.indexOf(text.charAt(position)) < 0) {
            position++;
        }
        return text.substring(start, position).trim();
    }

    /** A short description of what is at the position, for messages. */
    String found() {
        if (position >= text.length()) {
            return "end of line";
        }
        int end = position;
        while (end < text.length() && end < position + 12 && !Character.isWhitespace(text.charAt(end))
                && text.charAt(end) != ',') {
            end++;
        }
        return "'" + text.substring(position, Math.max(end, position + 1)) + "'";
    }

    AsmSyntaxException error(String reason) {
        return new AsmSyntaxException(file, line, column(), reason);
    }

    AsmSyntaxException errorAt(int column, String reason) {
        return new AsmSyntaxException(file, line, column, reason);
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
