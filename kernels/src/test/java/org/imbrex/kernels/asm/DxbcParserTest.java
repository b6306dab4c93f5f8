package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.imbrex.kernels.asm.DxbcBytes.bare;
import static org.imbrex.kernels.asm.DxbcBytes.dst;
import static org.imbrex.kernels.asm.DxbcBytes.imm;
import static org.imbrex.kernels.asm.DxbcBytes.indexed;
import static org.imbrex.kernels.asm.DxbcBytes.input;
import static org.imbrex.kernels.asm.DxbcBytes.inputMask;
import static org.imbrex.kernels.asm.DxbcBytes.ins;
import static org.imbrex.kernels.asm.DxbcBytes.masked;
import static org.imbrex.kernels.asm.DxbcBytes.modified;
import static org.imbrex.kernels.asm.DxbcBytes.none;
import static org.imbrex.kernels.asm.DxbcBytes.operand;
import static org.imbrex.kernels.asm.DxbcBytes.select;
import static org.imbrex.kernels.asm.DxbcBytes.src;
import static org.imbrex.kernels.asm.DxbcOperands.CONSTANT_BUFFER;
import static org.imbrex.kernels.asm.DxbcOperands.GROUPSHARED;
import static org.imbrex.kernels.asm.DxbcOperands.INDEXABLE_TEMP;
import static org.imbrex.kernels.asm.DxbcOperands.RESOURCE;
import static org.imbrex.kernels.asm.DxbcOperands.TEMP;
import static org.imbrex.kernels.asm.DxbcOperands.THREAD_ID;
import static org.imbrex.kernels.asm.DxbcOperands.THREAD_INDEX_IN_GROUP;
import static org.imbrex.kernels.asm.DxbcOperands.UAV;

import org.imbrex.kernels.asm.Declarations.ViewKind;
import org.imbrex.kernels.dispatch.ShaderModel;
import org.junit.jupiter.api.Test;

/**
 * Hand-built token streams for what the conformance corpora do not reach: cs_4_1 in an SHDR chunk, every
 * declaration kind, indexable temps with relative indices, select-one and mask-mode sources, 0-component
 * memory operands, modifiers, {@code _sat}, the conditional forms, switch, sync flags, extended opcode
 * tokens and customdata. Each program must decode to the listing its assembly text parses to.
 */
class DxbcParserTest {

    private static final String TEXT = """
            cs_4_1
            dcl_globalFlags refactoringAllowed
            dcl_thread_group 8, 2, 1
            dcl_constantBuffer cb1[4], dynamicIndexed
            dcl_resource_buffer (uint,uint,uint,uint) t0
            dcl_resource_texture2d (float,float,float,float) t1
            dcl_resource_raw t2
            dcl_resource_structured t3, 8
            dcl_uav_typed_buffer (uint,uint,uint,uint) u0
            dcl_uav_raw u1
            dcl_uav_structured u2, 16
            dcl_tgsm_raw g0, 64
            dcl_tgsm_structured g1, 8, 4
            dcl_input vThreadIDInGroupFlattened.x
            dcl_input vThreadID.xy
            dcl_temps 3
            dcl_indexableTemp x0[3], 4
            mov x0[r1.x + 2].xy, l(1, 2, 3, 4)
            mov_sat r0.xyzw, -|x0[1].wzyx|
            iadd r1.x, cb1[r0.y + 1].z, l(-7)
            ld_indexable(buffer)(uint,uint,uint,uint) r2.xyzw, r1.xxxx, t0.xyzw
            if_z r1.x
                mov r0.xyzw, r2.xyzw
            else
                mov r0.x, -vThreadID.y
            endif
            loop
                breakc_nz r0.x
                continuec_z r0.y
            endloop
            switch r1.x
            case l(3)
                break
            default
                break
            endswitch
            retc_nz r2.w
            sync_g_t
            sync_uglobal_g_t
            atomic_iadd u1, r0.x, l(1)
            imm_atomic_cmp_exch r0.x, g0, r1.x, l(0), l(5)
            store_structured g1.xy, vThreadIDInGroupFlattened.x, l(0), r0.xyxx
            ld_structured r0.xy, r1.x, l(4), t3.xyxx
            store_raw u1.xyzw, l(0), r2.xyzw
            ld_raw r0.x, l(0), t2.x
            udiv r0.x, null, r1.x, l(3)
            ret
            """;

