package org.imbrex.kernels.asm;

import java.util.Arrays;
import java.util.Map;

/**
 * A canonical, complete text of an {@link AsmProgram}: every declaration and, for every instruction, its
 * opcode row, {@code _sat}, every field of every operand and the flow-control links; nothing about where
 * it came from (lines, columns, byte offsets). Two programs with equal listings run alike, so it compares
 * the two front ends ({@link AsmParser}, {@link DxbcParser}) field for field.
 *
 * <pre>
 *   model cs_5_0
 *   numthreads 64 1 1
 *   temps 6
 *   x0 [4]
 *   cb0 [1]
 *   t0 TYPED_BUFFER/0
 *   u1 STRUCTURED/12
 *   g0 structured 4 x 64
 *   inputs [DISPATCH_THREAD_ID, GROUP_ID]
 *   flowDepth 2
 *   3 iadd dests=i sources=ii sat=false jump=-1 end=-1 labels=- cases=-
 *       TEMP 0 sv=- el=-1.0+0 swz=0123 mask=1 neg=false abs=false imm=-
 *       INPUT 0 sv=GROUP_ID el=-1.0+0 swz=1111 mask=f neg=false abs=false imm=-
 *       IMMEDIATE 0 sv=- el=-1.0+0 swz=0123 mask=f neg=false abs=false imm=00000001,00000001,00000001,00000001
 * </pre>
 * Example: {@code ProgramListing.of(AsmParser.parse("a.asm", text))}.
 */
final class ProgramListing {
    private ProgramListing() {
    }

    static String of(AsmProgram program) {
        Declarations d = program.declarations();
        StringBuilder out = new StringBuilder();
        out.append("model ").append(d.model == null ? "-" : d.model.profile()).append('\n');
        out.append("numthreads ").append(d.numThreads == null ? "-" : d.numThreads.x() + " " + d.numThreads.y() + " "
                + d.numThreads.z()).append('\n');
        out.append("temps ").append(d.temps).append('\n');
        slots(out, "x", d.indexableTemps);
        slots(out, "cb", d.constantBuffers);
        for (Map.Entry<Integer, Declarations.View> t : d.resources.entrySet()) {
            out.append('t').append(t.getKey()).append(' ').append(t.getValue().kind()).append('/')
                    .append(t.getValue().stride()).append('\n');
        }
        for (Map.Entry<Integer, Declarations.View> u : d.uavs.entrySet()) {
            out.append('u').append(u.getKey()).append(' ').append(u.getValue().kind()).append('/')
                    .append(u.getValue().stride()).append('\n');
        }
        for (Map.Entry<Integer, Declarations.Tgsm> g : d.groupShared.entrySet()) {
            Declarations.Tgsm tgsm = g.getValue();
            out.append('g').append(g.getKey()).append(tgsm.structured() ? " structured " : " raw ")
                    .append(tgsm.stride()).append(" x ").append(tgsm.count()).append('\n');
        }
        out.append("inputs ").append(d.inputs).append('\n');
        out.append("flowDepth ").append(program.flowDepth()).append('\n');
        int i = 0;
        for (Instruction ins : program.instructions()) {
            instruction(out, i++, ins);
        }
        return out.toString();
    }

    private static void slots(StringBuilder out, String prefix, Map<Integer, Integer> slots) {
        slots.forEach((slot, size) -> out.append(prefix).append(slot).append(" [").append(size).append("]\n"));
    }

    private static void instruction(StringBuilder out, int i, Instruction ins) {
        Opcode row = ins.opcode;
        out.append(i).append(' ').append(row.name()).append(" dests=").append(row.dests()).append(" sources=")
                .append(row.sources()).append(" sat=").append(ins.saturate).append(" jump=").append(ins.jump)
                .append(" end=").append(ins.end).append(" labels=").append(ints(ins.labels)).append(" cases=")
                .append(ints(ins.caseValues)).append('\n');
        for (Operand op : ins.operands) {
            out.append("    ").append(op.type).append(' ').append(op.index).append(" sv=")
                    .append(op.systemValue == null ? "-" : op.systemValue.name()).append(" el=")
                    .append(op.elementRegister).append('.').append(op.elementComponent).append('+')
                    .append(op.elementOffset).append(" swz=");
            for (int s : op.swizzle) {
                out.append(s);
            }
            out.append(" mask=").append(Integer.toHexString(op.mask)).append(" neg=").append(op.negate)
                    .append(" abs=").append(op.abs).append(" imm=");
            if (op.immediate == null) {
                out.append('-');
            } else {
                for (int c = 0; c < op.immediate.length; c++) {
                    out.append(c == 0 ? "" : ",").append(String.format("%08x", op.immediate[c]));
                }
            }
            out.append('\n');
        }
    }

    private static String ints(int[] values) {
        return values == null ? "-" : Arrays.toString(values);
    }
}
