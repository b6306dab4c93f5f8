package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.imbrex.kernels.asm.Declarations.ViewKind;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.dispatch.ShaderModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The parser: both dialects (fxc {@code /Fc}, vkd3d-compiler {@code d3d-asm}), operands and immediates,
 * and errors that name {@code file:line:column}, never skipping a line.
 */
class AsmParserTest {
    private static final String HEADER = "cs_5_0\ndcl_thread_group 4, 2, 1\ndcl_temps 2\n";

    @Test
    void parse_fxcDialect_readsDecoratedOpcodesAndUppercaseConstantBuffer() {
        AsmProgram program = AsmParser.parse("a.asm", """
                // fxc header comment
                cs_5_0
                dcl_globalFlags refactoringAllowed
                dcl_constantbuffer CB0[1], immediateIndexed
                dcl_resource_buffer (uint,uint,uint,uint) t0
                dcl_uav_typed_buffer (uint,uint,uint,uint) u0
                dcl_input vThreadID.x
                dcl_temps 2
                dcl_thread_group 64, 1, 1

                ld_indexable(buffer)(uint,uint,uint,uint) r1.y, r1.xxxx, t0.yxzw
                ret  // trailing comment
                """);
        assertThat(program.declarations().numThreads()).isEqualTo(NumThreads.of(64, 1, 1));
        assertThat(program.declarations().constantBuffers()).containsEntry(0, 1);
        assertThat(program.instructions()).extracting(Instruction::name).containsExactly("ld", "ret");
        Operand t0 = program.instructions().get(0).operand(2);
        assertThat(new int[] {t0.swizzle(0), t0.swizzle(1), t0.swizzle(2), t0.swizzle(3)}).containsExactly(1, 0, 2, 3);
    }

