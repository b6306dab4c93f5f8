package org.imbrex.io.testing;

/**
 * What a fuzz target asks of an error message it lets through: one line a terminal prints as one line, with
 * no line break and no other control character (a tab is allowed).
 *
 * <p>Example: {@code OneLine.check("a.txt:1:5: unexpected '\\x01'")} passes; {@code OneLine.check("a\nb")}
 * throws an {@link AssertionError} naming the character and where it is.
 */
public final class OneLine {
    private OneLine() {
    }

    /** Throws an {@link AssertionError} unless {@code message} is one printable line. */
    public static void check(String message) {
        if (message == null || message.isEmpty()) {
            throw new AssertionError("an error without a message");
        }
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            if ((Character.isISOControl(c) && c != '\t') || c == '\u2028' || c == '\u2029') {
                throw new AssertionError(String.format("the message has U+%04X at index %d, so it is not one "
                        + "printable line: %s", (int) c, i, message.replaceAll("\\p{Cntrl}|[\u2028\u2029]", "?")));
            }
        }
    }
}
