package org.imbrex.io.yara.strings;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a YARA 4.2 hex string {@code { … }} into a {@link HexString}, refusing what YARA 4.2.3 refuses with
 * YARA's own reason (after {@code invalid hex string "$id": }, as YARA prints it) and a word on why.
 * <pre>
 *   accepted                         refused by YARA 4.2.3, and here
 *   4D 5A 4? ?A ??                   4 / 4D5                uneven number of digits in hex string
 *   4D [2] 5A  4D [2-4] 5A           [0]                    invalid jump length
 *   4D [2-] 5A  4D [-] 5A            [4-2]                  invalid jump range
 *   ( 4D | 5A ?? | ( 00 | 01 ) )     ( 4D [-] 5A | 00 )     unbounded jumps not allowed inside alternation (|)
 *   ( 4D [1-200] 5A | 00 )           ( 4D [201] 5A | 00 )   jumps over 200 not allowed inside alternation (|)
 *   4D 5A // and C comments          [A] [1 /&#42;&#42;/ 2]     invalid character in hex string jump
 *                                    [2] 4D, 4D [2], { }    syntax error (a jump cannot start or end it)
 *                                    ~4D  4D,5A  4D x       syntax error (not a hex string at all for 4.2)
 * </pre>
 * Example: {@code { 4D ( 5A | 00 [1-2] 01 ) }} reads as {@code [4D, ( 5A | 00 [1-2] 01 )]}.
 */
final class HexStringReader {
    /** YARA's {@code YR_STRING_CHAINING_THRESHOLD}: the longest jump allowed inside alternatives. */
    static final int MAX_JUMP_IN_ALTERNATIVES = 200;

    private final YaraSource source;
    private final String what;
    private int insideAlternatives;

    private HexStringReader(YaraSource source, String identifier) {
        this.source = source;
        this.what = "invalid hex string \"$" + identifier + "\": ";
    }

    /** Reads from the opening brace (the current character) past the closing one. */
    static HexString read(YaraSource source, String identifier) {
        checkCharacters(source);
        HexStringReader reader = new HexStringReader(source, identifier);
        source.next();
        List<HexToken> tokens = reader.sequence();
        reader.skipSpace();
        if (source.peek() != '}') {
            throw reader.syntaxError("unexpected '" + source.peek() + "' outside alternatives");
        }
        source.next();
        return new HexString(tokens);
    }

    /**
     * YARA's rule lexer takes {@code { … }} as a hex string only when it holds hex digits, blanks, {@code
     * ? [ ] ( ) | -} and comments; with any other character before the {@code }} the rule is a plain
     * {@code syntax error}. The check is made here, before the tokens, as YARA makes it.
     */
    private static void checkCharacters(YaraSource source) {
        int i = 1;
        while (true) {
            char c = source.peek(i);
            if (c == '}') {
                return;
            }
            if (c == '/' && source.peek(i + 1) == '/') {
                while (source.peek(i) != '\n' && source.peek(i) != '\0') {
                    i++;
                }
            } else if (c == '/' && source.peek(i + 1) == '*') {
                int close = i + 2;
                while (!(source.peek(close) == '*' && source.peek(close + 1) == '/') && source.peek(close) != '\0') {
                    close++;
                }
                i = source.peek(close) == '\0' ? close : close + 2;
            } else if (isHex(c) || " -|?[]()\n\r\t".indexOf(c) >= 0 && c != '\0') {
                i++;
            } else {
                for (int k = 0; k < i && !source.atEnd(); k++) {
                    source.next();
                }
                throw source.error(source.position(), c == '\0'
                        ? "syntax error: hex string is not closed by '}'"
                        : "syntax error: '" + c + "' cannot appear in a hex string"
                                + (c == '~' ? " (YARA 4.2 has no negated bytes ~AB)" : ""));
            }
        }
    }

    /** Tokens up to {@code |}, {@code )} or {@code }}; first and last are bytes or groups. */
    private List<HexToken> sequence() {
        List<HexToken> tokens = new ArrayList<>();
        YaraSource.Position lastJump = null;
        while (true) {
            skipSpace();
            char c = source.peek();
            if (c == '}' || c == '|' || c == ')') {
                break;
            }
            YaraSource.Position at = source.position();
            if (c == '[') {
                if (tokens.isEmpty()) {
                    throw syntaxError("a jump cannot start a hex string or an alternative");
                }
                tokens.add(jump());
                lastJump = at;
                continue;
            }
            tokens.add(c == '(' ? alternatives() : hexByte());
            lastJump = null;
        }
        if (tokens.isEmpty()) {
            throw syntaxError("expected a byte or '(' before '" + source.peek() + "'");
        }
        if (lastJump != null) {
            throw source.error(lastJump, what + "syntax error, a jump cannot end a hex string or an alternative");
        }
        return tokens;
    }

