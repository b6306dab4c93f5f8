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
}
