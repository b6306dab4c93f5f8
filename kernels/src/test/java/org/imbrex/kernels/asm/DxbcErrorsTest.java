package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.imbrex.kernels.asm.DxbcBytes.dst;
import static org.imbrex.kernels.asm.DxbcBytes.imm;
import static org.imbrex.kernels.asm.DxbcBytes.ins;
import static org.imbrex.kernels.asm.DxbcBytes.patched;
import static org.imbrex.kernels.asm.DxbcBytes.word;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.imbrex.kernels.cli.OneLineErrors;
import org.imbrex.kernels.cli.ShaderCommand;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * Every way a container or its program can be broken gives one {@link DxbcFormatException} line that
 * names the byte: {@code x.dxbc: byte 0x…: reason}. The broken files are a real conformance shader
 * ({@code rnd-s1-000.dxbc}) cut short or patched (and re-signed, where the patch is not the checksum's
 * business), or small hand-built programs.
 */
class DxbcErrorsTest {
    private static byte[] real;
    private static int program;
    private static List<Instruction> code;

    @TempDir
    Path dir;

    @BeforeAll
    static void read() throws IOException {
        real = DxbcBytes.real("shaders", "rnd-s1-000");
        program = DxbcContainer.program("x.dxbc", real).offset();
        code = DxbcParser.parse("x.dxbc", real).instructions();
    }

    /** Asserts the one-line error at {@code offset} and returns its message. */
    private static String fails(byte[] bytes, int offset, String reason) {
        Throwable thrown = catchThrowable(() -> DxbcParser.parse("x.dxbc", bytes));
        assertThat(thrown).isExactlyInstanceOf(DxbcFormatException.class);
        DxbcFormatException e = (DxbcFormatException) thrown;
        assertThat(e.byteOffset()).isEqualTo(offset);
        assertThat(e.file()).isEqualTo("x.dxbc");
        assertThat(e.getMessage()).startsWith("x.dxbc: byte 0x" + Integer.toHexString(offset) + ": ")
                .contains(reason).doesNotContain("\n");
        return e.getMessage();
    }

    private static Instruction first(String name) {
        return code.stream().filter(ins -> ins.name().equals(name)).findFirst().orElseThrow();
    }

