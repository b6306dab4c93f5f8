package org.imbrex.io.yara.condition;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.imbrex.io.signature.SignatureFormatException;
import org.imbrex.io.yara.condition.Token.Kind;

/**
 * The cursor over a condition's tokens shared by {@link ConditionParser} and {@link PrimaryParser}, with
 * the enclosing loops and the first construct imbrex does not evaluate.
 */
final class ParserState {
    /** YARA's {@code YR_MAX_LOOP_NESTING}. */
    static final int MAX_LOOP_NESTING = 4;

    /** An enclosing loop: a {@code for .. in} loop's variables, or a {@code for .. of} loop (no variables). */
    record Loop(List<String> variables, boolean overStrings) {
    }

    final ConditionScope scope;
    private final List<Token> tokens;
    private int at;
    private final Deque<Loop> loops = new ArrayDeque<>();
    private ParsedCondition.Unsupported unsupported;
    private final boolean[] variableUsed = new boolean[MAX_LOOP_NESTING];

    ParserState(List<Token> tokens, ConditionScope scope) {
        this.tokens = tokens;
        this.scope = scope;
    }

    Token peek() {
        return tokens.get(at);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(at + ahead, tokens.size() - 1));
    }

    Token next() {
        Token token = tokens.get(at);
        if (token.kind() != Kind.END) {
            at++;
        }
        return token;
    }

    boolean acceptSymbol(String symbol) {
        if (peek().isSymbol(symbol)) {
            next();
            return true;
        }
        return false;
    }

    boolean acceptKeyword(String keyword) {
        if (peek().isKeyword(keyword)) {
            next();
            return true;
        }
        return false;
    }

    Token expectSymbol(String symbol) {
        if (!peek().isSymbol(symbol)) {
            throw syntaxError(peek());
        }
        return next();
    }

    Token expectKeyword(String keyword) {
        if (!peek().isKeyword(keyword)) {
            throw syntaxError(peek());
        }
        return next();
    }

    Token expect(Kind kind) {
        if (peek().kind() != kind) {
            throw syntaxError(peek());
        }
        return next();
    }

    SignatureFormatException syntaxError(Token token) {
        return error(token, "syntax error, unexpected " + token.describe());
    }

    SignatureFormatException error(Token token, String reason) {
        return new SignatureFormatException(scope.file(), token.line(), token.column(), reason);
    }

    /** Notes the first construct imbrex does not evaluate; parsing goes on, to find YARA's errors. */
    void unsupported(Token token, String reason) {
        if (unsupported == null) {
            unsupported = new ParsedCondition.Unsupported(reason, token.line(), token.column());
        }
    }

    ParsedCondition.Unsupported firstUnsupported() {
        return unsupported;
    }

    /** Notes that the variable of the {@code for .. in} loop at {@code depth} is read. */
    void markVariableUse(int depth) {
        variableUsed[depth] = true;
    }

    /** Whether the variable of the loop at {@code depth} was read since the last call, which clears it. */
    boolean takeVariableUse(int depth) {
        boolean used = variableUsed[depth];
        variableUsed[depth] = false;
        return used;
    }

    /** Enters a loop, refusing a fifth level as YARA does. */
    void enterLoop(Token at, Loop loop) {
        if (loops.size() == MAX_LOOP_NESTING) {
            throw error(at, "loop nesting limit exceeded");
        }
        loops.push(loop);
    }

    void exitLoop() {
        loops.pop();
    }

    boolean insideForOf() {
        return loops.stream().anyMatch(Loop::overStrings);
    }

    /** The number of enclosing {@code for .. in} loops. */
    int forInDepth() {
        return (int) loops.stream().filter(loop -> !loop.overStrings()).count();
    }

    /**
     * The depth ({@link Condition.ForIn#depth()}) of the loop that declares {@code name}, innermost
     * first, or -1.
     */
    int variableDepth(String name) {
        int depth = forInDepth();
        for (Loop loop : loops) {
            if (loop.overStrings()) {
                continue;
            }
            depth--;
            if (loop.variables().contains(name)) {
                return depth;
            }
        }
        return -1;
    }
}
