package org.imbrex.kernels.asm;

import java.util.Locale;

/**
 * One value of an {@code l(...)} immediate, as the 32-bit pattern the instruction sees.
 *
 * <pre>
 *   42 → 0x0000002A      -1 → 0xFFFFFFFF      4294967295 → 0xFFFFFFFF      0x80000000 → 0x80000000
 *   1.000000 → 0x3F800000      -4.77500000e+01 → 0xC23F0000      inf → 0x7F800000      nan → 0x7FC00000
 * </pre>
 * A value with a decimal point or an exponent (and not hex) is a float, rounded to nearest by {@link
 * Float#parseFloat}; fxc's and vkd3d's printed floats round-trip exactly. Example: {@code
 * ImmediateValue.parse("7.75000000e+00", cursor, 1)} is 0x40F80000.
 */
final class ImmediateValue {
    private ImmediateValue() {
    }

    static int parse(String text, LineCursor in, int column) {
        String value = text.trim();
        if (value.isEmpty()) {
            throw in.errorAt(column, "an immediate value is missing");
        }
        String lower = value.toLowerCase(Locale.ROOT);
        boolean negative = lower.startsWith("-");
        String magnitude = negative || lower.startsWith("+") ? lower.substring(1) : lower;
        try {
            if (magnitude.startsWith("0x")) {
                long bits = Long.parseLong(magnitude.substring(2), 16);
                return range(negative ? -bits : bits, value, in, column);
            }
            if (magnitude.equals("inf") || magnitude.startsWith("1.#inf")) {
                return negative ? 0xFF80_0000 : 0x7F80_0000;
            }
            if (magnitude.equals("nan") || magnitude.contains("#qnan") || magnitude.contains("#ind")) {
                return negative ? 0xFFC0_0000 : 0x7FC0_0000;
            }
            if (magnitude.contains(".") || magnitude.contains("e")) {
                return Float.floatToRawIntBits(Float.parseFloat(value));
            }
            if (!magnitude.matches("[0-9]+")) {
                throw in.errorAt(column, "'" + value + "' is not a number");
            }
            return range(Long.parseLong(lower), value, in, column);
        } catch (NumberFormatException e) {
            throw in.errorAt(column, "'" + value + "' is not a number");
        }
    }

    private static int range(long v, String text, LineCursor in, int column) {
        if (v < Integer.MIN_VALUE || v > 0xFFFF_FFFFL) {
            throw in.errorAt(column, "'" + text + "' does not fit in 32 bits");
        }
        return (int) v;
    }
}
