package org.imbrex.io.yara.condition;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.imbrex.io.signature.SignatureFormatException;
import org.imbrex.io.yara.condition.Token.Kind;

/**
 * Splits a condition into tokens as YARA 4.2's flex lexer does ({@code libyara/lexer.l}): longest match
 * first, so {@code 0x1F} is one number, {@code 4KB} is 4096, {@code 1.5} a double and {@code /*} a
 * comment, not a regular expression.
 *
 * <pre>
 *   text       #a in (0..filesize\2) &gt;= 2
 *   tokens     [#a] [in] [(] [0] [..] [filesize] [\] [2] [)] [&gt;=] [2] [END]
 * </pre>
 * Positions count from the scope's start: the first line continues at the scope's column, the next lines
 * start at column 1.
 */
final class ConditionLexer {
    /** {@code u?int(8|16|32)(be)?}: the functions that read an integer of the file. */
    private static final Set<String> INTEGER_FUNCTIONS = Set.of("int8", "int16", "int32", "int8be", "int16be",
            "int32be", "uint8", "uint16", "uint32", "uint8be", "uint16be", "uint32be");

    private static final Set<String> KEYWORDS = Set.of("true", "false", "not", "and", "or", "at", "in", "of",
            "them", "for", "all", "any", "none", "entrypoint", "filesize", "matches", "contains", "startswith",
            "endswith", "icontains", "istartswith", "iendswith", "iequals", "import", "include", "defined",
            "private", "global", "rule", "meta", "strings", "ascii", "wide", "xor", "base64", "base64wide",
            "fullword", "nocase", "condition");
    private static final BigInteger INT64_MAX = BigInteger.valueOf(Long.MAX_VALUE);
    private static final int MAX_IDENTIFIER = 128;

    private final String text;
    private final ConditionScope scope;
    private int at;
    private int line;
    private int column;

    private ConditionLexer(String text, ConditionScope scope) {
        this.text = text;
        this.scope = scope;
        this.line = scope.line();
        this.column = scope.column();
    }

    /** The tokens of {@code text}, ending with an {@link Kind#END} token. */
    static List<Token> tokens(String text, ConditionScope scope) {
        ConditionLexer lexer = new ConditionLexer(text, scope);
        List<Token> tokens = new ArrayList<>();
        Token token;
        do {
            token = lexer.next();
            tokens.add(token);
        } while (token.kind() != Kind.END);
        return tokens;
    }

    private Token next() {
        skipSpaceAndComments();
        int startLine = line;
        int startColumn = column;
        if (at >= text.length()) {
            return new Token(Kind.END, "", 0, startLine, startColumn);
        }
        char c = text.charAt(at);
        if (c == '$' || c == '#' || c == '@' || c == '!' && !startsWith("!=")) {
            return stringToken(c, startLine, startColumn);
        }
        if (isLetter(c) || c == '_') {
            return word(startLine, startColumn);
        }
        if (isDigit(c)) {
            return number(startLine, startColumn);
        }
        if (c == '"') {
            return textLiteral(startLine, startColumn);
        }
        if (c == '/') {
            return regexp(startLine, startColumn);
        }
        for (String symbol : new String[] {"..", "<=", ">=", "==", "!=", "<<", ">>"}) {
            if (startsWith(symbol)) {
                advance(2);
                return new Token(Kind.SYMBOL, symbol, 0, startLine, startColumn);
            }
        }
        if (c < 32 || c >= 127) {
            throw error(startLine, startColumn, "non-ascii character");
        }
        advance(1);
        return new Token(Kind.SYMBOL, String.valueOf(c), 0, startLine, startColumn);
    }

    private Token stringToken(char sigil, int startLine, int startColumn) {
        int start = at;
        advance(1);
        while (at < text.length() && isIdentifierPart(text.charAt(at))) {
            advance(1);
        }
        String name = "$" + text.substring(start + 1, at);
        if (sigil == '$' && at < text.length() && text.charAt(at) == '*') {
            advance(1);
            return new Token(Kind.STRING_WILDCARD, name + "*", 0, startLine, startColumn);
        }
        Kind kind = switch (sigil) {
            case '$' -> Kind.STRING_IDENTIFIER;
            case '#' -> Kind.STRING_COUNT;
            case '@' -> Kind.STRING_OFFSET;
            default -> Kind.STRING_LENGTH;
        };
        return new Token(kind, name, 0, startLine, startColumn);
    }

    private Token word(int startLine, int startColumn) {
        int start = at;
        while (at < text.length() && isIdentifierPart(text.charAt(at))) {
            advance(1);
        }
        String word = text.substring(start, at);
        if (KEYWORDS.contains(word)) {
            return new Token(Kind.KEYWORD, word, 0, startLine, startColumn);
        }
        if (INTEGER_FUNCTIONS.contains(word)) {
            return new Token(Kind.INTEGER_FUNCTION, word, 0, startLine, startColumn);
        }
        if (word.length() > MAX_IDENTIFIER) {
            throw error(startLine, startColumn, "identifier too long");
        }
        return new Token(Kind.IDENTIFIER, word, 0, startLine, startColumn);
    }