    private HexToken alternatives() {
        YaraSource.Position open = source.position();
        source.next();
        insideAlternatives++;
        List<List<HexToken>> alternatives = new ArrayList<>();
        alternatives.add(sequence());
        while (source.peek() == '|') {
            source.next();
            alternatives.add(sequence());
        }
        if (source.peek() != ')') {
            throw source.error(open, what + "syntax error, '(' is not closed by ')'");
        }
        source.next();
        insideAlternatives--;
        return new HexToken.HexAlternatives(alternatives);
    }

    private HexToken hexByte() {
        YaraSource.Position at = source.position();
        char first = source.peek();
        char second = source.peek(1);
        int value;
        int mask;
        if (isHex(first) && isHex(second)) {
            value = Character.digit(first, 16) << 4 | Character.digit(second, 16);
            mask = 0xFF;
        } else if (isHex(first) && second == '?') {
            value = Character.digit(first, 16) << 4;
            mask = 0xF0;
        } else if (first == '?' && isHex(second)) {
            value = Character.digit(second, 16);
            mask = 0x0F;
        } else if (first == '?' && second == '?') {
            value = 0;
            mask = 0;
        } else if (isHex(first)) {
            throw source.error(at, what + "uneven number of digits in hex string");
        } else {
            throw source.error(at, what + "invalid character in hex string: '" + first + "'");
        }
        source.next();
        source.next();
        return new HexToken.HexByte(value, mask);
    }

    /**
     * {@code [n]}, {@code [n-m]}, {@code [n-]} or {@code [-]}, blanks allowed inside, with YARA's checks in
     * YARA's order: inside alternatives the length limits first, then the range itself.
     */
    private HexToken jump() {
        YaraSource.Position at = source.position();
        source.next();
        long min = jumpNumber();
        boolean dash = acceptInJump('-');
        long max = dash ? jumpNumber() : min;
        if (!acceptInJump(']') || min < 0 && (!dash || max >= 0)) {
            throw source.error(at, what + "syntax error, a jump is [n], [n-m], [n-] or [-]");
        }
        boolean inside = insideAlternatives > 0;
        if (!dash) {
            if (min == 0) {
                throw source.error(at, what + "invalid jump length");
            }
            checkLimitInside(at, inside && min > MAX_JUMP_IN_ALTERNATIVES);
            return new HexToken.HexJump((int) min, (int) min);
        }
        if (max < 0) {
            if (inside) {
                throw source.error(at, what + "unbounded jumps not allowed inside alternation (|)");
            }
            return new HexToken.HexJump((int) Math.max(min, 0), HexToken.HexJump.UNBOUNDED);
        }
        checkLimitInside(at, inside && (min > MAX_JUMP_IN_ALTERNATIVES || max > MAX_JUMP_IN_ALTERNATIVES));
        if (min > max) {
            throw source.error(at, what + "invalid jump range");
        }
        return new HexToken.HexJump((int) min, (int) max);
    }

    private void checkLimitInside(YaraSource.Position at, boolean exceeded) {
        if (exceeded) {
            throw source.error(at, what + "jumps over " + MAX_JUMP_IN_ALTERNATIVES
                    + " not allowed inside alternation (|)");
        }
    }

    /** A decimal number, or -1 when there is none. */
    private long jumpNumber() {
        skipJumpBlanks();
        YaraSource.Position at = source.position();
        long value = -1;
        while (Character.isDigit(source.peek())) {
            value = Math.max(value, 0) * 10 + (source.next() - '0');
            if (value > Integer.MAX_VALUE) {
                throw source.error(at, what + "jump length is larger than " + Integer.MAX_VALUE);
            }
        }
        skipJumpBlanks();
        return value;
    }

    private boolean acceptInJump(char expected) {
        skipJumpBlanks();
        if (source.peek() == expected) {
            source.next();
            return true;
        }
        if ("-]".indexOf(source.peek()) < 0 && !Character.isDigit(source.peek())) {
            throw source.error(source.position(), what + "invalid character in hex string jump: '"
                    + source.peek() + "'");
        }
        return false;
    }

    private void skipJumpBlanks() {
        while (" \t\r\n".indexOf(source.peek()) >= 0 && !source.atEnd()) {
            source.next();
        }
    }

    private void skipSpace() {
        source.skipSpace();
    }

    private RuntimeException syntaxError(String detail) {
        return source.error(source.position(), what + "syntax error, " + detail);
    }

    static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
