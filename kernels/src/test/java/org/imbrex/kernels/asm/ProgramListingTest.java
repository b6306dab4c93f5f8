package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The listing that compares the two front ends must see every field: one program per field, differing from
 * the first in that field only, gives a listing of its own; and the fields the listing prints are all the
 * fields there are (a new field of {@link Operand}, {@link Instruction} or {@link Declarations} fails here
 * until {@link ProgramListing} prints it, or is listed as deliberately left out).
 */
class ProgramListingTest {
    private static final String HEADER = """
            cs_5_0
            dcl_thread_group 4, 1, 1
            dcl_constantBuffer cb0[4], dynamicIndexed
            dcl_uav_raw u0
            dcl_input vThreadID.x
            dcl_input vThreadGroupID.x
            dcl_temps 3
            dcl_indexableTemp x0[2], 4
            """;

    @Test
    void of_programsDifferingInOneField_giveDistinctListings() {
        List<String> bodies = List.of(
                "mov r0.x, r1.y",
                "mov r0.y, r1.y",                    // mask
                "mov r0.x, r1.z",                    // swizzle
                "mov r0.x, r2.y",                    // index
                "mov r0.x, -r1.y",                   // negate
                "mov r0.x, |r1.y|",                  // abs
                "mov_sat r0.x, r1.y",                // saturate
                "mov r0.x, l(1)",                    // type, immediate
                "mov r0.x, l(2)",                    // immediate value
                "mov r0.x, l(1, 2, 3, 4)",           // immediate vector
                "mov r0.x, vThreadID.x",             // system value
                "mov r0.x, vThreadGroupID.x",        // system value
                "mov r0.x, cb0[1].y",                // element offset
                "mov r0.x, cb0[2].y",                // element offset
                "mov r0.x, cb0[r1.x + 1].y",         // element register
                "mov r0.x, cb0[r1.z + 1].y",         // element component
                "mov r0.x, cb0[r2.z + 1].y",         // element register
                "mov r0.x, x0[1].y",                 // register file
                "iadd r0.x, r1.y, r1.y",             // opcode
                "if_nz r1.x\nendif",                 // flow: jump, end
                "if_nz r1.x\nelse\nendif",           // flow: jump to else
                "loop\nbreak\nendloop",              // loop links
                "switch r1.x\ncase l(1)\nbreak\nendswitch",
                "switch r1.x\ncase l(2)\nbreak\nendswitch",          // case values
                "switch r1.x\ndefault\nbreak\nendswitch");           // labels
        Set<String> listings = new HashSet<>();
        for (String body : bodies) {
            listings.add(ProgramListing.of(AsmParser.parse("a.asm", HEADER + body + "\nret\n")));
        }
        assertThat(listings).hasSameSizeAs(bodies);
        Set<String> declarations = new HashSet<>();
        for (String dcl : List.of("", "dcl_temps 4\n", "dcl_uav_structured u1, 8\n", "dcl_tgsm_raw g0, 16\n",
                "dcl_tgsm_structured g0, 4, 4\n", "dcl_resource_raw t0\n", "dcl_indexableTemp x1[2], 4\n",
                "dcl_constantBuffer cb1[1], immediateIndexed\n", "dcl_input vThreadIDInGroup.x\n")) {
            declarations.add(ProgramListing.of(AsmParser.parse("a.asm", HEADER + dcl + "ret\n")));
        }
        assertThat(declarations).hasSize(9);
    }

    @Test
    void of_printsEveryField_butWhereTheProgramCameFrom() {
        // column, line, byteOffset: where it came from; immediateLanes: the immediate, replicated
        assertThat(fields(Operand.class)).containsExactlyInAnyOrder("type", "index", "systemValue", "elementRegister",
                "elementComponent", "elementOffset", "swizzle", "mask", "negate", "abs", "immediate", "column",
                "immediateLanes");
        assertThat(fields(Instruction.class)).containsExactlyInAnyOrder("opcode", "saturate", "operands", "line",
                "column", "byteOffset", "jump", "end", "labels", "caseValues");
        assertThat(fields(Declarations.class)).containsExactlyInAnyOrder("model", "numThreads", "temps",
                "indexableTemps", "constantBuffers", "resources", "uavs", "groupShared", "inputs");
    }

    private static List<String> fields(Class<?> type) {
        return Arrays.stream(type.getDeclaredFields()).filter(f -> !Modifier.isStatic(f.getModifiers()))
                .filter(f -> !f.isSynthetic()).map(Field::getName).toList();
    }
}
