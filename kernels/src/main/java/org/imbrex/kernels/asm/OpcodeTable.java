package org.imbrex.kernels.asm;

import java.util.Collections;
import java.util.Map;
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

    /** Adds a row; {@code saturate} says whether {@code name_sat} is accepted. */
    static void add(String name, String dests, String sources, boolean saturate, Executor executor) {
        if (ROWS.put(name, new Opcode(name, dests, sources, saturate, executor)) != null) {
            throw new IllegalStateException("opcode " + name + " has two rows");
        }
    }

    static Opcode lookup(String name) {
        return ROWS.get(name);
    }

    /** The names of all supported opcodes, sorted. */
    public static java.util.Set<String> names() {
        return Collections.unmodifiableSet(ROWS.keySet());
    }
}