    @Test
    void parse_vkd3dDialect_readsPlainLdAndLowercaseConstantBuffer() {
        AsmProgram program = AsmParser.parse("b.asm", """
                cs_4_1
                dcl_thread_group 8, 1, 1
                dcl_constantBuffer cb0[2], immediateIndexed
                dcl_resource_buffer (uint,uint,uint,uint) t1
                dcl_resource_raw t3
                dcl_uav_structured u2, 16
                dcl_tgsm_raw g0, 64
                dcl_temps 1
                ld r0.y, r0.yyyz, t1.x
                """);
        assertThat(program.declarations().model()).isEqualTo(ShaderModel.CS_4_1);
        assertThat(program.declarations().resources().get(3).kind()).isEqualTo(ViewKind.RAW);
        assertThat(program.declarations().uavs().get(2)).isEqualTo(new Declarations.View(ViewKind.STRUCTURED, 16));
        assertThat(program.declarations().groupShared().get(0).words()).isEqualTo(16);
        assertThat(program.instructions().get(0).name()).isEqualTo("ld");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', value = {
        "l(42);42", "l(-1);-1", "l(4294967295);-1", "l(0xffffffff);-1", "l(1.000000);1065353216",
        "l(-4.77500000e+01);-1036058624", "l(inf);2139095040", "l(-0.000000);-2147483648"})
    void immediate_intsHexAndFloats_giveTheirBitPattern(String text, int bits) {
        Operand op = AsmParser.parse("c.asm", HEADER + "mov r0.x, " + text + "\n").instructions().get(0).operand(1);
        assertThat(op.immediate()).containsExactly(bits, bits, bits, bits);
    }

    @Test
    void operand_shortSwizzleModifiersAndRelativeIndex_areResolved() {
        Instruction ins = AsmParser.parse("d.asm", "cs_5_0\ndcl_thread_group 1, 1, 1\ndcl_constantBuffer cb2[4], "
                + "immediateIndexed\ndcl_temps 1\nadd_sat r0.yz, -|cb2[r0.w + 3].wz|, r0.x_abs\n").instructions().get(0);
        Operand cb = ins.operand(1);
        assertThat(ins.saturate()).isTrue();
        assertThat(ins.operand(0).mask()).isEqualTo(0b0110);
        assertThat(new int[] {cb.swizzle(0), cb.swizzle(1), cb.swizzle(2), cb.swizzle(3)}).containsExactly(3, 2, 2, 2);
        assertThat(cb.negate && cb.abs && cb.elementRegister == 0 && cb.elementComponent == 3 && cb.elementOffset == 3)
                .isTrue();
        assertThat(ins.operand(2).abs && !ins.operand(2).negate).isTrue();
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', value = {
        "fma r0.x, r0.x, r0.x|4:1|unknown opcode 'fma'",
        "mov r0.x, r7.x|4:11|r7 is not declared",
        "mov r0.q, r1.x|4:8|'q' is not a component",
        "mov r0.x, l(1, 2)|4:11|an immediate has 1 or 4 values",
        "mov r0.x, l(12abc)|4:13|'12abc' is not a number",
        "mov r0.x|4:9|expected ','",
        "mov r0.x, r1.x, r1.y|4:15|mov takes 2 operands",
        "mov r0.zy, r1.x|4:9|must name x, y, z, w in order",
        "mov r0.xx, r1.x|4:9|must name x, y, z, w in order",
        "mov r0.x, r1.xyzwx|4:14|a swizzle has 1 to 4 letters, not 'xyzwx'",
        "endif|4:1|endif without a matching if",
        "break|4:1|break outside any loop or switch",
        "loop|4:1|loop is never closed",
        "ld r0.x, r0.x, t3.x|4:16|t3 is used but not declared",
        "mov r0.x, vThreadID.x|4:11|vThreadID is used but not declared",
        "iadd_sat r0.x, r0.x, r0.x|4:1|iadd has no _sat form",
        "mov -r0.x, r1.x|4:5|source modifiers"})
    void parse_badLine_failsNamingFileLineAndColumn(String line, String where, String reason) {
        assertThatThrownBy(() -> AsmParser.parse("bad.asm", HEADER + line + "\n"))
                .isInstanceOf(AsmSyntaxException.class)
                .hasMessageStartingWith("bad.asm:" + where + ": ")
                .hasMessageContaining(reason);
    }

    @Test
    void parse_missingHeaderOrThreadGroup_isAnError() {
        assertThatThrownBy(() -> AsmParser.parse("h.asm", "ps_5_0\n")).hasMessageStartingWith("h.asm:1:1: ")
                .hasMessageContaining("compute shader header");
        assertThatThrownBy(() -> AsmParser.parse("h.asm", "cs_5_0\ndcl_temps 1\n")).hasMessageContaining(
                "no dcl_thread_group");
        assertThatThrownBy(() -> AsmParser.parse("h.asm", "cs_5_0\ndcl_thread_group 1025, 1, 1\n"))
                .hasMessageStartingWith("h.asm:2:18: ").hasMessageContaining("1025");
    }

    @Test
    void opcodeTable_listsEveryOpcodeOfTheConformanceShaders() {
        assertThat(OpcodeTable.names()).contains("mov", "movc", "iadd", "imul", "udiv", "ineg", "and", "or", "xor",
                "not", "ishl", "ishr", "ushr", "imin", "imax", "umin", "umax", "ieq", "ine", "ilt", "ige", "ult", "uge",
                "eq", "ne", "lt", "ge", "add", "mul", "mad", "min", "max", "frc", "round_ne", "round_ni", "round_pi",
                "round_z", "sqrt", "ftoi", "ftou", "itof", "utof", "firstbit_hi", "firstbit_lo", "firstbit_shi",
                "countbits", "bfrev", "msad", "ld", "ld_uav_typed", "store_uav_typed", "ld_structured",
                "store_structured", "atomic_iadd", "atomic_or", "atomic_xor", "atomic_and", "atomic_umax",
                "sync_g_t", "sync_uglobal_t", "sync_uglobal_g_t", "if_nz", "else", "endif", "loop", "endloop",
                "break", "continue", "ret");
    }
}
