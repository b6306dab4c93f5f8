package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The opcode table's trait columns agree with its operand columns, and no row needs more scratch lanes
 * than {@link GroupMachine} keeps.
 */
class OpcodeTraitTest {

    @Test
    void everyRow_fitsTheMachinesScratchSlots() {
        assertThat(OpcodeTable.mostOperands()).isPositive().isLessThanOrEqualTo(GroupMachine.SLOTS);
    }

    @Test
    void memoryOperands_andTraits_sayTheSame() {
        for (String name : OpcodeTable.names()) {
            Opcode row = OpcodeTable.lookup(name);
            boolean writesMemory = row.dests().contains("M") || row.dests().contains("W");
            boolean readsMemory = row.sources().matches(".*[RTU].*") || row.has(OpcodeTrait.ATOMIC);
            assertThat(row.has(OpcodeTrait.STORES)).as("%s stores", name).isEqualTo(writesMemory);
            assertThat(row.has(OpcodeTrait.LOADS)).as("%s loads", name).isEqualTo(readsMemory);
            assertThat(row.has(OpcodeTrait.ATOMIC)).as("%s atomic", name).isEqualTo(name.contains("atomic"));
            assertThat(row.has(OpcodeTrait.BARRIER)).as("%s barrier", name).isEqualTo(name.startsWith("sync"));
        }
        assertThat(OpcodeTable.lookup("loop").has(OpcodeTrait.OPENS_LOOP)).isTrue();
        assertThat(OpcodeTable.lookup("endloop").has(OpcodeTrait.CLOSES_LOOP)).isTrue();
    }

    @Test
    void analysis_isMadeOnceWhenTheProgramIsParsed() {
        AsmProgram program = AsmParser.parse("t.asm", """
                cs_5_0
                dcl_thread_group 4, 1, 1
                dcl_uav_raw u0
                dcl_temps 1
                imm_atomic_iadd r0.x, u0, l(0), l(1)
                ret
                """);

        assertThat(program.groupsPerCall()).isEqualTo(1);
    }
}
