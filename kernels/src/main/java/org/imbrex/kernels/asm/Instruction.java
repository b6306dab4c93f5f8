package org.imbrex.kernels.asm;

/**
 * One parsed instruction: its opcode row, {@code _sat}, resolved operands, its place in the text and, for
 * flow control, the matching instructions found at parse time.
 *
 * <pre>
 *   3  if_nz r0.x        jump = 5 (else), end = 7 (endif)
 *   5  else              end = 7
 *   7  endif
 *   8  loop              end = 12 (endloop)
 *   12 endloop           jump = 8 (loop)
 *   13 switch r0.x       labels = {14, 16, 18 (endswitch)}, caseValues = {1}
 * </pre>
 * Example: {@code add_sat r0.x, -r1.x, |r2.x|} has {@code saturate = true} and three operands.
 *
 * <p>Where it came from: from assembly text, {@code line} and {@code column} are its place in the file;
 * from bytecode ({@link DxbcParser}), {@code line} is its 1-based number in the program's instruction list
 * (declarations not counted), {@code column} and {@code byteOffset} are the file offset of its opcode
 * token, and each operand's column is the file offset of its operand token.
 */
public final class Instruction {
    final Opcode opcode;
    final boolean saturate;
    final Operand[] operands;
    final int line;
    final int column;
    /** File offset of the opcode token when the instruction was decoded from bytecode, else −1. */
    int byteOffset = -1;
    int jump = -1;
    int end = -1;
    int[] labels;
    int[] caseValues;

    Instruction(Opcode opcode, boolean saturate, Operand[] operands, int line, int column) {
        this.opcode = opcode;
        this.saturate = saturate;
        this.operands = operands;
        this.line = line;
        this.column = column;
    }

    /** The mnemonic, without {@code _sat} and without fxc's {@code _indexable(...)} decorations. */
    public String name() {
        return opcode.name();
    }

    /** True for {@code _sat}. */
    public boolean saturate() {
        return saturate;
    }

    /** Operand {@code i}, destinations first. */
    public Operand operand(int i) {
        return operands[i];
    }

    public int operandCount() {
        return operands.length;
    }

    /** 1-based line of the instruction in its file; for bytecode, its 1-based number in the program. */
    public int line() {
        return line;
    }

    @Override
    public String toString() {
        String where = byteOffset < 0 ? "line " + line
                : "instruction " + line + " (byte 0x" + Integer.toHexString(byteOffset) + ")";
        return where + ": " + opcode.name() + (saturate ? "_sat" : "");
    }
}
