package org.imbrex.io.yara.condition;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.yara.condition.Condition.Quantifier;
import org.imbrex.io.yara.condition.Condition.StringRef;
import org.imbrex.io.yara.condition.Token.Kind;
import org.imbrex.io.yara.condition.Typed.Type;

/**
 * The quantified forms of a condition: {@code N of (set)}, {@code N of (set) in (A..B)}, {@code P% of
 * (set)}, {@code for N of (set) : (body)} and {@code for N i in (..) : (body)}, with YARA's checks: a
 * percentage constant in 1..100, at most {@value ParserState#MAX_LOOP_NESTING} nested loops, no {@code for
 * .. of} inside another, loop variables not declared twice.
 *
 * <p>Example: {@code for all i in (1..#a) : (@a[i] % 2 == 0)} is {@code ForIn(All, "i", 0,
 * RangeIteration(1, StringCount($a)), Compare(EQ, Arithmetic(MODULO, StringOffset($a, Variable(i, 0)),
 * 2), 0))}.
 */
final class LoopParser {
    private static final int MAX_LOOP_VARIABLES = 2;

    private final ParserState state;
    private final ConditionParser conditions;
    private final PrimaryParser primaries;

    LoopParser(ParserState state, ConditionParser conditions, PrimaryParser primaries) {
        this.state = state;
        this.conditions = conditions;
        this.primaries = primaries;
    }

    static Quantifier keywordQuantifier(Token token) {
        return switch (token.text()) {
            case "all" -> new Condition.All();
            case "any" -> new Condition.Any();
            default -> new Condition.None();
        };
    }

    Quantifier countQuantifier(Token at, Typed count) {
        if (count.type() != Type.INTEGER && count.type() != Type.BOOLEAN && count.type() != Type.UNKNOWN) {
            state.unsupported(at, "a " + count.type().yaraName + " quantifier is not supported");
        }
        return new Condition.AtLeast(count.node());
    }

    /** After {@code N of}: a string set, possibly with {@code in (A..B)}, or a rule set. */
    Typed of(Quantifier quantifier) {
        if (state.peek().isSymbol("(") && state.peek(1).kind() == Kind.IDENTIFIER) {
            return Typed.bool(new Condition.RulesOf(quantifier, ruleSet()));
        }
        List<StringRef> strings = stringSet();
        if (state.acceptKeyword("in")) {
            return Typed.bool(new Condition.StringsOfIn(quantifier, strings, conditions.range()));
        }
        return Typed.bool(new Condition.StringsOf(quantifier, strings));
    }

    /** After {@code P% of}. */
    Typed percentOf(Token percentSign, Typed percent) {
        primaries.checkInteger(percentSign, percent, "%");
        if (percent.isConstant() && (percent.constant() < 1 || percent.constant() > 100)) {
            throw state.error(percentSign, "percentage must be between 1 and 100 (inclusive)");
        }
        if (state.peek().isSymbol("(") && state.peek(1).kind() == Kind.IDENTIFIER) {
            return Typed.bool(new Condition.RulesPercentOf(percent.node(), ruleSet()));
        }
        return Typed.bool(new Condition.StringsPercentOf(percent.node(), stringSet()));
    }

    private List<StringRef> stringSet() {
        if (state.acceptKeyword("them")) {
            List<StringRef> all = new ArrayList<>();
            for (int i = 0; i < state.scope.strings().size(); i++) {
                all.add(new StringRef(state.scope.strings().get(i), i));
            }
            if (all.isEmpty()) {
                throw state.error(state.peek(), "undefined string \"$*\"");
            }
            return all;
        }
        state.expectSymbol("(");
        List<StringRef> strings = new ArrayList<>();
        do {
            Token item = state.next();
            if (item.kind() != Kind.STRING_IDENTIFIER && item.kind() != Kind.STRING_WILDCARD) {
                throw state.syntaxError(item);
            }
            strings.addAll(conditions.stringsMatching(item));
        } while (state.acceptSymbol(","));
        state.expectSymbol(")");
        return strings;
    }

    /** {@code (rule, prefix*)}: the rules defined so far, a wildcard expanded in definition order. */
    private List<String> ruleSet() {
        state.expectSymbol("(");
        List<String> rules = new ArrayList<>();
        do {
            Token item = state.expect(Kind.IDENTIFIER);
            if (state.acceptSymbol("*")) {
                int before = rules.size();
                state.scope.rules().stream().filter(rule -> rule.startsWith(item.text())).forEach(rules::add);
                if (rules.size() == before) {
                    throw state.error(item, "undefined identifier \"" + item.text() + "\"");
                }
            } else if (state.scope.rules().contains(item.text())) {
                rules.add(item.text());
            } else {
                throw state.error(item, "undefined identifier \"" + item.text() + "\"");
            }
        } while (state.acceptSymbol(","));
        state.expectSymbol(")");
        return rules;
    }