    private static int opcodeToken(Instruction ins) {
        return word(real, ins.byteOffset);
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 3, 4, 19, 20, 31})
    void parse_fileEndsInsideTheHeader_failsAtItsEnd(int length) {
        fails(Arrays.copyOf(real, length), length, "container truncated: the file ends inside the 32-byte header");
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {32, 33, 0x100, 0x97d, 0x131b})
    void parse_fileCutAfterTheHeader_failsAtTheSizeField(int length) {
        assertThat(length).isLessThan(real.length);
        fails(Arrays.copyOf(real, length), 0x18, "container truncated: the header gives 0x" + Integer.toHexString(
                real.length) + " bytes, the file has 0x" + Integer.toHexString(length));
    }

    @Test
    void parse_trailingBytes_failAtTheSizeField() {
        fails(Arrays.copyOf(real, real.length + 4), 0x18, "container size mismatch");
    }

    @Test
    void parse_badMagic_failsAtByte0() {
        byte[] bytes = real.clone();
        bytes[0] = 'X';
        assertThat(fails(bytes, 0, "not a DXBC container")).contains("'XXBC'");
    }

    @Test
    void parse_oneByteChanged_failsTheChecksum() {
        byte[] bytes = real.clone();
        bytes[program + 40] ^= 0x01;
        fails(bytes, 0x4, "checksum mismatch: the header has 9b2830fbaea0defe0ac293b09d2a06f7, the contents give ");
    }

    @Test
    void parse_checksumFieldChanged_failsTheChecksum() {
        byte[] bytes = real.clone();
        bytes[0x13] ^= (byte) 0x80;
        fails(bytes, 0x4, "checksum mismatch");
    }

    @Test
    void parse_containerVersion2_failsAtTheVersionField() {
        fails(patched(real, 0x14, 2), 0x14, "container version 2, expected 1");
    }

    @Test
    void parse_chunkCountPastTheEnd_failsAtTheCountField() {
        fails(patched(real, 0x1c, 0x4000_0000), 0x1c, "1073741824 chunk offsets do not fit");
    }

    @Test
    void parse_chunkOffsetPastTheEnd_failsAtItsTableEntry() {
        fails(patched(real, 0x28, real.length + 16), 0x28, "chunk 2 at 0x" + Integer.toHexString(real.length + 16)
                + " lies outside the file");
    }

    @Test
    void parse_chunkOffsetIntoTheHeader_failsAtItsTableEntry() {
        fails(patched(real, 0x20, 0x8), 0x20, "chunk 0 at 0x8 lies outside");
    }

    @Test
    void parse_chunkSizePastTheEnd_failsAtItsSizeField() {
        int isgn = word(real, 0x20);
        fails(patched(real, isgn + 4, real.length), isgn + 4, "chunk 'ISGN' of 0x" + Integer.toHexString(real.length)
                + " bytes runs past the end of the file");
    }

    @Test
    void parse_noProgramChunk_failsAtTheCount() {
        byte[] bytes = patched(real, program - 8, 0x59454853); // 'SHEY'
        fails(bytes, 0x1c, "no program chunk (SHEX or SHDR); the container holds 'ISGN', 'OSGN', 'RDEF', 'SHEY'");
    }

    @Test
    void parse_unknownOpcode_failsAtItsToken() {
        Instruction iadd = first("iadd");
        byte[] bytes = patched(real, iadd.byteOffset, opcodeToken(iadd) & ~0x7FF | 0x6b);
        fails(bytes, iadd.byteOffset, "unknown opcode 0x6b");
    }

    @Test
    void parse_opcodeImbrexDoesNotRun_failsAtItsToken() {
        Instruction iadd = first("iadd");
        byte[] bytes = patched(real, iadd.byteOffset, opcodeToken(iadd) & ~0x7FF | 0x45);
        fails(bytes, iadd.byteOffset, "unsupported opcode sample (0x45): imbrex does not run it");
    }

    @Test
    void parse_pixelShader_failsAtTheVersionToken() {
        fails(patched(real, program, 0x00000050), program, "a pixel shader (ps_5_0), not a compute shader");
    }

    @Test
    void parse_csFiveOne_failsAtTheVersionToken() {
        fails(patched(real, program, 0x00050051), program, "unsupported shader profile 'cs_5_1'");
    }

    @Test
    void parse_lengthTokenPastTheChunk_failsAtIt() {
        fails(patched(real, program + 4, 0x10_0000), program + 4, "the program's length token gives 1048576 tokens");
    }

    @Test
    void parse_instructionLongerThanTheProgram_failsAtItsToken() {
        Instruction store = code.get(code.size() - 2);
        assertThat(store.name()).isEqualTo("store_uav_typed");
        byte[] bytes = patched(real, store.byteOffset, opcodeToken(store) | 0x7F00_0000);
        fails(bytes, store.byteOffset, "truncated instruction: store_uav_typed has 127 tokens, the program ends after");
    }

    @Test
    void parse_instructionShorterThanItsOperands_failsAtItsToken() {
        Instruction iadd = first("iadd");
        byte[] bytes = patched(real, iadd.byteOffset, opcodeToken(iadd) & 0x80FF_FFFF | 3 << 24);
        fails(bytes, iadd.byteOffset, "truncated instruction: iadd (3 tokens) ends before");
    }

    @Test
    void parse_instructionLength0_failsAtItsToken() {
        Instruction iadd = first("iadd");
        fails(patched(real, iadd.byteOffset, opcodeToken(iadd) & 0x80FF_FFFF), iadd.byteOffset, "iadd has length 0");
    }

    @Test
    void parse_undeclaredTemp_failsAtTheOperandNamingTheInstruction() {
        Instruction iadd = first("iadd");
        Operand dest = iadd.operand(0);
        assertThat(dest.type()).isEqualTo(RegisterType.TEMP);
        byte[] bytes = patched(real, dest.column + 4, 99);
        int number = code.indexOf(iadd) + 1;
        fails(bytes, dest.column, "instruction " + number + " (iadd): r99 is not declared (dcl_temps 6 declares r0..r5)");
    }

    @Test
    void parse_endifChangedToEndloop_failsAtIt() {
        Instruction endif = first("endif");
        byte[] bytes = patched(real, endif.byteOffset, opcodeToken(endif) & ~0x7FF | 0x16);
        fails(bytes, endif.byteOffset, "endloop without a matching loop");
    }

    @Test
    void parse_immediateConstantBuffer_failsAtTheCustomdata() {
        int[] icb = {0x35 | 3 << 11, 6, 1, 2, 3, 4};
        byte[] bytes = DxbcBytes.container("SHEX", DxbcBytes.program(DxbcBytes.CS_5_0, ins(0x9b, 0, new int[] {1, 1, 1}),
                icb, ins(0x3e, 0)));
        int offset = DxbcContainer.program("x.dxbc", bytes).offset() + 4 * 6;
        fails(bytes, offset, "an immediate constant buffer (dcl_immediateConstantBuffer) is not supported");
    }

    @Test
    void parse_noThreadGroup_failsAtTheVersionToken() {
        byte[] bytes = DxbcBytes.container("SHEX", DxbcBytes.program(DxbcBytes.CS_5_0, ins(0x3e, 0)));
        fails(bytes, DxbcContainer.program("x.dxbc", bytes).offset(), "no dcl_thread_group declaration");
    }

    @Test
    void parse_threadGroupTooLarge_failsAtTheDeclaration() {
        byte[] bytes = DxbcBytes.container("SHEX", DxbcBytes.program(DxbcBytes.CS_5_0,
                ins(0x9b, 0, new int[] {1025, 1, 1}), ins(0x3e, 0)));
        fails(bytes, DxbcContainer.program("x.dxbc", bytes).offset() + 8, "numthreads X = 1025 is out of range");
    }

    @Test
    void parse_declarationImbrexDoesNotRun_failsAtIt() {
        byte[] bytes = DxbcBytes.container("SHEX", DxbcBytes.program(DxbcBytes.CS_5_0,
                ins(0x9b, 0, new int[] {1, 1, 1}), ins(0x5a, 0, new int[] {0x00106000, 0}), ins(0x3e, 0)));
        fails(bytes, DxbcContainer.program("x.dxbc", bytes).offset() + 8 + 16, "unsupported declaration dcl_sampler (0x5a)");
    }

    @Test
    void parse_destinationWithSwizzle_failsAtTheOperand() {
        int[] swizzled = DxbcBytes.src(DxbcOperands.TEMP, 0, "xyzw");
        byte[] bytes = DxbcBytes.container("SHEX", DxbcBytes.program(DxbcBytes.CS_5_0,
                ins(0x9b, 0, new int[] {1, 1, 1}), ins(0x68, 0, new int[] {1}), ins(0x36, 0, swizzled, imm(1)),
                ins(0x3e, 0)));
        int mov = DxbcContainer.program("x.dxbc", bytes).offset() + 8 + 16 + 8;
        fails(bytes, mov + 4, "operand 1 of mov is a destination: it takes a write mask, not a swizzle");
    }

    @Test
    void parse_saturateWhereTheOpcodeHasNone_failsAtIt() {
        byte[] bytes = DxbcBytes.container("SHEX", DxbcBytes.program(DxbcBytes.CS_5_0,
                ins(0x9b, 0, new int[] {1, 1, 1}), ins(0x68, 0, new int[] {1}),
                ins(0x1e, 4, dst(DxbcOperands.TEMP, 0, "x"), imm(1), imm(2)), ins(0x3e, 0)));
        fails(bytes, DxbcContainer.program("x.dxbc", bytes).offset() + 8 + 16 + 8, "iadd has no _sat form");
    }

    @Test
    void shaderCommand_brokenDxbc_printsOneLineAndExits2() throws IOException {
        byte[] bytes = real.clone();
        bytes[program + 40] ^= 0x01;
        Path file = dir.resolve("broken.dxbc");
        Files.write(file, bytes);
        StringWriter err = new StringWriter();
        CommandLine line = OneLineErrors.commandLine(new ShaderCommand());
        line.setErr(new PrintWriter(err, true));

        int exit = line.execute(file.toString(), "1", "--uav", "0:R32_UINT:4:" + dir.resolve("out.bin"));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).startsWith("shader: broken.dxbc: byte 0x4: checksum mismatch: ");
        assertThat(err.toString().lines()).hasSize(2);
    }
}
