package org.imbrex.kernels.asm;

import java.util.List;

/**
 * A parsed compute shader: its declarations and its instruction list, operands resolved and flow control
 * matched, ready to run on any number of {@link GroupMachine}s.
 *
 * <p>Example: {@code AsmParser.parse("search.asm", text).instructions().size()} counts the instructions,
 * declarations excluded. {@code flowDepth} is the deepest nesting of {@code if}/{@code loop}/{@code
 * switch}, which sizes the execution-mask stack.
 */
public record AsmProgram(String file, Declarations declarations, List<Instruction> instructions, int flowDepth) {
    /** Groups run side by side when they cannot observe each other: 8 groups of 64 make loops of 512 lanes. */
    static final int GROUPS_SIDE_BY_SIDE = 8;

    /** Groups one call may run side by side: {@link #GROUPS_SIDE_BY_SIDE} if {@link GroupIndependence} holds, else 1. */
    public int groupsPerCall() {
        return GroupIndependence.holds(this) ? GROUPS_SIDE_BY_SIDE : 1;
    }
}