    /** After {@code for}. */
    Typed forLoop(Token forToken) {
        Token first = state.peek();
        Quantifier quantifier;
        if (first.isKeyword("all") || first.isKeyword("any") || first.isKeyword("none")) {
            quantifier = keywordQuantifier(state.next());
        } else {
            quantifier = countQuantifier(first, primaries.primary(false));
        }
        if (state.acceptKeyword("of")) {
            return forOf(forToken, quantifier);
        }
        return forIn(forToken, quantifier);
    }

    private Typed forOf(Token forToken, Quantifier quantifier) {
        List<StringRef> strings = stringSet();
        state.expectSymbol(":");
        if (state.insideForOf()) {
            throw state.error(forToken, "'for <quantifier> of <string set>' loops can't be nested");
        }
        state.enterLoop(forToken, new ParserState.Loop(List.of(), true));
        Condition body = body();
        state.exitLoop();
        return Typed.bool(new Condition.ForOf(quantifier, strings, body));
    }

    private Typed forIn(Token forToken, Quantifier quantifier) {
        int depth = state.forInDepth();
        List<String> variables = new ArrayList<>();
        state.enterLoop(forToken, new ParserState.Loop(variables, false));
        do {
            Token variable = state.expect(Kind.IDENTIFIER);
            if (variables.size() == MAX_LOOP_VARIABLES) {
                throw state.error(variable, "too many loop variables");
            }
            if (state.variableDepth(variable.text()) >= 0) {
                throw state.error(variable, "duplicated loop identifier \"" + variable.text() + "\"");
            }
            variables.add(variable.text());
        } while (state.acceptSymbol(","));
        state.expectKeyword("in");
        state.takeVariableUse(depth);
        Token iteratorStart = state.peek();
        Condition.Iteration iteration = iteration(iteratorStart, variables.size());
        if (state.takeVariableUse(depth)) {
            state.unsupported(iteratorStart, "a loop whose iterator reads its own variable is not supported");
        }
        state.expectSymbol(":");
        Condition body = body();
        state.exitLoop();
        return Typed.bool(new Condition.ForIn(quantifier, variables.get(0), depth, iteration, body));
    }

    private Condition.Iteration iteration(Token start, int variables) {
        if (start.kind() == Kind.IDENTIFIER) {
            moduleIterator(state.next());
            return new Condition.ListIteration(List.of());
        }
        state.expectSymbol("(");
        Typed first = primaries.primary(false);
        Condition.Iteration iteration;
        if (state.peek().isSymbol("..")) {
            iteration = new Condition.RangeIteration(conditions.rangeAfterParenthesis(first));
        } else {
            List<Condition> items = new ArrayList<>();
            Typed item = first;
            while (true) {
                if (item.type() != Type.INTEGER && item.type() != Type.UNKNOWN) {
                    throw state.error(start, "wrong type for enumeration item");
                }
                items.add(item.node());
                if (!state.acceptSymbol(",")) {
                    break;
                }
                item = primaries.primary(false);
            }
            state.expectSymbol(")");
            iteration = new Condition.ListIteration(items);
        }
        if (variables != 1) {
            throw state.error(start, "iterator yields an integer on each iteration , but the loop expects "
                    + variables);
        }
        return iteration;
    }

    /** {@code for any s in pe.sections : (..)}: YARA iterates module arrays; imbrex does not. */
    private void moduleIterator(Token identifier) {
        if (!state.scope.modules().contains(identifier.text())) {
            if (state.variableDepth(identifier.text()) >= 0 || state.scope.rules().contains(identifier.text())) {
                throw state.error(identifier, "identifier \"" + identifier.text() + "\" is not iterable");
            }
            throw state.error(identifier, "undefined identifier \"" + identifier.text() + "\"");
        }
        while (true) {
            if (state.acceptSymbol(".")) {
                state.expect(Kind.IDENTIFIER);
            } else if (state.acceptSymbol("[")) {
                primaries.primary(false);
                state.expectSymbol("]");
            } else {
                break;
            }
        }
        state.unsupported(identifier, "iterating over module " + identifier.text() + " is not supported");
    }

    private Condition body() {
        state.expectSymbol("(");
        Condition body = conditions.expression().node();
        state.expectSymbol(")");
        return body;
    }
}
