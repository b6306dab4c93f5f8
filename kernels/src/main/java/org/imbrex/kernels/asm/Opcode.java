package org.imbrex.kernels.asm;

import java.util.Set;

/**
 * One row of the opcode table: the mnemonic, the operand types, and the executor (as vkd3d's {@code tpf.c}
 * lists {@code {VKD3D_SM5_OP_MSAD, ..., "u", "uuu"}}).
 *
 * <p>Operand type letters, destinations first, then sources:
 * <pre>
 *   f  float register or immediate: '-' flips the sign, |x| clears it, denormals are flushed by the op
 *   i  int / u  uint register or immediate: '-' is two's-complement negation
 *   R  a resource to read: t#, u# or g#, with its swizzle     T  t# only      U  u# only
 *   M  memory to write: u# or g#                              W  u# only
 * </pre>
 * {@code traits} say what else it does ({@link OpcodeTrait}: memory, atomics, barriers, loops). Example:
 * {@code new Opcode("udiv", "uu", "uu", ...)} has two destinations (quotient, remainder), each of which may
 * be {@code null}, and no traits.
 */
record Opcode(String name, String dests, String sources, boolean allowsSaturate, Executor executor,
        Set<OpcodeTrait> traits) {

    /** True when the opcode has {@code trait}. */
    boolean has(OpcodeTrait trait) {
        return traits.contains(trait);
    }

    /** Number of operands the instruction must have. */
    int operandCount() {
        return dests.length() + sources.length();
    }

    /** The type letter of operand {@code i} (destinations first). */
    char operandType(int i) {
        return i < dests.length() ? dests.charAt(i) : sources.charAt(i - dests.length());
    }

    /** True when operand {@code i} is a destination. */
    boolean isDest(int i) {
        return i < dests.length();
    }
}