    private Token number(int startLine, int startColumn) {
        int start = at;
        if (startsWith("0x") && at + 2 < text.length() && isHexDigit(text.charAt(at + 2))) {
            advance(2);
            while (at < text.length() && isHexDigit(text.charAt(at))) {
                advance(1);
            }
            return integer(text.substring(start + 2, at), 16, 1, text.substring(start, at), startLine, startColumn);
        }
        if (startsWith("0o") && at + 2 < text.length() && isOctalDigit(text.charAt(at + 2))) {
            advance(2);
            while (at < text.length() && isOctalDigit(text.charAt(at))) {
                advance(1);
            }
            return integer(text.substring(start + 2, at), 8, 1, text.substring(start, at), startLine, startColumn);
        }
        while (at < text.length() && isDigit(text.charAt(at))) {
            advance(1);
        }
        if (at + 1 < text.length() && text.charAt(at) == '.' && isDigit(text.charAt(at + 1))) {
            advance(1);
            while (at < text.length() && isDigit(text.charAt(at))) {
                advance(1);
            }
            return new Token(Kind.DOUBLE, text.substring(start, at), 0, startLine, startColumn);
        }
        String digits = text.substring(start, at);
        long multiplier = 1;
        if (startsWith("KB") || startsWith("MB")) {
            multiplier = startsWith("KB") ? 1024 : 1048576;
            advance(2);
        }
        return integer(digits, 10, multiplier, text.substring(start, at), startLine, startColumn);
    }

    /** strtoll's range, then the suffix's multiplication, each refused past INT64_MAX as YARA does. */
    private Token integer(String digits, int radix, long multiplier, String written, int startLine,
            int startColumn) {
        BigInteger value = new BigInteger(digits, radix);
        if (value.compareTo(INT64_MAX) > 0
                || value.multiply(BigInteger.valueOf(multiplier)).compareTo(INT64_MAX) > 0) {
            throw error(startLine, startColumn, "integer overflow in \"" + written + "\"");
        }
        return new Token(Kind.NUMBER, written, value.longValueExact() * multiplier, startLine, startColumn);
    }

    private Token textLiteral(int startLine, int startColumn) {
        advance(1);
        StringBuilder bytes = new StringBuilder();
        while (true) {
            if (at >= text.length() || text.charAt(at) == '\n') {
                throw error(startLine, startColumn, "unterminated string");
            }
            char c = text.charAt(at);
            if (c == '"') {
                advance(1);
                return new Token(Kind.TEXT, bytes.toString(), 0, startLine, startColumn);
            }
            if (c != '\\') {
                bytes.append(c);
                advance(1);
                continue;
            }
            char escaped = at + 1 < text.length() ? text.charAt(at + 1) : '\0';
            switch (escaped) {
                case 't' -> bytes.append('\t');
                case 'r' -> bytes.append('\r');
                case 'n' -> bytes.append('\n');
                case '"' -> bytes.append('"');
                case '\\' -> bytes.append('\\');
                case 'x' -> {
                    if (at + 3 >= text.length() || !isHexDigit(text.charAt(at + 2))
                            || !isHexDigit(text.charAt(at + 3))) {
                        throw error(line, column, "illegal escape sequence");
                    }
                    bytes.append((char) Integer.parseInt(text.substring(at + 2, at + 4), 16));
                    advance(2);
                }
                default -> throw error(line, column, "illegal escape sequence");
            }
            advance(2);
        }
    }

    /** A regular expression, kept as written: imbrex does not evaluate {@code matches}. */
    private Token regexp(int startLine, int startColumn) {
        int start = at;
        advance(1);
        while (true) {
            if (at >= text.length() || text.charAt(at) == '\n') {
                throw error(startLine, startColumn, "unterminated regular expression");
            }
            char c = text.charAt(at);
            if (c == '/') {
                break;
            }
            advance(c == '\\' && at + 1 < text.length() && text.charAt(at + 1) != '\n' ? 2 : 1);
        }
        if (at == start + 1) {
            throw error(startLine, startColumn, "empty regular expression");
        }
        advance(1);
        if (at < text.length() && text.charAt(at) == 'i') {
            advance(1);
        }
        if (at < text.length() && text.charAt(at) == 's') {
            advance(1);
        }
        return new Token(Kind.REGEXP, text.substring(start, at), 0, startLine, startColumn);
    }

    private void skipSpaceAndComments() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                advance(1);
            } else if (startsWith("//")) {
                while (at < text.length() && text.charAt(at) != '\n') {
                    advance(1);
                }
            } else if (startsWith("/*")) {
                int end = text.indexOf("*/", at + 2);
                advance(end < 0 ? text.length() - at : end + 2 - at);
            } else {
                return;
            }
        }
    }

    private boolean startsWith(String prefix) {
        return text.startsWith(prefix, at);
    }

    private void advance(int count) {
        for (int i = 0; i < count; i++) {
            if (text.charAt(at++) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
    }

    private SignatureFormatException error(int atLine, int atColumn, String reason) {
        return new SignatureFormatException(scope.file(), atLine, atColumn, reason);
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentifierPart(char c) {
        return isLetter(c) || isDigit(c) || c == '_';
    }

    private static boolean isHexDigit(char c) {
        return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    private static boolean isOctalDigit(char c) {
        return c >= '0' && c <= '7';
    }
}
