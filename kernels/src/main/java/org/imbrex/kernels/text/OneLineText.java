package org.imbrex.kernels.text;

/**
 * Makes text from untrusted input safe to print as part of a one-line message: every character that would
 * break the line or drive the terminal (control characters, line and paragraph separators) is written as
 * an escape, {@code \xNN} below U+0100 and <code>&#92;uNNNN</code> above; everything else, a tab too, is kept.
 *
 * <p>Example: {@code OneLineText.of("jump [2\n-4]")} is {@code jump [2\x0A-4]}; {@code
 * OneLineText.of("rule 'naïve'")} is unchanged. The imbrex exceptions for bad input pass their messages
 * through it, so that a message is one line whatever the input held.
 */
public final class OneLineText {
    private OneLineText() {
    }

    /** {@code text} with the characters that are not one printable line escaped. */
    public static String of(String text) {
        int first = firstUnprintable(text);
        if (first < 0) {
            return text;
        }
        StringBuilder line = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!isPrintable(c)) {
                line.append(c < 0x100 ? String.format("\\x%02X", (int) c) : String.format("\\u%04X", (int) c));
            } else {
                line.append(c);
            }
        }
        return line.toString();
    }

    private static int firstUnprintable(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!isPrintable(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isPrintable(char c) {
        return c == '\t' || !(Character.isISOControl(c) || c == '\u2028' || c == '\u2029');
    }
}
