package org.imbrex.io.yara.condition;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.signature.SignatureFormatException;
import org.imbrex.io.yara.condition.Condition.Comparison;
import org.imbrex.io.yara.condition.Condition.Quantifier;
import org.imbrex.io.yara.condition.Condition.StringRef;
import org.imbrex.io.yara.condition.Token.Kind;
import org.imbrex.io.yara.condition.Typed.Type;

/**
 * Parses the condition of one YARA rule as YARA 4.2.3 does ({@code libyara/grammar.y}): what YARA refuses
 * is a {@link SignatureFormatException}; what YARA accepts and imbrex does not evaluate is {@link
 * ParsedCondition.Unsupported}; the rest is a {@link Condition}. The boolean operators, loosest first:
 * <pre>
 *   or        left-associative
 *   and       left-associative
 *   not, defined          prefix; {@code not $a and $b} is {@code (not $a) and $b}
 *   == != &lt; &lt;= &gt; &gt;=   one comparison of two primary expressions ({@link PrimaryParser}); a second
 *                         one is a syntax error, as {@code 1 == 1 == 1} is in YARA
 * </pre>
 * Example: {@code ConditionParser.parse("#a == 2 and $b at 0x10", scope)} with the strings {@code $a, $b}
 * gives {@code Supported(And(Compare(EQ, StringCount($a), IntegerLiteral(2)), StringAt($b,
 * IntegerLiteral(16))))}; {@code "$x"} throws {@code x.yar:1:1: undefined string "$x"}.
 */
public final class ConditionParser {
    private static final List<String> TEXT_OPERATORS = List.of("matches", "contains", "icontains", "startswith",
            "istartswith", "endswith", "iendswith", "iequals");

    private final ParserState state;
    private final PrimaryParser primaries;
    private final LoopParser loops;

    private ConditionParser(ParserState state) {
        this.state = state;
        this.primaries = new PrimaryParser(state, this);
        this.loops = new LoopParser(state, this, primaries);
    }

    /** Parses {@code text}, the condition as written after {@code condition:}, in {@code scope}. */
    public static ParsedCondition parse(String text, ConditionScope scope) {
        ParserState state = new ParserState(ConditionLexer.tokens(text, scope), scope);
        ConditionParser parser = new ConditionParser(state);
        Typed condition = parser.expression();
        if (state.peek().kind() != Kind.END) {
            throw state.syntaxError(state.peek());
        }
        if (state.firstUnsupported() != null) {
            return state.firstUnsupported();
        }
        return new ParsedCondition.Supported(condition.node());
    }

    /** YARA's {@code boolean_expression}: {@code or} is the loosest operator. */
    Typed expression() {
        Typed left = and();
        while (state.acceptKeyword("or")) {
            left = Typed.bool(new Condition.Or(left.node(), and().node()));
        }
        return left;
    }

    private Typed and() {
        Typed left = not();
        while (state.acceptKeyword("and")) {
            left = Typed.bool(new Condition.And(left.node(), not().node()));
        }
        return left;
    }

    private Typed not() {
        if (state.acceptKeyword("not")) {
            return Typed.bool(new Condition.Not(not().node()));
        }
        if (state.acceptKeyword("defined")) {
            return Typed.bool(new Condition.Defined(not().node()));
        }
        return term();
    }

    /** YARA's {@code expression} without {@code and}, {@code or}, {@code not}, {@code defined}. */
    private Typed term() {
        Token token = state.peek();
        if (token.isKeyword("true") || token.isKeyword("false")) {
            state.next();
            return Typed.bool(new Condition.BooleanLiteral(token.isKeyword("true")));
        }
        if (token.kind() == Kind.STRING_IDENTIFIER) {
            return string(state.next());
        }
        if (token.isKeyword("for")) {
            return loops.forLoop(state.next());
        }
        if (token.isKeyword("all") || token.isKeyword("any") || token.isKeyword("none")) {
            state.next();
            Quantifier quantifier = LoopParser.keywordQuantifier(token);
            state.expectKeyword("of");
            return loops.of(quantifier);
        }
        if (token.isSymbol("(")) {
            state.next();
            Typed inner = expression();
            state.expectSymbol(")");
            return inner.primary() ? afterPrimary(primaries.climb(inner, 1, true)) : inner.asExpression();
        }
        return afterPrimary(primaries.primary(true));
    }

    private Typed string(Token token) {
        StringRef string = stringRef(token);
        if (state.peek().isKeyword("at")) {
            Token at = state.next();
            Typed offset = primaries.primary(false);
            primaries.checkInteger(at, offset, "at");
            return Typed.bool(new Condition.StringAt(string, offset.node()));
        }
        if (state.acceptKeyword("in")) {
            return Typed.bool(new Condition.StringIn(string, range()));
        }
        return Typed.bool(new Condition.StringFound(string));
    }