    private static int[] program() {
        int sync = 0xbe;
        return DxbcBytes.program(DxbcBytes.CS_4_1,
                ins(0x6a, 1),
                ins(0x9b, 0, new int[] {8, 2, 1}),
                ins(0x59, 1, new int[] {operand(2, 1, DxbcBytes.swizzle("xyzw"), CONSTANT_BUFFER, 2, 0, 0), 1, 4}),
                ins(0x58, 1, new int[] {operand(0, 0, 0, RESOURCE, 1, 0, 0), 0}, new int[] {0x4444}),
                ins(0x58, 3, new int[] {operand(0, 0, 0, RESOURCE, 1, 0, 0), 1}, new int[] {0x5555}),
                ins(0xa1, 0, new int[] {operand(0, 0, 0, RESOURCE, 1, 0, 0), 2}),
                ins(0xa2, 0, new int[] {operand(0, 0, 0, RESOURCE, 1, 0, 0), 3}, new int[] {8}),
                ins(0x9c, 1, new int[] {operand(0, 0, 0, UAV, 1, 0, 0), 0}, new int[] {0x4444}),
                ins(0x9d, 0, new int[] {operand(0, 0, 0, UAV, 1, 0, 0), 1}),
                ins(0x9e, 0, new int[] {operand(0, 0, 0, UAV, 1, 0, 0), 2}, new int[] {16}),
                ins(0x9f, 0, new int[] {operand(0, 0, 0, GROUPSHARED, 1, 0, 0), 0}, new int[] {64}),
                ins(0xa0, 0, new int[] {operand(0, 0, 0, GROUPSHARED, 1, 0, 0), 1}, new int[] {8, 4}),
                ins(0x5f, 0, inputMask(THREAD_INDEX_IN_GROUP, "x")),
                ins(0x5f, 0, inputMask(THREAD_ID, "xy")),
                ins(0x68, 0, new int[] {3}),
                ins(0x69, 0, new int[] {0, 3, 4}),
                // a comment: customdata class 0, skipped
                new int[] {0x35, 4, 0xdeadbeef, 0x12345678},
                ins(0x36, 0, indexed(INDEXABLE_TEMP, 0, 1, 'x', 2, 0, DxbcBytes.mask("xy")), imm(1, 2, 3, 4)),
                ins(0x36, 4, dst(TEMP, 0, "xyzw"),
                        modified(indexed(INDEXABLE_TEMP, 0, -1, 'x', 1, 1, DxbcBytes.swizzle("wzyx")), 3)),
                ins(0x1e, 0, dst(TEMP, 1, "x"), indexed(CONSTANT_BUFFER, 1, 0, 'y', 1, 2, 2), imm(-7)),
                DxbcBytes.extended(ins(0x2d, 0, dst(TEMP, 2, "xyzw"), src(TEMP, 1, "xxxx"), src(RESOURCE, 0, "xyzw")),
                        0x2 | 1 << 6, 0x3 | 0x4444 << 6),
                ins(0x1f, 0, select(TEMP, 1, 'x')),
                ins(0x36, 0, dst(TEMP, 0, "xyzw"), masked(TEMP, 2, "xyzw")),
                ins(0x12, 0),
                ins(0x36, 0, dst(TEMP, 0, "x"), modified(input(THREAD_ID, "yyyy"), 1)),
                ins(0x15, 0),
                ins(0x30, 0),
                ins(0x03, 0x80, src(TEMP, 0, "xxxx")),
                ins(0x08, 0, src(TEMP, 0, "yyyy")),
                ins(0x16, 0),
                ins(0x4c, 0, src(TEMP, 1, "xxxx")),
                ins(0x06, 0, imm(3)),
                ins(0x02, 0),
                ins(0x0a, 0),
                ins(0x02, 0),
                ins(0x17, 0),
                ins(0x3f, 0x80, src(TEMP, 2, "wwww")),
                ins(sync, 0x3),
                ins(sync, 0xb),
                ins(0xad, 0, bare(UAV, 1), src(TEMP, 0, "xxxx"), imm(1)),
                ins(0xb9, 0, dst(TEMP, 0, "x"), bare(GROUPSHARED, 0), src(TEMP, 1, "xxxx"), imm(0), imm(5)),
                ins(0xa8, 0, dst(GROUPSHARED, 1, "xy"), input(THREAD_INDEX_IN_GROUP, "xxxx"), imm(0),
                        src(TEMP, 0, "xyxx")),
                ins(0xa7, 0, dst(TEMP, 0, "xy"), src(TEMP, 1, "xxxx"), imm(4), src(RESOURCE, 3, "xyxx")),
                ins(0xa6, 0, dst(UAV, 1, "xyzw"), imm(0), src(TEMP, 2, "xyzw")),
                ins(0xa5, 0, dst(TEMP, 0, "x"), imm(0), select(RESOURCE, 2, 'x')),
                ins(0x4e, 0, dst(TEMP, 0, "x"), none(), src(TEMP, 1, "xxxx"), imm(3)),
                ins(0x3e, 0));
    }

