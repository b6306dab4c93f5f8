package org.imbrex.kernels.asm;

import java.util.List;

/**
 * A parsed compute shader: its declarations and its instruction list, operands resolved and flow control
 * matched, ready to run on any number of {@link GroupMachine}s.
 *
 * <p>Example: {@code AsmParser.parse("search.asm", text).instructions().size()} counts the instructions,
 * declarations excluded. {@code flowDepth} is the deepest nesting of {@code if}/{@code loop}/{@code
 * switch}, which sizes the execution-mask stack; {@code groupsPerCall} how many groups may run side by side
 * in one call.
 */
public record AsmProgram(String file, Declarations declarations, List<Instruction> instructions, int flowDepth,
        int groupsPerCall) {
    /** Groups run side by side when they cannot observe each other: 8 groups of 64 make loops of 512 lanes. */
    static final int GROUPS_SIDE_BY_SIDE = 8;

    /**
     * The program with its analysis, made once when it is parsed: {@code groupsPerCall} is {@link
     * #GROUPS_SIDE_BY_SIDE} if {@link GroupIndependence} holds, else 1.
     */
    static AsmProgram analysed(String file, Declarations declarations, List<Instruction> code, int flowDepth) {
        int groups = GroupIndependence.holds(declarations, code) ? GROUPS_SIDE_BY_SIDE : 1;
        return new AsmProgram(file, declarations, List.copyOf(code), flowDepth, groups);
    }
}
