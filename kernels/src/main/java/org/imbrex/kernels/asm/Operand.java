package org.imbrex.kernels.asm;

/**
 * One parsed operand of an instruction, resolved once at parse time.
 *
 * <pre>
 *   -|cb2[r0.w + 3].wwzw|     type CONSTANT_BUFFER, index 2, element r0.w + 3, swizzle (3,3,2,3), negate, abs
 *   r1.xz  (destination)      type TEMP, index 1, mask 0b0101
 *   l(8, 16, 24, 0)           type IMMEDIATE, values (8, 16, 24, 0)
 * </pre>
 * {@code swizzle[i]} is the source component feeding destination component i (spec §6); a destination's
 * {@code mask} has bit i set when component i is written. A second index ({@code cb#[...]}, {@code
 * x#[...]}) is {@code elementRegister.elementComponent + elementOffset}, or just {@code elementOffset}
 * when {@code elementRegister} is −1. Immediates also carry {@code immediateLanes}: each value replicated
 * over the group's lanes, so a lane loop reads them like any register.
 *
 * <p>Example: {@code mov r0.yz, r1.wzyx} has operands {@code r0} (mask 0b0110) and {@code r1} (swizzle
 * 3,2,1,0): r0.y ← r1.z, r0.z ← r1.y.
 */
public final class Operand {
    final RegisterType type;
    final int index;
    final SystemValue systemValue;
    final int elementRegister;
    final int elementComponent;
    final int elementOffset;
    final int[] swizzle;
    final int mask;
    final boolean negate;
    final boolean abs;
    final int[] immediate;
    final int column;
    int[][] immediateLanes;

    Operand(RegisterType type, int index, SystemValue systemValue, int[] element, int[] swizzle, int mask,
            boolean negate, boolean abs, int[] immediate, int column) {
        this.type = type;
        this.index = index;
        this.systemValue = systemValue;
        this.elementRegister = element == null ? -1 : element[0];
        this.elementComponent = element == null ? 0 : element[1];
        this.elementOffset = element == null ? 0 : element[2];
        this.swizzle = swizzle;
        this.mask = mask;
        this.negate = negate;
        this.abs = abs;
        this.immediate = immediate;
        this.column = column;
    }

    public RegisterType type() {
        return type;
    }

    /** The register number: 3 for {@code r3}, {@code cb3}, {@code u3}; 0 for immediates and inputs. */
    public int index() {
        return index;
    }

    /** The selector of component {@code i}, 0 = x … 3 = w. */
    public int swizzle(int i) {
        return swizzle[i];
    }

    /** The destination write mask, bit i = component i. */
    public int mask() {
        return mask;
    }

    /** The immediate's four values (a scalar {@code l(v)} is replicated), or null. */
    public int[] immediate() {
        return immediate == null ? null : immediate.clone();
    }

    /** True when the second index reads a register ({@code cb0[r1.x + 2]}). */
    boolean hasRelativeElement() {
        return elementRegister >= 0;
    }

    /** Fills {@link #immediateLanes} with the lane array {@code lanesOf} gives for each of its four values. */
    void prepare(java.util.function.IntFunction<int[]> lanesOf) {
        if (type == RegisterType.IMMEDIATE) {
            immediateLanes = new int[4][];
            for (int c = 0; c < 4; c++) {
                immediateLanes[c] = lanesOf.apply(immediate[c]);
            }
        }
    }
}
