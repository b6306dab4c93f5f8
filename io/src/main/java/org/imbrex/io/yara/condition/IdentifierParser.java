package org.imbrex.io.yara.condition;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.imbrex.io.yara.condition.Condition.FieldStep;
import org.imbrex.io.yara.condition.Condition.FieldType;
import org.imbrex.io.yara.condition.Token.Kind;
import org.imbrex.io.yara.condition.Typed.Type;

/**
 * An identifier in a condition, resolved in YARA's order: a loop variable, then an imported module, then a
 * rule defined before; anything else is {@code undefined identifier}. A module identifier goes on with
 * {@code .field}, {@code [index]} and {@code (arguments)}; imbrex evaluates the {@code pe} fields below
 * and reports any other module path as unsupported.
 * <pre>
 *   pe.is_pe  pe.entry_point  pe.number_of_sections  pe.machine  pe.characteristics      integers
 *   pe.sections[i].name                                                                   text
 *   pe.sections[i].raw_data_offset  .raw_data_size  .virtual_address                      integers
 * </pre>
 */
final class IdentifierParser {
    private static final Map<String, FieldType> PE_FIELDS = Map.of(
            "is_pe", FieldType.INTEGER, "entry_point", FieldType.INTEGER, "number_of_sections", FieldType.INTEGER,
            "machine", FieldType.INTEGER, "characteristics", FieldType.INTEGER);
    private static final Map<String, FieldType> PE_SECTION_FIELDS = Map.of(
            "name", FieldType.TEXT, "raw_data_offset", FieldType.INTEGER, "raw_data_size", FieldType.INTEGER,
            "virtual_address", FieldType.INTEGER);

    private final ParserState state;
    private final ConditionParser conditions;
    private final PrimaryParser primaries;

    IdentifierParser(ParserState state, ConditionParser conditions, PrimaryParser primaries) {
        this.state = state;
        this.conditions = conditions;
        this.primaries = primaries;
    }

    Typed identifier(Token token) {
        String name = token.text();
        int depth = state.variableDepth(name);
        if (depth >= 0) {
            state.markVariableUse(depth);
            return Typed.integer(new Condition.Variable(name, depth));
        }
        if (state.scope.modules().contains(name)) {
            return module(token);
        }
        if (state.scope.rules().contains(name)) {
            return new Typed(new Condition.RuleReference(name), Type.BOOLEAN, ConditionEvaluator.UNDEFINED, true);
        }
        throw state.error(token, "undefined identifier \"" + name + "\"");
    }

    /** A module path: its steps as written; then checked against the fields imbrex evaluates. */
    private Typed module(Token moduleToken) {
        List<FieldStep> steps = new ArrayList<>();
        boolean called = false;
        while (true) {
            if (state.acceptSymbol(".")) {
                steps.add(new FieldStep(state.expect(Kind.IDENTIFIER).text(), null));
            } else if (state.peek().isSymbol("[")) {
                Token bracket = state.next();
                Typed index = primaries.primary(false);
                state.expectSymbol("]");
                if (steps.isEmpty()) {
                    throw state.error(bracket, "\"" + moduleToken.text() + "\" is not an array or dictionary");
                }
                FieldStep last = steps.remove(steps.size() - 1);
                steps.add(new FieldStep(last.name(), index.node()));
                if (index.type() != Type.INTEGER) {
                    state.unsupported(bracket, "a " + index.type().yaraName + " index in module " + moduleToken.text()
                            + " is not supported");
                }
            } else if (state.acceptSymbol("(")) {
                primaries.list(")");
                called = true;
            } else {
                break;
            }
        }
        String module = moduleToken.text();
        if (!module.equals("pe")) {
            state.unsupported(moduleToken, "module '" + module + "' is not supported: imbrex evaluates only the pe"
                    + " module");
            return PrimaryParser.unknown(Type.UNKNOWN);
        }
        if (called) {
            state.unsupported(moduleToken, "function " + path(module, steps) + "() of the pe module is not supported");
            return PrimaryParser.unknown(Type.UNKNOWN);
        }
        return peField(moduleToken, steps);
    }

    private Typed peField(Token moduleToken, List<FieldStep> steps) {
        if (steps.isEmpty()) {
            throw state.error(moduleToken, "wrong usage of identifier \"pe\"");
        }
        FieldStep first = steps.get(0);
        FieldType type = PE_FIELDS.get(first.name());
        if (type != null) {
            if (first.indexed()) {
                throw state.error(moduleToken, "\"" + first.name() + "\" is not an array or dictionary");
            }
            if (steps.size() > 1) {
                throw state.error(moduleToken, "\"" + first.name() + "\" is not a structure");
            }
            return field(steps, type);
        }
        if (first.name().equals("sections")) {
            if (!first.indexed() && steps.size() > 1) {
                throw state.error(moduleToken, "\"sections\" is not a structure");
            }
            if (steps.size() == 1) {
                throw state.error(moduleToken, "wrong usage of identifier \"sections\"");
            }
            FieldType sectionType = steps.size() == 2 && !steps.get(1).indexed()
                    ? PE_SECTION_FIELDS.get(steps.get(1).name()) : null;
            if (sectionType != null) {
                return field(steps, sectionType);
            }
        }
        state.unsupported(moduleToken, "pe field " + path("pe", steps) + " is not supported");
        return PrimaryParser.unknown(Type.UNKNOWN);
    }

    private static Typed field(List<FieldStep> steps, FieldType type) {
        Condition.ModuleField node = new Condition.ModuleField("pe", steps, type);
        return new Typed(node, type == FieldType.TEXT ? Type.TEXT : Type.INTEGER, ConditionEvaluator.UNDEFINED, true);
    }

    private static String path(String module, List<FieldStep> steps) {
        StringBuilder path = new StringBuilder(module);
        for (FieldStep step : steps) {
            path.append('.').append(step.name()).append(step.indexed() ? "[..]" : "");
        }
        return path.toString();
    }
}
