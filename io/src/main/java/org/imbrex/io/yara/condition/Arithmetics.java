package org.imbrex.io.yara.condition;

import static org.imbrex.io.yara.condition.ConditionEvaluator.UNDEFINED;

import org.imbrex.io.yara.condition.Condition.Operator;

/**
 * YARA's integer operators at scan time ({@code OP_INT_ADD} … {@code OP_SHR} in {@code libyara/exec.c}):
 * an undefined operand gives undefined; {@code +}, {@code -}, {@code *} wrap at 64 bits; {@code \} and
 * {@code %} truncate toward zero and are undefined for a divisor 0; a shift by a negative count is
 * undefined, by 64 or more is 0, and {@code >>} keeps the sign.
 *
 * <p>Example: {@code apply(SHIFT_RIGHT, -8, 1)} is -4, {@code apply(SHIFT_RIGHT, -8, 64)} is 0, {@code
 * apply(DIVIDE, 7, 0)} is {@link ConditionEvaluator#UNDEFINED}, {@code apply(ADD, Long.MAX_VALUE, 1)} is
 * {@code Long.MIN_VALUE}.
 */
final class Arithmetics {
    private Arithmetics() {
    }

    static long apply(Operator operator, long a, long b) {
        if (a == UNDEFINED || b == UNDEFINED) {
            return UNDEFINED;
        }
        switch (operator) {
            case ADD:
                return a + b;
            case SUBTRACT:
                return a - b;
            case MULTIPLY:
                return a * b;
            case DIVIDE:
                return b == 0 ? UNDEFINED : a / b;
            case MODULO:
                return b == 0 ? UNDEFINED : a % b;
            case BITWISE_AND:
                return a & b;
            case BITWISE_OR:
                return a | b;
            case BITWISE_XOR:
                return a ^ b;
            case SHIFT_LEFT:
                return b < 0 ? UNDEFINED : b < 64 ? a << b : 0;
            case SHIFT_RIGHT:
                return b < 0 ? UNDEFINED : b < 64 ? a >> b : 0;
            default:
                throw new IllegalArgumentException(operator.toString());
        }
    }

    static long negate(long a) {
        return a == UNDEFINED ? UNDEFINED : -a;
    }

    static long bitwiseNot(long a) {
        return a == UNDEFINED ? UNDEFINED : ~a;
    }

    /**
     * YARA's {@code ss_compare}: byte by byte as C {@code char}s, which are signed on x86-64 Linux (so
     * {@code "\x80" < "a"} there), then the shorter text first.
     */
    static int compareText(byte[] a, byte[] b) {
        int common = Math.min(a.length, b.length);
        for (int i = 0; i < common; i++) {
            if (a[i] != b[i]) {
                return a[i] < b[i] ? -1 : 1;
            }
        }
        return Integer.compare(a.length, b.length);
    }
}
