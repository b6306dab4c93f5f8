package org.imbrex.io.yara.condition;

import static org.imbrex.io.yara.condition.ConditionEvaluator.UNDEFINED;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.signature.SignatureFormatException;
import org.imbrex.io.yara.condition.Condition.Arithmetic;
import org.imbrex.io.yara.condition.Condition.Operator;
import org.imbrex.io.yara.condition.Token.Kind;
import org.imbrex.io.yara.condition.Typed.Type;

/**
 * YARA's {@code primary_expression}: integers, texts and the arithmetic on them, by precedence climbing
 * with {@code grammar.y}'s table, loosest first; every binary operator is left-associative and the two
 * unary ones bind tightest:
 * <pre>
 *   |    ^    &amp;    &lt;&lt; &gt;&gt;    + -    * \ %    (then unary - ~)
 *   1    2    3     4        5      6
 * </pre>
 * So {@code 1 | 6 ^ 3} is {@code 1 | (6 ^ 3)} and {@code 1 << 2 + 1} is {@code 1 << 3}. Constants are
 * folded as YARA folds them, to raise its compile-time errors: {@code + - *} overflowing 64 bits,
 * {@code \} and {@code %} by a constant 0, a shift by a negative constant.
 */
final class PrimaryParser {
    private static final int UNARY = 7;

    private final ParserState state;
    private final ConditionParser conditions;

    PrimaryParser(ParserState state, ConditionParser conditions) {
        this.state = state;
        this.conditions = conditions;
    }

    /**
     * A primary expression. With {@code startsExpression}, a {@code %} followed by {@code of} ends it (the
     * caller reads {@code P% of ..}); elsewhere that {@code of} is a syntax error, as in YARA.
     */
    Typed primary(boolean startsExpression) {
        return climb(unary(), 1, startsExpression);
    }

    /** Goes on with the binary operators after {@code left}, which the caller has read. */
    Typed climb(Typed left, int minimum, boolean startsExpression) {
        while (true) {
            Token token = state.peek();
            Operator operator = binaryOperator(token);
            if (operator == null || precedence(operator) < minimum) {
                return left;
            }
            if (operator == Operator.MODULO && state.peek(1).isKeyword("of")) {
                if (startsExpression && minimum == 1) {
                    return left;
                }
                state.next();
                throw state.syntaxError(state.peek());
            }
            state.next();
            Typed right = climb(unary(), precedence(operator) + 1, false);
            left = binary(token, operator, left, right);
        }
    }

    private Typed unary() {
        Token token = state.peek();
        if (token.isSymbol("-") || token.isSymbol("~")) {
            state.next();
            Typed operand = climb(unary(), UNARY, false);
            boolean minus = token.isSymbol("-");
            if (operand.type() == Type.UNKNOWN || minus && operand.type() == Type.FLOAT) {
                return unknown(operand.type());
            }
            checkInteger(token, operand, minus ? "-" : "~");
            long folded = operand.constant() == UNDEFINED ? UNDEFINED : minus ? -operand.constant() : ~operand.constant();
            return Typed.integer(minus ? new Condition.Negate(operand.node()) : new Condition.BitwiseNot(operand.node()),
                    folded);
        }
        return atom();
    }

    private Typed atom() {
        Token token = state.next();
        switch (token.kind()) {
            case NUMBER:
                return Typed.integer(new Condition.IntegerLiteral(token.number()), token.number());
            case DOUBLE:
                state.unsupported(token, "floating-point number " + token.text() + " is not supported");
                return unknown(Type.FLOAT);
            case TEXT:
                return new Typed(new Condition.TextLiteral(token.text()), Type.TEXT, UNDEFINED, true);
            case REGEXP:
                state.unsupported(token, "regular expression " + token.text() + " is not supported");
                return unknown(Type.REGEXP);
            case STRING_COUNT:
                return count(token);
            case STRING_OFFSET:
            case STRING_LENGTH:
                return offsetOrLength(token);
            case INTEGER_FUNCTION:
                return readInteger(token);
            case IDENTIFIER:
                return new IdentifierParser(state, conditions, this).identifier(token);
            case KEYWORD:
                if (token.isKeyword("filesize")) {
                    return Typed.integer(new Condition.FileSize());
                }
                if (token.isKeyword("entrypoint")) {
                    state.unsupported(token, "'entrypoint' is not supported (deprecated in YARA): use pe.entry_point");
                    return unknown(Type.INTEGER);
                }
                throw state.syntaxError(token);
            case SYMBOL:
                if (token.isSymbol("(")) {
                    Typed inner = primary(false);
                    state.expectSymbol(")");
                    return inner;
                }
                throw state.syntaxError(token);
            default:
                throw state.syntaxError(token);
        }
    }

    private Typed count(Token token) {
        Condition.StringRef string = conditions.stringRef(token);
        if (state.acceptKeyword("in")) {
            Token open = state.expectSymbol("(");
            Typed lower = primary(false);
            Condition.Range range = conditions.rangeAfterParenthesis(lower);
            // exec.c's OP_COUNT_IN checks the lower bound as if it were the string's address: a YARA 4.2.3
            // scan stops with an internal error (31) unless that bound is 0 (or undefined).
            if (!lower.isConstant() || lower.constant() != 0) {
                state.unsupported(open, "'#" + token.text().substring(1) + " in (A..B)' is supported only with A = 0: YARA"
                        + " 4.2.3 fails the scan with an internal error (31) when A is not 0");
            }
            return Typed.integer(new Condition.StringCountIn(string, range));
        }
        return Typed.integer(new Condition.StringCount(string));
    }