    /** What may follow a primary expression that starts an expression. */
    private Typed afterPrimary(Typed primary) {
        Token token = state.peek();
        if (token.isKeyword("of")) {
            state.next();
            return loops.of(loops.countQuantifier(token, primary));
        }
        if (token.isSymbol("%") && state.peek(1).isKeyword("of")) {
            state.next();
            state.next();
            return loops.percentOf(token, primary);
        }
        Comparison comparison = comparison(token);
        if (comparison != null) {
            state.next();
            return compare(token, comparison, primary, primaries.primary(false));
        }
        if (token.kind() == Kind.KEYWORD && TEXT_OPERATORS.contains(token.text())) {
            state.next();
            Typed right = primaries.primary(false);
            checkText(token, primary, Type.TEXT);
            checkText(token, right, token.isKeyword("matches") ? Type.REGEXP : Type.TEXT);
            state.unsupported(token, "the '" + token.text() + "' operator is not supported");
            return PrimaryParser.unknown(Type.BOOLEAN).asExpression();
        }
        return primary;
    }

    private void checkText(Token token, Typed operand, Type expected) {
        if (operand.type() != expected && operand.type() != Type.UNKNOWN) {
            throw state.error(token, "wrong type \"" + operand.type().yaraName + "\" for " + token.text()
                    + " operator");
        }
    }

    private Typed compare(Token token, Comparison comparison, Typed left, Typed right) {
        if (left.type() == Type.UNKNOWN || right.type() == Type.UNKNOWN) {
            return PrimaryParser.unknown(Type.BOOLEAN).asExpression();
        }
        boolean numbers = isNumber(left.type()) && isNumber(right.type());
        boolean texts = left.type() == Type.TEXT && right.type() == Type.TEXT;
        if (!numbers && !texts) {
            throw state.error(token, "type mismatch");
        }
        if (left.type() == Type.FLOAT || right.type() == Type.FLOAT) {
            return PrimaryParser.unknown(Type.BOOLEAN).asExpression();
        }
        return Typed.bool(new Condition.Compare(comparison, left.node(), right.node()));
    }

    private static boolean isNumber(Type type) {
        return type == Type.INTEGER || type == Type.FLOAT;
    }

    private static Comparison comparison(Token token) {
        if (token.kind() != Kind.SYMBOL) {
            return null;
        }
        for (Comparison comparison : Comparison.values()) {
            if (comparison.symbol.equals(token.text())) {
                return comparison;
            }
        }
        return null;
    }

    /** {@code (A..B)}, both bounds integers. */
    Condition.Range range() {
        state.expectSymbol("(");
        return rangeAfterParenthesis(primaries.primary(false));
    }

    /** The rest of a range once {@code (A} is read. */
    Condition.Range rangeAfterParenthesis(Typed lower) {
        Token dots = state.expectSymbol("..");
        Typed upper = primaries.primary(false);
        state.expectSymbol(")");
        if (lower.type() != Type.INTEGER && lower.type() != Type.UNKNOWN) {
            throw state.error(dots, "wrong type for range's lower bound");
        }
        if (upper.type() != Type.INTEGER && upper.type() != Type.UNKNOWN) {
            throw state.error(dots, "wrong type for range's upper bound");
        }
        return new Condition.Range(lower.node(), upper.node());
    }

    /**
     * The string a {@code $a}, {@code #a}, {@code @a} or {@code !a} token names; a bare {@code $} (or
     * {@code #}, {@code @}, {@code !}) names the string of the enclosing {@code for .. of} loop.
     */
    StringRef stringRef(Token token) {
        String identifier = token.text();
        if (identifier.equals("$")) {
            if (!state.insideForOf()) {
                throw state.error(token, "wrong use of anonymous string");
            }
            return StringRef.CURRENT;
        }
        int index = state.scope.strings().indexOf(identifier);
        if (index < 0) {
            throw state.error(token, "undefined string \"" + identifier + "\"");
        }
        return new StringRef(identifier, index);
    }

    /** The strings of a set item, {@code $a} or {@code $a*}, in declaration order. */
    List<StringRef> stringsMatching(Token token) {
        String identifier = token.text();
        boolean wildcard = token.kind() == Kind.STRING_WILDCARD;
        String prefix = wildcard ? identifier.substring(0, identifier.length() - 1) : identifier;
        List<StringRef> strings = new ArrayList<>();
        List<String> declared = state.scope.strings();
        for (int i = 0; i < declared.size(); i++) {
            String name = declared.get(i);
            if (wildcard ? name.startsWith(prefix) : name.equals(identifier)) {
                strings.add(new StringRef(name, i));
            }
        }
        if (strings.isEmpty()) {
            throw state.error(token, "undefined string \"" + identifier + "\"");
        }
        return strings;
    }
}
