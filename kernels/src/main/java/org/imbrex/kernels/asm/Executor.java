package org.imbrex.kernels.asm;

/**
 * What one opcode does to a thread group: runs {@code instruction} for every active lane of {@code
 * machine}.
 *
 * <p>Example: the row of {@code iadd} is {@code ComponentWise.binary((a, b, out, n) -> ...)}: one tight
 * loop over the lanes per destination component.
 */
@FunctionalInterface
interface Executor {
    void execute(Instruction instruction, GroupMachine machine);
}
