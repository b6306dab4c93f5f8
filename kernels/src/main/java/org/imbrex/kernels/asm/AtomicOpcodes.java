package org.imbrex.kernels.asm;

import java.util.function.IntBinaryOperator;

/**
 * The rows of the atomics on u# and g# (FS §22.17): each active lane, in {@code SV_GroupIndex} order,
 * reads the word, combines it with its value and writes it back; the {@code imm_} forms also return the
 * word as it was before.
 *
 * <pre>
 *   atomic_iadd u0, address, v               [address] ← [address] + v
 *   imm_atomic_iadd d, u0, address, v        d ← old [address];  [address] ← old + v
 *   atomic_cmp_store g0, address, cmp, v     [address] ← v if old = cmp
 *   imm_atomic_cmp_exch d, g0, address, cmp, v
 *   imm_atomic_exch d, u0, address, v
 * </pre>
 * The address has the components its memory needs ({@link MemoryView}); out of bounds nothing is written
 * and {@code imm_} returns 0. Example: 64 lanes running {@code atomic_iadd u0, l(0), l(1)} add 64.
 */
final class AtomicOpcodes {
    private static final OpcodeTrait[] ATOMIC = {OpcodeTrait.ATOMIC, OpcodeTrait.LOADS, OpcodeTrait.STORES};

    private AtomicOpcodes() {
    }

    static void register() {
        combining("iadd", Integer::sum);
        combining("and", (a, b) -> a & b);
        combining("or", (a, b) -> a | b);
        combining("xor", (a, b) -> a ^ b);
        combining("imin", Math::min);
        combining("imax", Math::max);
        combining("umin", (a, b) -> Integer.compareUnsigned(a, b) <= 0 ? a : b);
        combining("umax", (a, b) -> Integer.compareUnsigned(a, b) >= 0 ? a : b);
        OpcodeTable.add("imm_atomic_exch", "uM", "uu", false, (ins, m) -> run(ins, m, 1, -1, (old, v) -> v), ATOMIC);
        OpcodeTable.add("atomic_cmp_store", "M", "uuu", false, (ins, m) -> run(ins, m, 0, 2, null), ATOMIC);
        OpcodeTable.add("imm_atomic_cmp_exch", "uM", "uuu", false, (ins, m) -> run(ins, m, 1, 3, null), ATOMIC);
    }

    private static void combining(String name, IntBinaryOperator op) {
        OpcodeTable.add("atomic_" + name, "M", "uu", false, (ins, m) -> run(ins, m, 0, -1, op), ATOMIC);
        OpcodeTable.add("imm_atomic_" + name, "uM", "uu", false, (ins, m) -> run(ins, m, 1, -1, op), ATOMIC);
    }

    /**
     * Runs one atomic. {@code memory} is the operand index of u#/g# (1 when a result comes first); the
     * address follows it; {@code compare} is the operand index of the comparand, or −1; the value is last.
     * A null {@code op} means compare-and-store.
     */
    private static void run(Instruction ins, GroupMachine m, int memory, int compare, IntBinaryOperator op) {
        MemoryView view = MemoryView.of(m, ins.operands[memory]);
        int[] x = m.read(ins, memory + 1, 0);
        int[] y = m.read(ins, memory + 1, 1);
        int[] cmp = compare < 0 ? null : m.read(ins, compare, 0);
        int[] value = m.read(ins, ins.operands.length - 1, 0);
        int[] old = m.result[0];
        for (int lane = 0; lane < m.lanes; lane++) {
            old[lane] = 0;
            if (m.exec[lane] == 0) {
                continue;
            }
            int word = view.locate(x[lane], y[lane]);
            if (word < 0) {
                continue;
            }
            int before = view.get(word);
            old[lane] = before;
            if (op != null) {
                view.set(word, op.applyAsInt(before, value[lane]));
            } else if (before == cmp[lane]) {
                view.set(word, value[lane]);
            }
        }
        if (memory == 1) {
            for (int c = 1; c < 4; c++) {
                System.arraycopy(old, 0, m.result[c], 0, m.lanes);
            }
            m.commit(ins, 0, m.result);
        }
    }
}
