package org.imbrex.kernels.asm;

/**
 * The rows of the flow-control opcodes; {@link FlowControl} keeps the execution masks.
 *
 * <pre>
 *   if_z c / if_nz c, else, endif        loop, endloop, break, breakc_z c, breakc_nz c
 *   continue, continuec_z c, continuec_nz c        switch c, case l(v), default, endswitch
 *   ret, retc_z c, retc_nz c
 * </pre>
 * The conditional forms test component .x of their operand (after its swizzle) for zero or non-zero, per
 * lane. Example: {@code breakc_nz r1.w} stops the loop for the lanes whose r1.w ≠ 0.
 */
final class FlowOpcodes {
    private FlowOpcodes() {
    }

    static void register() {
        OpcodeTable.add("if_z", "", "u", false, (ins, m) -> m.flow.ifBegin(ins, true));
        OpcodeTable.add("if_nz", "", "u", false, (ins, m) -> m.flow.ifBegin(ins, false));
        OpcodeTable.add("else", "", "", false, (ins, m) -> m.flow.ifElse());
        OpcodeTable.add("endif", "", "", false, (ins, m) -> m.flow.ifEnd());
        OpcodeTable.add("loop", "", "", false, (ins, m) -> m.flow.loopBegin(ins), OpcodeTrait.OPENS_LOOP);
        OpcodeTable.add("endloop", "", "", false, (ins, m) -> m.flow.loopEnd(ins), OpcodeTrait.CLOSES_LOOP);
        OpcodeTable.add("break", "", "", false, (ins, m) -> m.flow.breakLanes(ins, null));
        OpcodeTable.add("breakc_z", "", "u", false, (ins, m) -> m.flow.breakLanes(ins, false));
        OpcodeTable.add("breakc_nz", "", "u", false, (ins, m) -> m.flow.breakLanes(ins, true));
        OpcodeTable.add("continue", "", "", false, (ins, m) -> m.flow.continueLanes(ins, null));
        OpcodeTable.add("continuec_z", "", "u", false, (ins, m) -> m.flow.continueLanes(ins, false));
        OpcodeTable.add("continuec_nz", "", "u", false, (ins, m) -> m.flow.continueLanes(ins, true));
        OpcodeTable.add("ret", "", "", false, (ins, m) -> m.flow.returnLanes(ins, null));
        OpcodeTable.add("retc_z", "", "u", false, (ins, m) -> m.flow.returnLanes(ins, false));
        OpcodeTable.add("retc_nz", "", "u", false, (ins, m) -> m.flow.returnLanes(ins, true));
        OpcodeTable.add("switch", "", "u", false, (ins, m) -> m.flow.switchBegin(ins));
        OpcodeTable.add("case", "", "u", false, (ins, m) -> m.flow.caseLabel(ins, false));
        OpcodeTable.add("default", "", "", false, (ins, m) -> m.flow.caseLabel(ins, true));
        OpcodeTable.add("endswitch", "", "", false, (ins, m) -> m.flow.switchEnd());
    }
}