    private Typed offsetOrLength(Token token) {
        Condition.StringRef string = conditions.stringRef(token);
        Condition index = new Condition.IntegerLiteral(1);
        if (state.acceptSymbol("[")) {
            Typed typed = primary(false);
            if (typed.type() != Type.INTEGER && typed.type() != Type.UNKNOWN) {
                state.unsupported(token, "a " + typed.type().yaraName + " index of " + token.text() + " is not supported");
            }
            index = typed.node();
            state.expectSymbol("]");
        }
        return Typed.integer(token.kind() == Kind.STRING_OFFSET ? new Condition.StringOffset(string, index)
                : new Condition.StringLength(string, index));
    }

    private Typed readInteger(Token token) {
        state.expectSymbol("(");
        Typed offset = primary(false);
        state.expectSymbol(")");
        if (offset.type() == Type.UNKNOWN) {
            return unknown(Type.INTEGER);
        }
        checkInteger(token, offset, "intXXXX or uintXXXX");
        String name = token.text();
        boolean signed = !name.startsWith("u");
        boolean bigEndian = name.endsWith("be");
        int bits = name.contains("32") ? 32 : name.contains("16") ? 16 : 8; // u?int(8|16|32)(be)?
        return Typed.integer(new Condition.ReadInteger(bits / 8, signed, bigEndian, offset.node()));
    }

    private Typed binary(Token token, Operator operator, Typed left, Typed right) {
        if (left.type() == Type.UNKNOWN || right.type() == Type.UNKNOWN) {
            return unknown(Type.UNKNOWN);
        }
        boolean numeric = operator.ordinal() <= Operator.DIVIDE.ordinal();
        if (numeric) {
            if (!isNumber(left.type()) || !isNumber(right.type())) {
                throw state.error(token, "type mismatch");
            }
            if (left.type() == Type.FLOAT || right.type() == Type.FLOAT) {
                return unknown(Type.FLOAT);
            }
        } else {
            // YARA's check for '&' names the operator '^'.
            String name = operator == Operator.BITWISE_AND ? "^" : operator.symbol;
            checkInteger(token, left, name);
            checkInteger(token, right, name);
        }
        long folded = fold(token, operator, left.constant(), right.constant());
        return Typed.integer(new Arithmetic(operator, left.node(), right.node()), folded);
    }

    /** YARA's constant folding ({@code OPERATION} in grammar.y), with its errors. */
    private long fold(Token token, Operator operator, long a, long b) {
        boolean known = a != UNDEFINED && b != UNDEFINED;
        switch (operator) {
            case ADD:
                if (known && (b > 0 && a > Long.MAX_VALUE - b || b < 0 && a < Long.MIN_VALUE - b)) {
                    throw overflow(token, a, b);
                }
                return known ? a + b : UNDEFINED;
            case SUBTRACT:
                if (known && (b < 0 && a > Long.MAX_VALUE + b || b > 0 && a < Long.MIN_VALUE + b)) {
                    throw overflow(token, a, b);
                }
                return known ? a - b : UNDEFINED;
            case MULTIPLY:
                // llabs(INT64_MIN) stays negative in C, as Math.abs does here.
                if (known && b != 0 && Math.abs(a) > Long.MAX_VALUE / Math.abs(b)) {
                    throw overflow(token, a, b);
                }
                return known ? a * b : UNDEFINED;
            case DIVIDE:
            case MODULO:
                if (b == 0) {
                    throw state.error(token, "division by zero");
                }
                if (!known) {
                    return UNDEFINED;
                }
                return operator == Operator.DIVIDE ? a / b : a % b;
            case SHIFT_LEFT:
            case SHIFT_RIGHT:
                if (b != UNDEFINED && b < 0) {
                    throw state.error(token, "invalid operand");
                }
                if (b != UNDEFINED && b >= 64) {
                    return 0;
                }
                // grammar.y folds '>>' with '<<' too; the value only feeds the checks above.
                return known ? a << b : UNDEFINED;
            case BITWISE_AND:
                return known ? a & b : UNDEFINED;
            case BITWISE_OR:
                return known ? a | b : UNDEFINED;
            default:
                return known ? a ^ b : UNDEFINED;
        }
    }

    private SignatureFormatException overflow(Token token, long a, long b) {
        return state.error(token, "integer overflow in \"" + a + " " + token.text() + " " + b + "\"");
    }

    void checkInteger(Token token, Typed operand, String operator) {
        if (operand.type() != Type.INTEGER && operand.type() != Type.UNKNOWN) {
            throw state.error(token, "wrong type \"" + operand.type().yaraName + "\" for " + operator + " operator");
        }
    }

    static Typed unknown(Type type) {
        return new Typed(new Condition.BooleanLiteral(false), type == Type.FLOAT ? Type.UNKNOWN : type, UNDEFINED,
                true);
    }

    private static boolean isNumber(Type type) {
        return type == Type.INTEGER || type == Type.FLOAT;
    }

    private static Operator binaryOperator(Token token) {
        if (token.kind() != Kind.SYMBOL) {
            return null;
        }
        for (Operator operator : Operator.values()) {
            if (operator.symbol.equals(token.text())) {
                return operator;
            }
        }
        return null;
    }

    private static int precedence(Operator operator) {
        return switch (operator) {
            case BITWISE_OR -> 1;
            case BITWISE_XOR -> 2;
            case BITWISE_AND -> 3;
            case SHIFT_LEFT, SHIFT_RIGHT -> 4;
            case ADD, SUBTRACT -> 5;
            default -> 6;
        };
    }

    /** The integer expressions of a list, for arguments. */
    List<Typed> list(String close) {
        List<Typed> items = new ArrayList<>();
        if (state.acceptSymbol(close)) {
            return items;
        }
        do {
            items.add(conditions.expression());
        } while (state.acceptSymbol(","));
        state.expectSymbol(close);
        return items;
    }
}
