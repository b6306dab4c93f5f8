package org.imbrex.kernels.asm;

/**
 * What an opcode does besides computing registers, as a column of its {@link Opcode} row: what analyses of a
 * program ({@link GroupIndependence}) read instead of the opcode's name.
 *
 * <pre>
 *   ld_raw r0.x, r1.x, u0.x        LOADS              (a UAV load when an operand is u#)
 *   store_structured u0.x, ...     STORES
 *   imm_atomic_iadd r0.x, u0, ...  ATOMIC, LOADS, STORES
 *   sync_g_t                       BARRIER
 *   loop / endloop                 OPENS_LOOP / CLOSES_LOOP
 * </pre>
 * Example: {@code OpcodeTable.lookup("atomic_or").has(OpcodeTrait.ATOMIC)} is true.
 */
enum OpcodeTrait {
    /** Reads memory: a resource, a UAV or groupshared memory. */
    LOADS,
    /** Writes a UAV or groupshared memory. */
    STORES,
    /** Reads, combines and writes one word indivisibly. */
    ATOMIC,
    /** A {@code sync_*} barrier or fence. */
    BARRIER,
    /** {@code loop}. */
    OPENS_LOOP,
    /** {@code endloop}. */
    CLOSES_LOOP
}
