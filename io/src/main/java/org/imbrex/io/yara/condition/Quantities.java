package org.imbrex.io.yara.condition;

import static org.imbrex.io.yara.condition.ConditionEvaluator.UNDEFINED;

/**
 * When YARA 4.2.3 counts a quantity as met, from the counts an {@code of} or a loop has gathered ({@code
 * OP_OF}, {@code OP_OF_PERCENT} and the final test of {@code for} loops in {@code libyara/exec.c}). A wanted
 * count of {@link ConditionEvaluator#UNDEFINED} stands for {@code all}.
 *
 * <p>Example: {@code 2 of ($a, $b, $c)} with two strings found is {@code of(2, 2, 3)} = 1; {@code none of
 * them} is {@code of(0, found, count)}, 1 only when {@code found} is 0; {@code for all i in (1..3) : (..)}
 * whose body was true twice is {@code loop(UNDEFINED, 2, 3)} = 0.
 */
final class Quantities {
    private Quantities() {
    }

    /** {@code OP_OF}: an undefined count means all; the count 0 means none matched. */
    static long of(long wanted, long found, long count) {
        if (wanted == UNDEFINED) {
            return found >= count ? 1 : 0;
        }
        if (wanted == 0) {
            return found == 0 ? 1 : 0;
        }
        return found >= wanted ? 1 : 0;
    }

    /** {@code OP_OF_PERCENT}, in doubles as YARA computes it. */
    static long percentOf(long percent, long found, long count) {
        if (percent == UNDEFINED || count == 0) {
            return UNDEFINED;
        }
        return ((double) found / count) * 100 >= percent ? 1 : 0;
    }

    /** A loop's final test: the body's values summed to at least the count, or to the steps for all. */
    static long loop(long wanted, long sum, long steps) {
        return sum >= (wanted == UNDEFINED ? steps : wanted) ? 1 : 0;
    }
}
