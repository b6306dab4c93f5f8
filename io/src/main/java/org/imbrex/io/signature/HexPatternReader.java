package org.imbrex.io.signature;

/**
 * Reads the bytes of a hex string: pairs of hex digits ({@code 4D}) and whole-byte wildcards ({@code ??}),
 * with or without blanks between them. Everything a fixed-length byte window cannot express is refused
 * at its first character, with a reason.
 * <pre>
 *   4D 5A ?? 00      ok: 4 bytes, one wildcard, one literal zero
 *   4D5A??00         ok: the same
 *   4? / ?D          refused: nibble wildcard
 *   [2-4] / [-]      refused: jump
 *   ( 4D | 5A )      refused: alternatives
 *   ~4D              refused: negated byte
 * </pre>
 */
final class HexPatternReader {

    /** Where a hex string ends and what may sit between its bytes. */
    enum Syntax {
        /** The rest of a signature-file line: ends at a line end or a {@code #} comment. */
        TEXT,
        /** The inside of YARA braces: ends at {@code }}, may span lines and hold comments. */
        YARA
    }

    private HexPatternReader() {
    }

    /**
     * Reads bytes until the end of the hex string (left unread).
     *
     * @param what names the hex string in messages, e.g. {@code hex string $a of rule 'x'}
     */
    static HexPattern read(SourceText text, Syntax syntax, String what) {
        HexPattern bytes = new HexPattern();
        while (true) {
            skipSeparators(text, syntax);
            if (atEnd(text, syntax)) {
                return bytes;
            }
            SourceText.Position at = text.position();
            if (bytes.length() == Signature.MAX_LENGTH) {
                throw text.error(at, what + " is longer than " + Signature.MAX_LENGTH + " bytes");
            }
            readByte(text, at, what, bytes);
        }
    }

    private static void readByte(SourceText text, SourceText.Position at, String what, HexPattern bytes) {
        char first = text.peek();
        char second = text.peek(1);
        if (first == '?' && second == '?') {
            text.next();
            text.next();
            bytes.add(0, true);
        } else if (isHex(first) && isHex(second)) {
            text.next();
            text.next();
            bytes.add(Character.digit(first, 16) << 4 | Character.digit(second, 16), false);
        } else {
            throw refusal(text, at, what, first, second);
        }
    }

    private static SignatureFormatException refusal(SourceText text, SourceText.Position at, String what,
            char first, char second) {
        if ((first == '?' && isHex(second)) || (isHex(first) && second == '?')) {
            return text.error(at, "nibble wildcard " + first + second + " in " + what
                    + " is not supported: a wildcard covers a whole byte, write ??");
        }
        if (first == '[') {
            return text.error(at, "jump " + jumpText(text) + " in " + what + " is not supported: a signature"
                    + " is one fixed-length window; split it into two signatures, or write ?? for a fixed gap");
        }
        if (first == '(' || first == '|') {
            return text.error(at, "alternatives ( … | … ) in " + what
                    + " are not supported: write one signature per alternative");
        }
        if (first == '~') {
            return text.error(at, "negated byte ~" + (isHex(second) ? second + "" + text.peek(2) : "") + " in "
                    + what + " is not supported: a signature byte is a value or ??");
        }
        if (isHex(first) || first == '?') {
            return text.error(at, "incomplete byte '" + first + "' in " + what
                    + ": a byte is two hex digits, a wildcard is ??");
        }
        return text.error(at, "unexpected '" + first + "' in " + what
                + ": expected hex bytes like 4D or the wildcard ??");
    }

    /** The jump as written, e.g. {@code [2-4]}, for the message. */
    private static String jumpText(SourceText text) {
        String rest = text.restOfLine(24);
        int close = rest.indexOf(']');
        return close >= 0 ? rest.substring(0, close + 1) : rest;
    }

    private static void skipSeparators(SourceText text, Syntax syntax) {
        while (!text.atEnd()) {
            char c = text.peek();
            if (c == ' ' || c == '\t' || c == '\r' || (syntax == Syntax.YARA && c == '\n')) {
                text.next();
            } else if (syntax == Syntax.YARA && YaraComments.startsHere(text)) {
                YaraComments.skip(text);
            } else {
                return;
            }
        }
    }

    private static boolean atEnd(SourceText text, Syntax syntax) {
        if (text.atEnd()) {
            return true;
        }
        char c = text.peek();
        return syntax == Syntax.TEXT ? c == '\n' || c == '#' : c == '}';
    }

    static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
