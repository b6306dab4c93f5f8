package org.imbrex.io.yara.condition;

/**
 * One token of a condition: its kind, its text as written (a text literal's after its escapes, a
 * number's value in {@code number}) and where it starts.
 */
record Token(Kind kind, String text, long number, int line, int column) {

    /** The token kinds of YARA's lexer ({@code libyara/lexer.l}) that a condition can meet. */
    enum Kind {
        NUMBER, DOUBLE, TEXT, REGEXP, IDENTIFIER, KEYWORD,
        /** {@code $a}, {@code $}. */
        STRING_IDENTIFIER,
        /** {@code $a*}, {@code $*}. */
        STRING_WILDCARD,
        /** {@code #a}. */
        STRING_COUNT,
        /** {@code @a}. */
        STRING_OFFSET,
        /** {@code !a}. */
        STRING_LENGTH,
        /** {@code int8} … {@code uint32be}. */
        INTEGER_FUNCTION,
        /** Operators and punctuation, one or two characters. */
        SYMBOL,
        END
    }

    boolean is(Kind expected, String expectedText) {
        return kind == expected && text.equals(expectedText);
    }

    boolean isKeyword(String keyword) {
        return is(Kind.KEYWORD, keyword);
    }

    boolean isSymbol(String symbol) {
        return is(Kind.SYMBOL, symbol);
    }

    /** The token as a syntax error names it. */
    String describe() {
        return switch (kind) {
            case END -> "end of condition";
            case TEXT -> "text string";
            case REGEXP -> "regular expression";
            default -> "'" + text + "'";
        };
    }
}
