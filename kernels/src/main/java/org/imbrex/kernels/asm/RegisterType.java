package org.imbrex.kernels.asm;

/**
 * The register files an SM5 compute shader operand names, by their assembly prefix.
 *
 * <pre>
 *   r3.xy      TEMP                 x0[r1.x + 2]   INDEXABLE_TEMP      vThreadID.x   INPUT
 *   cb0[1].z   CONSTANT_BUFFER      t1 / u0 / g0   RESOURCE/UAV/TGSM   l(1, 2, 3, 4) IMMEDIATE
 *   null       NULL (a destination whose result is dropped)
 * </pre>
 * Example: in {@code udiv null, r1.x, r0.x, l(38)}, the quotient goes to {@link #NULL}.
 */
public enum RegisterType {
    TEMP,
    INDEXABLE_TEMP,
    INPUT,
    CONSTANT_BUFFER,
    RESOURCE,
    UAV,
    GROUPSHARED,
    IMMEDIATE,
    NULL;

    /** True for the registers an instruction can compute into: {@code r#}, {@code x#[i]} and {@code null}. */
    boolean isWritable() {
        return this == TEMP || this == INDEXABLE_TEMP || this == NULL;
    }

    /** True for the memory an instruction can store into or run an atomic on: {@code u#} and {@code g#}. */
    boolean isMemory() {
        return this == UAV || this == GROUPSHARED;
    }
}