    @Test
    void parse_handBuiltShdrProgram_decodesToTheListingOfItsText() {
        AsmProgram fromText = AsmParser.parse("a.asm", TEXT);
        AsmProgram fromBytecode = DxbcParser.parse("a.dxbc", DxbcBytes.container("SHDR", program()));

        assertThat(ProgramListing.of(fromBytecode)).isEqualTo(ProgramListing.of(fromText));
        Declarations d = fromBytecode.declarations();
        assertThat(d.model()).isEqualTo(ShaderModel.CS_4_1);
        assertThat(d.resources().get(1).kind()).isEqualTo(ViewKind.TEXTURE2D);
        assertThat(d.indexableTemps()).containsEntry(0, 3);
        assertThat(fromBytecode.instructions()).extracting(Instruction::name).contains("if_z", "breakc_nz",
                "continuec_z", "retc_nz", "sync_g_t", "sync_uglobal_g_t");
    }

    @Test
    void parse_selectOneAndReplicatedSwizzle_giveTheSameOperand() {
        AsmProgram a = DxbcParser.parse("a.dxbc", DxbcBytes.container("SHEX", DxbcBytes.program(DxbcBytes.CS_5_0,
                ins(0x9b, 0, new int[] {1, 1, 1}), ins(0x68, 0, new int[] {2}),
                ins(0x36, 0, dst(TEMP, 0, "x"), select(TEMP, 1, 'z')), ins(0x3e, 0))));
        AsmProgram b = DxbcParser.parse("b.dxbc", DxbcBytes.container("SHEX", DxbcBytes.program(DxbcBytes.CS_5_0,
                ins(0x9b, 0, new int[] {1, 1, 1}), ins(0x68, 0, new int[] {2}),
                ins(0x36, 0, dst(TEMP, 0, "x"), src(TEMP, 1, "zzzz")), ins(0x3e, 0))));
        assertThat(ProgramListing.of(a)).isEqualTo(ProgramListing.of(b));
        Operand source = a.instructions().get(0).operand(1);
        assertThat(new int[] {source.swizzle(0), source.swizzle(1), source.swizzle(2), source.swizzle(3)})
                .containsExactly(2, 2, 2, 2);
    }

    @Test
    void tableName_everyOpcodeTableRow_hasAnOpcodeToken() {
        java.util.Set<String> reachable = new java.util.TreeSet<>();
        for (int number = 0; number < 0x800; number++) {
            if (DxbcOpcodes.name(number) != null && !DxbcOpcodes.isDeclaration(number)) {
                for (int controls = 0; controls < 1 << 13; controls += controls < 16 ? 1 : 128) {
                    reachable.add(DxbcOpcodes.tableName(number, controls << 11));
                }
            }
        }
        assertThat(reachable).containsAll(OpcodeTable.names());
        assertThat(DxbcOpcodes.name(0x52)).isEqualTo("umad");
        assertThat(DxbcOpcodes.name(0xea)).isEqualTo("check_access_fully_mapped");
        assertThat(DxbcOpcodes.name(0xeb)).isNull();
    }

    @Test
    void toOperand_documentedTokens_areTheDocumentedOperands() {
        DxbcTokens tokens = new DxbcTokens("t.dxbc", DxbcBytes.bytes(new int[] {0, 0x00208e16, 2, 1, 0x00004001, 42}),
                0, 6);
        DxbcTokens.Cursor in = tokens.cursor(0, 6, "mov");
        Operand cb = DxbcOperands.toOperand(in, DxbcOperands.read(in, "a"), false, "a");
        Operand immediate = DxbcOperands.toOperand(in, DxbcOperands.read(in, "b"), false, "b");
        assertThat(in.atEnd()).isTrue();
        AsmProgram text = AsmParser.parse("a.asm", "cs_5_0\ndcl_thread_group 1, 1, 1\n"
                + "dcl_constantBuffer cb2[2], immediateIndexed\ndcl_temps 1\nmov r0.xyzw, cb2[1].yxzw\n"
                + "mov r0.x, l(42)\nret\n");
        assertThat(cb.type()).isEqualTo(RegisterType.CONSTANT_BUFFER);
        assertThat(new int[] {cb.index, cb.elementRegister, cb.elementOffset}).containsExactly(2, -1, 1);
        assertThat(cb.swizzle).containsExactly(text.instructions().get(0).operand(1).swizzle);
        assertThat(immediate.immediate()).containsExactly(42, 42, 42, 42);
    }

    @Test
    void load_dxbcPath_runsLikeItsAsm() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("dxbc");
        try {
            java.nio.file.Path file = dir.resolve("Hand.CSO");
            java.nio.file.Files.write(file, DxbcBytes.container("SHDR", program()));
            AsmShader shader = AsmShader.load(file);
            assertThat(shader.name()).isEqualTo("Hand.CSO");
            assertThat(ProgramListing.of(shader.program())).isEqualTo(ProgramListing.of(AsmParser.parse("a", TEXT)));
        } finally {
            try (var files = java.nio.file.Files.list(dir)) {
                for (java.nio.file.Path p : files.toList()) {
                    java.nio.file.Files.delete(p);
                }
            }
            java.nio.file.Files.delete(dir);
        }
    }
}
