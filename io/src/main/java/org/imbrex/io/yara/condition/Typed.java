package org.imbrex.io.yara.condition;

/**
 * A parsed piece of a condition with what YARA's compiler knows about it: its type, its value when it is
 * an integer constant (else {@link ConditionEvaluator#UNDEFINED}, as in YARA's {@code YR_EXPRESSION}),
 * and whether it is a bare primary expression (so that {@code (1 + 2) * 3} can go on after the
 * parenthesis, while {@code ($a and $b) * 3} cannot).
 */
record Typed(Condition node, Type type, long constant, boolean primary) {

    /** YARA's expression types; {@code UNKNOWN} is the type of a construct imbrex does not evaluate. */
    enum Type {
        BOOLEAN("boolean"), INTEGER("integer"), TEXT("string"), FLOAT("float"), REGEXP("regexp"),
        UNKNOWN("unknown");

        final String yaraName;

        Type(String yaraName) {
            this.yaraName = yaraName;
        }
    }

    static Typed integer(Condition node, long constant) {
        return new Typed(node, Type.INTEGER, constant, true);
    }

    static Typed integer(Condition node) {
        return integer(node, ConditionEvaluator.UNDEFINED);
    }

    static Typed bool(Condition node) {
        return new Typed(node, Type.BOOLEAN, ConditionEvaluator.UNDEFINED, false);
    }

    boolean isConstant() {
        return type == Type.INTEGER && constant != ConditionEvaluator.UNDEFINED;
    }

    Typed asExpression() {
        return primary ? new Typed(node, type, constant, false) : this;
    }
}
