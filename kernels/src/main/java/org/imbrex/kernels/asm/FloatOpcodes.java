package org.imbrex.kernels.asm;

import org.imbrex.kernels.intrinsics.Fp32;

/**
 * The rows of the 32-bit float opcodes and the float/int conversions ({@link FloatMath} has the rules:
 * spec §5, FS §22.10).
 *
 * <pre>
 *   add mul mad div min max frc round_ne round_ni round_pi round_z sqrt rsq      float → float, _sat
 *   eq ne lt ge                                                                 float → 0xFFFFFFFF / 0
 *   ftoi ftou itof utof f32tof16 f16tof32                                       conversions
 * </pre>
 * Example: {@code add_sat r0.x, r1.x, l(0.5)} with r1.x = 0.75 writes 1.0 (spec test vector 19).
 */
final class FloatOpcodes {
    private FloatOpcodes() {
    }

    static void register() {
        arithmetic();
        rounding();
        compares();
        conversions();
    }

    private static void arithmetic() {
        OpcodeTable.add("add", "f", "ff", true, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = Fp32.add(a[l], b[l]);
            }
        }));
        OpcodeTable.add("mul", "f", "ff", true, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = Fp32.mul(a[l], b[l]);
            }
        }));
        OpcodeTable.add("mad", "f", "fff", true, ComponentWise.ternary((a, b, c, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.mad(a[l], b[l], c[l]);
            }
        }));
        OpcodeTable.add("div", "f", "ff", true, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.div(a[l], b[l]);
            }
        }));
        OpcodeTable.add("min", "f", "ff", true, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.min(a[l], b[l]);
            }
        }));
        OpcodeTable.add("max", "f", "ff", true, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.max(a[l], b[l]);
            }
        }));
        OpcodeTable.add("sqrt", "f", "f", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.sqrt(a[l]);
            }
        }));
        OpcodeTable.add("rsq", "f", "f", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.rsq(a[l]);
            }
        }));
    }

    private static void rounding() {
        OpcodeTable.add("frc", "f", "f", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.frc(a[l]);
            }
        }));
        OpcodeTable.add("round_ne", "f", "f", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.roundNe(a[l]);
            }
        }));
        OpcodeTable.add("round_ni", "f", "f", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.roundNi(a[l]);
            }
        }));
        OpcodeTable.add("round_pi", "f", "f", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.roundPi(a[l]);
            }
        }));
        OpcodeTable.add("round_z", "f", "f", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.roundZ(a[l]);
            }
        }));
    }

    private static void compares() {
        OpcodeTable.add("eq", "u", "ff", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.eq(a[l], b[l]);
            }
        }));
        OpcodeTable.add("ne", "u", "ff", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.ne(a[l], b[l]);
            }
        }));
        OpcodeTable.add("lt", "u", "ff", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.lt(a[l], b[l]);
            }
        }));
        OpcodeTable.add("ge", "u", "ff", false, ComponentWise.binary((a, b, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.ge(a[l], b[l]);
            }
        }));
    }

    private static void conversions() {
        OpcodeTable.add("ftoi", "i", "f", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.ftoi(a[l]);
            }
        }));
        OpcodeTable.add("ftou", "u", "f", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.ftou(a[l]);
            }
        }));
        OpcodeTable.add("itof", "f", "i", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.itof(a[l]);
            }
        }));
        OpcodeTable.add("utof", "f", "u", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.utof(a[l]);
            }
        }));
        OpcodeTable.add("f32tof16", "u", "f", false, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.f32tof16(a[l]);
            }
        }));
        OpcodeTable.add("f16tof32", "f", "u", true, ComponentWise.unary((a, o, n) -> {
            for (int l = 0; l < n; l++) {
                o[l] = FloatMath.f16tof32(a[l]);
            }
        }));
    }
}
