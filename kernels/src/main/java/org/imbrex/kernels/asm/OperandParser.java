package org.imbrex.kernels.asm;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses one operand as fxc and vkd3d-compiler print them.
 *
 * <pre>
 *   operand   := ['-'] ( '|' register suffix '|' | register suffix )
 *   register  := r# | x#[index] | cb#[index] | CB#[index] | t# | u# | g# | vName | null | l(v [, v, v, v])
 *   index     := n | r#.c | r#.c + n
 *   suffix    := [_abs] [.letters] [_abs]          letters: 1–4 of xyzw (rgba), or a mask in xyzw order
 *   v         := decimal int | 0x hex | float (1.5, 7.75000000e+00, -0.000000) | inf | -inf | nan
 * </pre>
 * A source swizzle of fewer than four letters repeats its last letter ({@code .xy} = {@code .xyyy}, spec
 * §6); no letters means {@code .xyzw}. A destination's letters are its write mask. Example: {@code
 * parse("-|cb2[r0.w + 0].wwzw|", source)} is a negated, absolute constant buffer read.
 */
final class OperandParser {
    private static final int[] IDENTITY = {0, 1, 2, 3};

    private OperandParser() {
    }

    /** Parses the operand at the cursor; {@code dest} decides whether letters are a mask or a swizzle. */
    static Operand parse(LineCursor in, boolean dest) {
        in.skipSpaces();
        int column = in.column();
        boolean negate = in.accept('-');
        in.skipSpaces();
        boolean bars = in.accept('|');
        in.skipSpaces();
        Operand core = register(in, dest, column, negate, bars);
        if (bars) {
            in.expect('|', "closing the absolute value");
        }
        return core;
    }

    private static Operand register(LineCursor in, boolean dest, int column, boolean negate, boolean bars) {
        if (in.startsWith("l(")) {
            in.advance(2);
            return new Operand(RegisterType.IMMEDIATE, 0, null, null, IDENTITY.clone(), 0xF, negate, bars,
                    immediate(in, column), column);
        }
        int nameColumn = in.column();
        String name = in.alphanumeric();
        if (name.isEmpty()) {
            throw in.error("expected an operand, found " + in.found());
        }
        if (name.equals("null")) {
            return new Operand(RegisterType.NULL, 0, null, null, IDENTITY.clone(), 0xF, false, false, null, column);
        }
        SystemValue input = SystemValue.of(name);
        RegisterType type;
        int index = 0;
        if (input != null) {
            type = RegisterType.INPUT;
        } else {
            type = typeOf(name);
            if (type == null) {
                throw in.errorAt(nameColumn, "unknown register '" + name + "'");
            }
            index = registerNumber(in, name, nameColumn);
        }
        int[] element = null;
        if (type == RegisterType.CONSTANT_BUFFER || type == RegisterType.INDEXABLE_TEMP) {
            element = element(in);
        }
        boolean abs = bars | acceptAbs(in);
        int[] swizzle = IDENTITY.clone();
        int mask = 0xF;
        if (in.peek() == '.') {
            in.advance(1);
            int lettersColumn = in.column();
            String letters = in.alphanumeric();
            if (dest) {
                mask = mask(in, letters, lettersColumn);
            } else {
                swizzle = swizzle(in, letters, lettersColumn);
            }
        }
        abs |= acceptAbs(in);
        return new Operand(type, index, input, element, swizzle, mask, negate, abs, null, column);
    }

    private static RegisterType typeOf(String name) {
        String prefix = name.replaceAll("[0-9]+$", "");
        return switch (prefix) {
            case "r" -> RegisterType.TEMP;
            case "x" -> RegisterType.INDEXABLE_TEMP;
            case "cb", "CB" -> RegisterType.CONSTANT_BUFFER;
            case "t", "T" -> RegisterType.RESOURCE;
            case "u", "U" -> RegisterType.UAV;
            case "g", "G" -> RegisterType.GROUPSHARED;
            default -> null;
        };
    }

