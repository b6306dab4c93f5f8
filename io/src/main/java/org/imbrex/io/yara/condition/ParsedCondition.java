package org.imbrex.io.yara.condition;

/**
 * What {@link ConditionParser} makes of a condition YARA accepts: either the {@link Condition} tree, or
 * the first construct imbrex cannot evaluate, so that the caller skips that rule alone.
 *
 * <p>Example: {@code $a and math.entropy(0, filesize) > 7} (with {@code import "math"}) gives {@code
 * Unsupported("module 'math' is not supported: imbrex evaluates only the pe module", 1, 9)}; {@code $a and
 * pe.is_pe} gives {@code Supported(And(StringFound($a), ModuleField(pe.is_pe)))}.
 */
public sealed interface ParsedCondition {

    /** The condition, ready for {@link ConditionEvaluator}. */
    record Supported(Condition condition) implements ParsedCondition {
    }

    /** A construct YARA accepts and imbrex does not evaluate, with its place (1-based). */
    record Unsupported(String reason, int line, int column) implements ParsedCondition {
        /** {@code file:line:column: reason}, like the parser's errors. */
        public String message(String file) {
            return file + ":" + line + ":" + column + ": " + reason;
        }
    }
}
