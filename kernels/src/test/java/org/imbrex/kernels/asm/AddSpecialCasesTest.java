package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.kernels.dispatch.Dispatch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code add[_sat] dest, [-]src0[_abs], [-]src1[_abs]} through the interpreter against the special-case
 * table of spec §5.2 (FS §22.10.1), for every class pair, every source-modifier combination and with and
 * without {@code _sat} (spec §5.3). The oracle applies the modifiers to the bits, classifies the operands
 * and reads the table; only its "finite" cells are computed, exactly, in double.
 */
class AddSpecialCasesTest {
    private static final String[] CLASSES = {"-inf", "-F", "-den", "-0", "+0", "+den", "+F", "+inf", "NaN"};
    private static final int[] VALUES = {0xFF80_0000, 0xBFC0_0000, 0x807F_FFFF, 0x8000_0000, 0x0000_0000,
        0x0000_0001, 0x4010_0000, 0x7F80_0000, 0x7FC0_0000};
    /** Spec §5.2, rows src0, columns src1; "F" marks a finite result (±F or ±0) computed exactly. */
    private static final String[][] TABLE = {
        {"-inf", "-inf", "-inf", "-inf", "-inf", "-inf", "-inf", "NaN", "NaN"},
        {"-inf", "F", "src0", "src0", "src0", "src0", "F", "+inf", "NaN"},
        {"-inf", "src1", "-0", "-0", "+0", "+0", "src1", "+inf", "NaN"},
        {"-inf", "src1", "-0", "-0", "+0", "+0", "src1", "+inf", "NaN"},
        {"-inf", "src1", "+0", "+0", "+0", "+0", "src1", "+inf", "NaN"},
        {"-inf", "src1", "+0", "+0", "+0", "+0", "src1", "+inf", "NaN"},
        {"-inf", "F", "src0", "src0", "src0", "src0", "F", "+inf", "NaN"},
        {"NaN", "+inf", "+inf", "+inf", "+inf", "+inf", "+inf", "+inf", "NaN"},
        {"NaN", "NaN", "NaN", "NaN", "NaN", "NaN", "NaN", "NaN", "NaN"}};
    private static final String[] MODIFIERS = {"%s", "-%s", "|%s|", "-|%s|"};

    static List<Arguments> combinations() {
        List<Arguments> all = new ArrayList<>();
        for (int m0 = 0; m0 < 4; m0++) {
            for (int m1 = 0; m1 < 4; m1++) {
                all.add(Arguments.of(MODIFIERS[m0], MODIFIERS[m1], false));
                all.add(Arguments.of(MODIFIERS[m0], MODIFIERS[m1], true));
            }
        }
        return all;
    }

    @ParameterizedTest(name = "add{2} {0}, {1}")
    @MethodSource("combinations")
    void add_everyClassPair_followsTheSpecTable(String mod0, String mod1, boolean sat) {
        int pairs = VALUES.length * VALUES.length;
        int[] cb = new int[4 * pairs];
        for (int i = 0; i < pairs; i++) {
            cb[4 * i] = VALUES[i / VALUES.length];
            cb[4 * i + 1] = VALUES[i % VALUES.length];
        }
        String asm = AsmRun.header(pairs + ", 1, 1", pairs, 2).replace("dcl_temps", "dcl_input vThreadIDInGroupFlattened.x\ndcl_temps")
                + "mov r1.x, vThreadIDInGroupFlattened.x\n"
                + "add" + (sat ? "_sat" : "") + " r0.x, " + String.format(mod0, "cb0[r1.x + 0].x") + ", "
                + String.format(mod1, "cb0[r1.x + 0].y") + "\n"
                + "store_uav_typed u0.xyzw, vThreadIDInGroupFlattened.xxxx, r0.xxxx\nret\n";
        int[] got = AsmRun.run(asm, cb, pairs, Dispatch.of(1));
        for (int i = 0; i < pairs; i++) {
            int a = modify(VALUES[i / VALUES.length], mod0);
            int b = modify(VALUES[i % VALUES.length], mod1);
            int expected = sat ? sat(table(a, b)) : table(a, b);
            String where = CLASSES[classOf(a)] + " + " + CLASSES[classOf(b)];
            if (Float.isNaN(Float.intBitsToFloat(expected))) {
                assertThat(Float.isNaN(Float.intBitsToFloat(got[i]))).as(where).isTrue();
            } else {
                assertThat(Integer.toHexString(got[i])).as(where).isEqualTo(Integer.toHexString(expected));
            }
        }
    }

    private static int modify(int bits, String modifier) {
        int v = modifier.contains("|") ? bits & 0x7FFF_FFFF : bits;
        return modifier.startsWith("-") ? v ^ 0x8000_0000 : v;
    }

    private static int classOf(int bits) {
        float f = Float.intBitsToFloat(bits);
        boolean negative = bits < 0;
        if (Float.isNaN(f)) {
            return 8;
        }
        if (Float.isInfinite(f)) {
            return negative ? 0 : 7;
        }
        if (f == 0f) {
            return negative ? 3 : 4;
        }
        if ((bits & 0x7F80_0000) == 0) {
            return negative ? 2 : 5;
        }
        return negative ? 1 : 6;
    }

    private static int table(int a, int b) {
        String cell = TABLE[classOf(a)][classOf(b)];
        return switch (cell) {
            case "-inf" -> 0xFF80_0000;
            case "+inf" -> 0x7F80_0000;
            case "-0" -> 0x8000_0000;
            case "+0" -> 0;
            case "NaN" -> 0x7FC0_0000;
            case "src0" -> a;
            case "src1" -> b;
            default -> {
                float sum = (float) ((double) Float.intBitsToFloat(a) + Float.intBitsToFloat(b));
                int bits = Float.floatToRawIntBits(sum);
                yield sum == 0f ? 0 : bits;
            }
        };
    }

    /** Spec §5.3: NaN, −0 and negatives → +0; ≥ 1 → 1.0. */
    private static int sat(int bits) {
        float f = Float.intBitsToFloat(bits);
        if (Float.isNaN(f) || f <= 0f) {
            return 0;
        }
        return f >= 1f ? 0x3F80_0000 : bits;
    }
}