    private static int registerNumber(LineCursor in, String name, int column) {
        String digits = name.replaceAll("^[A-Za-z]+", "");
        if (digits.isEmpty()) {
            throw in.errorAt(column, "register '" + name + "' needs a number");
        }
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            throw in.errorAt(column, "register number in '" + name + "' is too large");
        }
    }

    /** {@code [n]}, {@code [r#.c]} or {@code [r#.c + n]}: returns {register or −1, component, offset}. */
    private static int[] element(LineCursor in) {
        in.expect('[', "after the register");
        in.skipSpaces();
        int[] element = {-1, 0, 0};
        if (Character.isDigit(in.peek())) {
            element[2] = in.number("an index");
        } else {
            int column = in.column();
            String register = in.alphanumeric();
            if (!register.matches("r[0-9]+")) {
                throw in.errorAt(column, "an index must be a number or r#.c [+ n], not '" + register + "'");
            }
            element[0] = registerNumber(in, register, column);
            in.expect('.', "before the index component");
            int letterColumn = in.column();
            String letter = in.alphanumeric();
            if (letter.length() != 1 || "xyzw".indexOf(letter.charAt(0)) < 0) {
                throw in.errorAt(letterColumn, "an index reads one component (x, y, z or w), not '" + letter + "'");
            }
            element[1] = "xyzw".indexOf(letter.charAt(0));
            if (in.accept('+')) {
                element[2] = in.number("an index offset");
            }
        }
        in.expect(']', "closing the index");
        return element;
    }

    private static boolean acceptAbs(LineCursor in) {
        if (in.startsWith("_abs")) {
            in.advance(4);
            return true;
        }
        return false;
    }

    private static int[] swizzle(LineCursor in, String letters, int column) {
        if (letters.isEmpty() || letters.length() > 4) {
            throw in.errorAt(column, "a swizzle has 1 to 4 letters, not '" + letters + "'");
        }
        int[] selectors = new int[4];
        for (int i = 0; i < 4; i++) {
            selectors[i] = component(in, letters.charAt(Math.min(i, letters.length() - 1)), column + i);
        }
        return selectors;
    }

    private static int mask(LineCursor in, String letters, int column) {
        if (letters.isEmpty() || letters.length() > 4) {
            throw in.errorAt(column, "a write mask has 1 to 4 letters, not '" + letters + "'");
        }
        int mask = 0;
        int last = -1;
        for (int i = 0; i < letters.length(); i++) {
            int c = component(in, letters.charAt(i), column + i);
            if (c <= last) {
                throw in.errorAt(column + i, "write mask '" + letters + "' must name x, y, z, w in order");
            }
            mask |= 1 << c;
            last = c;
        }
        return mask;
    }

    private static int component(LineCursor in, char letter, int column) {
        int c = "xyzw".indexOf(letter);
        if (c < 0) {
            c = "rgba".indexOf(letter);
        }
        if (c < 0) {
            throw in.errorAt(column, "'" + letter + "' is not a component (x, y, z, w)");
        }
        return c;
    }

    /** The values of {@code l(...)} after the opening parenthesis: 1 (replicated) or 4 of them. */
    private static int[] immediate(LineCursor in, int operandColumn) {
        List<Integer> values = new ArrayList<>();
        do {
            in.skipSpaces();
            int column = in.column();
            String text = in.until(",)");
            values.add(ImmediateValue.parse(text, in, column));
        } while (in.accept(','));
        in.expect(')', "closing the immediate");
        if (values.size() == 1) {
            int v = values.get(0);
            return new int[] {v, v, v, v};
        }
        if (values.size() != 4) {
            throw in.errorAt(operandColumn, "an immediate has 1 or 4 values, not " + values.size());
        }
        return new int[] {values.get(0), values.get(1), values.get(2), values.get(3)};
    }
}
