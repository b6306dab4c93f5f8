package org.imbrex.kernels.asm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.imbrex.kernels.dispatch.ShaderModel;

/**
 * Parses Shader Model 5 compute shader assembly, as {@code fxc /Fc} and {@code vkd3d-compiler -b d3d-asm}
 * print it, into an {@link AsmProgram}.
 *
 * <pre>
 *   // comment, blank lines                    ignored
 *   cs_5_0                                      the header (cs_4_0, cs_4_1 also run)
 *   dcl_thread_group 64, 1, 1                   declarations ({@link DeclarationParser})
 *   ld_indexable(buffer)(uint,uint,uint,uint) r1.y, r1.xxxx, t0.yxzw     fxc's decorated ld
 *   ld r1.w, r4.xxxy, t0.x                      vkd3d's plain ld: the same opcode
 *   add_sat r0.x, -|r1.x|, l(1.000000)          opcode [_sat], operands ({@link OperandParser})
 * </pre>
 * Anything else is an error naming the file, line and column: an unknown opcode, a wrong operand count or
 * kind, an undeclared register, unbalanced flow control. Nothing is skipped. Example: {@code
 * AsmParser.parse("a.asm", "cs_5_0\nfma r0.x, r0.x\n")} throws {@code a.asm:2:1: unknown opcode 'fma'}.
 */
public final class AsmParser {
    private final String file;
    private final Declarations declarations = new Declarations();
    private final List<Instruction> code = new ArrayList<>();

    private AsmParser(String file) {
        this.file = file;
    }

    /** Parses {@code text}; {@code file} names it in error messages. */
    public static AsmProgram parse(String file, String text) {
        AsmParser parser = new AsmParser(file);
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            parser.line(new LineCursor(file, i + 1, stripComment(lines[i])));
        }
        return parser.finish(lines.length);
    }

    private static String stripComment(String line) {
        int comment = line.indexOf("//");
        return comment < 0 ? line : line.substring(0, comment);
    }

    private void line(LineCursor in) {
        if (in.atEnd()) {
            return;
        }
        int column = in.column();
        String word = in.word();
        if (word.isEmpty()) {
            throw in.error("expected an opcode, found " + in.found());
        }
        if (declarations.model == null) {
            header(in, word, column);
        } else if (word.startsWith("dcl_")) {
            DeclarationParser.parse(word, column, in, declarations);
        } else {
            code.add(instruction(in, word, column));
        }
    }

    private void header(LineCursor in, String word, int column) {
        try {
            declarations.model = ShaderModel.ofProfile(word);
        } catch (IllegalArgumentException e) {
            throw in.errorAt(column, "expected a compute shader header (cs_5_0, cs_4_1, cs_4_0), found '" + word + "'");
        }
        if (!in.atEnd()) {
            throw in.error("unexpected " + in.found() + " after " + word);
        }
    }

    private Instruction instruction(LineCursor in, String word, int column) {
        while (in.peek() == '(') {
            in.advance(1);
            in.until(")");
            in.expect(')', "closing the opcode's decoration");
        }
        boolean saturate = word.endsWith("_sat");
        String name = saturate ? word.substring(0, word.length() - 4) : word;
        name = name.replace("_indexable", "");
        Opcode opcode = OpcodeTable.lookup(name);
        if (opcode == null) {
            throw in.errorAt(column, "unknown opcode '" + word + "'");
        }
        if (saturate && !opcode.allowsSaturate()) {
            throw in.errorAt(column, name + " has no _sat form");
        }
        Operand[] operands = new Operand[opcode.operandCount()];
        for (int i = 0; i < operands.length; i++) {
            if (i > 0) {
                in.expect(',', "between operands of " + name);
            }
            operands[i] = OperandParser.parse(in, opcode.isDest(i));
        }
        if (!in.atEnd()) {
            throw in.error(name + " takes " + operands.length + " operands; unexpected " + in.found());
        }
        return new Instruction(opcode, saturate, operands, in.line(), column);
    }

    private AsmProgram finish(int lines) {
        if (declarations.model == null) {
            throw new AsmSyntaxException(file, Math.max(lines, 1), 1, "no cs_5_0 / cs_4_x header");
        }
        if (declarations.numThreads == null) {
            throw new AsmSyntaxException(file, Math.max(lines, 1), 1, "no dcl_thread_group declaration");
        }
        return link(file, declarations, code);
    }

    /**
     * The last step of every front end ({@code .asm} text here, bytecode in {@link DxbcParser}): checks each
     * operand against its opcode row and the declarations ({@link OperandCheck}), matches flow control
     * ({@link FlowMatcher}) and prepares the immediates for the group's lanes. {@code declarations} must
     * have a model and a thread group. Errors are {@link AsmSyntaxException}s at the instruction's {@code
     * line} and the operand's (or instruction's) {@code column}.
     */
    static AsmProgram link(String file, Declarations declarations, List<Instruction> code) {
        OperandCheck check = new OperandCheck(file, declarations);
        for (Instruction ins : code) {
            check.instruction(ins);
        }
        int depth = FlowMatcher.match(file, code);
        AsmProgram program = AsmProgram.analysed(file, declarations, code, depth);
        int lanes = declarations.numThreads.count() * program.groupsPerCall();
        // One lane array per distinct immediate value, shared by every operand that has it (readers never write
        // them): a program's immediates cost memory per value, not per operand.
        Map<Integer, int[]> replicated = new HashMap<>();
        for (Instruction ins : code) {
            for (Operand operand : ins.operands) {
                operand.prepare(value -> replicated.computeIfAbsent(value, v -> {
                    int[] filled = new int[lanes];
                    Arrays.fill(filled, v);
                    return filled;
                }));
            }
        }
        return program;
    }
}
