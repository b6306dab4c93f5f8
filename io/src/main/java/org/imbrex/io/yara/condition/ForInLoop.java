package org.imbrex.io.yara.condition;

import static org.imbrex.io.yara.condition.ConditionEvaluator.UNDEFINED;

import java.util.function.ToLongFunction;

/**
 * One run of a {@code for N i in (A..B) : (body)} or {@code for N i in (x, y, …) : (body)} loop, with the
 * results of YARA 4.2.3's virtual machine: the body's values are summed, the loop stops as soon as the sum
 * reaches N ({@code JL_P}), and its value is then {@link Quantities#loop}'s final test; an undefined bound
 * gives no iteration and 0. The evaluator gives it the loop variables (one slot per nesting depth) and how it
 * evaluates integers and truths.
 * <pre>
 *   for 5 i in (1..3) : (i)     steps i = 1, 2, 3; sum 6 ≥ 5          → 1
 *   for any i in (1..U) : (…)   U undefined: no step                  → 0
 *   for none i in (1..3) : (…)  N = 0: stops after the first step
 * </pre>
 * Example: {@code new ForInLoop(loop, wanted, variables, evaluator::integer, evaluator::truth).run()}.
 */
final class ForInLoop {
    private final Condition.ForIn loop;
    private final long wanted;
    private final long[] variables;
    private final ToLongFunction<Condition> integer;
    private final ToLongFunction<Condition> truth;
    private long sum;
    private long steps;

    /**
     * @param wanted    the quantifier's count ({@link ConditionEvaluator#UNDEFINED} for {@code all})
     * @param variables the loop variables by nesting depth; this loop sets {@code variables[loop.depth()]}
     */
    ForInLoop(Condition.ForIn loop, long wanted, long[] variables, ToLongFunction<Condition> integer,
            ToLongFunction<Condition> truth) {
        this.loop = loop;
        this.wanted = wanted;
        this.variables = variables;
        this.integer = integer;
        this.truth = truth;
    }

    long run() {
        if (loop.iteration() instanceof Condition.RangeIteration range) {
            long next = integer.applyAsLong(range.range().lower());
            long last = integer.applyAsLong(range.range().upper());
            // iter_int_range_next stops at an undefined bound, and at a value equal to UNDEFINED.
            while (next != UNDEFINED && last != UNDEFINED && next <= last) {
                if (!step(next) || next == Long.MAX_VALUE) {
                    break;
                }
                next++;
            }
        } else {
            Condition.ListIteration list = (Condition.ListIteration) loop.iteration();
            long[] items = list.items().stream().mapToLong(integer).toArray();
            for (long item : items) {
                if (!step(item)) {
                    break;
                }
            }
        }
        if (steps == 0) {
            return 0;
        }
        return Quantities.loop(wanted, sum, steps);
    }

    /** One iteration; false when the loop stops early because the sum reached the count. */
    private boolean step(long item) {
        variables[loop.depth()] = item;
        long value = truth.applyAsLong(loop.body());
        if (value != UNDEFINED) {
            sum += value;
        }
        steps++;
        return wanted == UNDEFINED || sum < wanted;
    }
}
