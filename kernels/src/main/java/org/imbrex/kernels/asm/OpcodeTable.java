package org.imbrex.kernels.asm;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every opcode imbrex runs, one row each (name, operand types, executor), as vkd3d's {@code tpf.c} lists
 * them, instead of a switch ladder. The rows live with their kind: {@link IntegerOpcodes}, {@link
 * FloatOpcodes}, {@link MemoryOpcodes}, {@link AtomicOpcodes}, {@link FlowOpcodes}.
 *
 * <p>Example: {@code OpcodeTable.lookup("msad")} has destination types {@code "u"} and source types
 * {@code "uuu"}; {@code lookup("fma")} is null.
 */
public final class OpcodeTable {
    private static final Map<String, Opcode> ROWS = new TreeMap<>();

    static {
        IntegerOpcodes.register();
        FloatOpcodes.register();
        MemoryOpcodes.register();
        AtomicOpcodes.register();
        FlowOpcodes.register();
    }

    private OpcodeTable() {
    }

    /**
     * Adds a row; {@code saturate} says whether {@code name_sat} is accepted. A row has at most {@link
     * GroupMachine#SLOTS} operands, the scratch lane arrays the machine keeps per operand.
     */
    static void add(String name, String dests, String sources, boolean saturate, Executor executor,
            OpcodeTrait... traits) {
        Set<OpcodeTrait> set = traits.length == 0 ? EnumSet.noneOf(OpcodeTrait.class) : EnumSet.copyOf(List.of(traits));
        Opcode row = new Opcode(name, dests, sources, saturate, executor, Collections.unmodifiableSet(set));
        if (row.operandCount() > GroupMachine.SLOTS) {
            throw new IllegalStateException("opcode " + name + " has " + row.operandCount() + " operands; the machine "
                    + "has scratch lanes for " + GroupMachine.SLOTS);
        }
        if (ROWS.put(name, row) != null) {
            throw new IllegalStateException("opcode " + name + " has two rows");
        }
    }

    /** The largest operand count of any row. */
    static int mostOperands() {
        return ROWS.values().stream().mapToInt(Opcode::operandCount).max().orElse(0);
    }

    static Opcode lookup(String name) {
        return ROWS.get(name);
    }

    /** The names of all supported opcodes, sorted. */
    public static java.util.Set<String> names() {
        return Collections.unmodifiableSet(ROWS.keySet());
    }
}
