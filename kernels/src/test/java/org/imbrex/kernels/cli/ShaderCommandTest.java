package org.imbrex.kernels.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.imbrex.kernels.shaders.Msad4BlockMatch;
import org.imbrex.kernels.testing.BlockMatchCase;
import org.imbrex.kernels.testing.BlockMatchOracle;
import org.imbrex.kernels.testing.Msad4Case;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** {@code imbrex shader}: conformance cases bit for bit through the command line, and one-line argument errors. */
class ShaderCommandTest {

    @TempDir
    Path dir;

    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    @BeforeEach
    void writeDocsExampleFiles() throws IOException {
        Msad4Case c = Msad4Case.load("msad4-docs-example");
        writeCaseFiles(c);
    }

    private void writeCaseFiles(Msad4Case c) throws IOException {
        Files.write(dir.resolve("cb0.bin"), Msad4Case.bytes(c.refSize()));
        Files.write(dir.resolve("t0.bin"), Msad4Case.bytes(c.reference()));
        Files.write(dir.resolve("t1.bin"), Msad4Case.bytes(c.source()));
    }

    private int run(String... args) {
        CommandLine line = OneLineErrors.commandLine(new ShaderCommand());
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(out, true));
        return line.execute(args);
    }

    private String file(String name) {
        return dir.resolve(name).toString();
    }

    private List<String> searchArguments(Msad4Case c, String... extra) {
        List<String> args = new ArrayList<>(List.of("msad4-search", String.valueOf(c.groupsX()),
                String.valueOf(c.groupsY()), String.valueOf(c.groupsZ()), "--cb", "0:" + file("cb0.bin"),
                "--srv", "0:R32_UINT:" + file("t0.bin"), "--srv", "1:R32_UINT:" + file("t1.bin"),
                "--uav", "0:R32G32B32A32_UINT:" + 16 * c.uavElements() + ":" + file("u0.bin")));
        args.addAll(List.of(extra));
        return args;
    }

    static List<String> cases() {
        return Msad4Case.names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void msad4Search_conformanceCase_writesTheRuntimesBytes(String name) throws IOException {
        Msad4Case c = Msad4Case.load(name);
        writeCaseFiles(c);
        assertThat(run(searchArguments(c).toArray(String[]::new))).as(err.toString()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("u0.bin"))).isEqualTo(Msad4Case.bytes(c.expected()));
        assertThat(err.toString()).isEmpty();
    }

    /**
     * The shipped block-matching shader by name and its assembly as a file take the same bindings and write
     * the oracle's bytes: a 37x21 frame pair, 4 by 2 blocks of 8x8 (a partial column and row left out), ±5
     * (44 of each group's 64 lanes score a candidate).
     */
    @Test
    void msad4BlockMatch_byNameAndAsAsmFile_writeTheOraclesBytes() throws IOException {
        java.util.Random random = new java.util.Random(11);
        BlockMatchCase c = BlockMatchCase.wholeFrame(37, 21, 8, 5, 8, BlockMatchCase.pixels(random, 37 * 21),
                BlockMatchCase.pixels(random, 37 * 21));
        Files.write(dir.resolve("cb0.bin"), Msad4Case.bytes(c.cb0()));
        Files.write(dir.resolve("t0.bin"), Msad4Case.bytes(c.curWords()));
        Files.write(dir.resolve("t1.bin"), Msad4Case.bytes(c.prevWords()));
        try (java.io.InputStream asm = Msad4BlockMatch.class.getResourceAsStream("Msad4BlockMatch.asm")) {
            Files.copy(asm, dir.resolve("Msad4BlockMatch.asm"));
        }
        int[] expected = new int[4 * c.elements()];
        BlockMatchOracle.dispatch(c, expected);
        for (String shader : List.of(Msad4BlockMatch.NAME, file("Msad4BlockMatch.asm"))) {
            assertThat(run(shader, String.valueOf(c.dispatch().groupsX()), String.valueOf(c.dispatch().groupsY()),
                    String.valueOf(c.dispatch().groupsZ()), "--cb", "0:" + file("cb0.bin"),
                    "--srv", "0:R32_UINT:" + file("t0.bin"), "--srv", "1:R32_UINT:" + file("t1.bin"),
                    "--uav", "0:R32G32B32A32_UINT:" + 16 * c.elements() + ":" + file("u0.bin"))).as(err.toString())
                    .isZero();
            assertThat(Files.readAllBytes(dir.resolve("u0.bin"))).as(shader).isEqualTo(Msad4Case.bytes(expected));
        }
    }

    @Test
    void uavInit_isOverwrittenOnlyWhereThreadsStore() throws IOException {
        Msad4Case c = Msad4Case.load("msad4-docs-example");
        byte[] init = new byte[16 * 65];
        java.util.Arrays.fill(init, (byte) 0x5A);
        Files.write(dir.resolve("init.bin"), init);
        List<String> args = new ArrayList<>(searchArguments(c));
        args.set(args.size() - 1, "0:R32G32B32A32_UINT:" + 16 * 65 + ":" + file("u0.bin") + ":" + file("init.bin"));
        assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
        byte[] written = Files.readAllBytes(dir.resolve("u0.bin"));
        assertThat(java.util.Arrays.copyOf(written, 16 * 64)).isEqualTo(Msad4Case.bytes(c.expected()));
        assertThat(java.util.Arrays.copyOfRange(written, 16 * 64, 16 * 65)).containsOnly(0x5A);
    }

    @Test
    void defaultGroupsYAndZ_areOne() throws IOException {
        assertThat(run("msad4-search", "1", "--cb", "0:" + file("cb0.bin"), "--srv", "0:R32_UINT:" + file("t0.bin"),
                "--srv", "1:R32_UINT:" + file("t1.bin"), "--uav", "0:R32G32B32A32_UINT:16:" + file("u0.bin")))
                .isZero();
        assertThat(Files.readAllBytes(dir.resolve("u0.bin"))).isEqualTo(Msad4Case.bytes(152, 4, 89, 109));
    }

    @Test
    void zeroGroups_runsNothingAndWritesZeros() throws IOException {
        assertThat(run("msad4-search", "0", "1", "1", "--uav", "0:R32_UINT:8:" + file("u0.bin"))).isZero();
        assertThat(Files.readAllBytes(dir.resolve("u0.bin"))).containsExactly(new byte[8]);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "GX not a number       | msad4-search x                                    | 'x'",
        "GX over the limit     | msad4-search 65536                                | GX = 65536",
        "GZ negative           | msad4-search 1 1 -1                               | GZ = -1",
        "unknown shader        | nope 1                                            | 'nope'",
        "too many groups args  | msad4-search 1 1 1 1                              | GX [GY GZ]",
        "srv format            | msad4-search 1 --srv 0:R99_UINT:t0.bin            | --srv 0:R99_UINT:t0.bin",
        "srv missing file      | msad4-search 1 --srv 0:R32_UINT:missing.bin       | --srv 0:R32_UINT:missing.bin",
        "srv slot              | msad4-search 1 --srv 128:R32_UINT:t0.bin          | SLOT '128'",
        "srv too few fields    | msad4-search 1 --srv 0:R32_UINT                   | --srv 0:R32_UINT",
        "uav bytes             | msad4-search 1 --uav 0:R32_UINT:x:u0.bin          | BYTES 'x'",
        "uav partial element   | msad4-search 1 --uav 0:R32_UINT:10:u0.bin         | BYTES 10",
        "uav slot              | msad4-search 1 --uav 64:R32_UINT:16:u0.bin        | SLOT '64'",
        "uav bound twice       | msad4-search 1 --uav 0:R32_UINT:16:a --uav 0:R32_UINT:16:b | --uav 0:R32_UINT:16:b",
        "uav empty field       | msad4-search 1 --uav 0::16:u0.bin                 | --uav 0::16:u0.bin",
        "uav init missing      | msad4-search 1 --uav 0:R32_UINT:16:u0.bin:no.bin  | --uav 0:R32_UINT:16:u0.bin:no.bin",
        "uav out unwritable    | msad4-search 1 --uav 0:R32G32B32A32_UINT:1024:nodir/u0.bin | --uav 0:R32G32B32A32_UINT:1024:nodir/u0.bin",
        "cb slot               | msad4-search 1 --cb x:cb0.bin                     | SLOT 'x'",
        "cb missing file       | msad4-search 1 --cb 0:missing.bin                 | --cb 0:missing.bin",
        "unknown option        | msad4-search 1 --fast                             | --fast",
        "no shader             | ''                                                | NAME"})
    void badArgument_oneLineNamingItExitCode2(String what, String commandLine, String named) {
        String[] args = commandLine.isEmpty() ? new String[0] : commandLine.split(" ");
        assertThat(run(args)).as(what + ": " + err).isEqualTo(2);
        List<String> lines = err.toString().lines().toList();
        assertThat(lines.get(0)).as(what).startsWith("shader: ").contains(named);
        assertThat(lines).as(what + ": the error line, then where to get help").hasSize(2);
        assertThat(lines.get(1)).contains("--help");
    }

    /** A raw and a structured view through the command: t0 RAW, t1 S8 in; u0 RAW, u1 S8 out. */
    private static final String VIEWS_ASM = """
            cs_5_0
            dcl_thread_group 2, 1, 1
            dcl_resource_raw t0
            dcl_resource_structured t1, 8
            dcl_uav_raw u0
            dcl_uav_structured u1, 8
            dcl_input vThreadID.x
            dcl_temps 2
            ishl r0.x, vThreadID.x, l(2)
            ld_raw r1.x, r0.x, t0.xxxx
            ld_structured r1.yz, vThreadID.x, l(0), t1.xxyx
            iadd r1.x, r1.x, r1.y
            store_raw u0.x, r0.x, r1.x
            store_structured u1.xy, vThreadID.x, l(0), r1.zyzz
            ret
            """;

    private void writeViewsCase() throws IOException {
        Files.writeString(dir.resolve("views.asm"), VIEWS_ASM);
        Files.write(dir.resolve("raw.bin"), bytes(10, 20));
        Files.write(dir.resolve("s8.bin"), bytes(1, 2, 3, 4));
    }

    @Test
    void rawAndStructuredViews_bindAsDeclared() throws IOException {
        writeViewsCase();
        assertThat(run(file("views.asm"), "1", "--srv", "0:RAW:" + file("raw.bin"), "--srv", "1:S8:" + file("s8.bin"),
                "--uav", "0:RAW:8:" + file("u0.bin"), "--uav", "1:s8:16:" + file("u1.bin") + ":" + file("raw.bin")))
                .as(err.toString()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("u0.bin"))).isEqualTo(bytes(11, 23));
        assertThat(Files.readAllBytes(dir.resolve("u1.bin"))).isEqualTo(bytes(2, 1, 4, 3));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "typed view on a raw slot       | --srv 0:R32_UINT:raw.bin   | t0 is declared raw and takes RAW, not R32_UINT",
        "raw view on a structured slot  | --srv 1:RAW:s8.bin         | t1 is declared structured, stride 8 and takes S8, not RAW",
        "stride unlike the declaration  | --uav 1:S16:16:u1.bin      | u1 is declared structured with a 8-byte stride and takes S8, not S16",
        "structured view on a raw slot  | --uav 0:S8:16:u0.bin       | u0 is declared raw and takes RAW, not S8",
        "stride not a multiple of 4     | --uav 1:S6:12:u1.bin       | FORMAT 'S6': a structure stride must be a multiple of 4 from 4 to 2048",
        "stride over the limit          | --uav 1:S2052:2052:u1.bin  | FORMAT 'S2052'",
        "raw bytes not words            | --uav 0:RAW:6:u0.bin       | BYTES 6 is not a multiple of RAW's 4-byte elements",
        "structured bytes not strides   | --uav 1:S8:12:u1.bin       | BYTES 12 is not a multiple of S8's 8-byte elements",
        "raw file not words             | --srv 0:RAW:odd.bin        | FILE has 5 bytes, not a multiple of the RAW view's 4-byte elements",
        "raw view on a shipped shader   | --srv 0:RAW:raw.bin        | t0 is declared a typed buffer and takes a DXGI format, not RAW"})
    void viewNotMatchingTheDeclaration_oneLineNamingSlotDeclarationAndView(String what, String option, String named)
            throws IOException {
        writeViewsCase();
        Files.write(dir.resolve("odd.bin"), new byte[5]);
        String shader = what.contains("shipped") ? "msad4-search" : file("views.asm");
        String[] parts = option.split(" ");
        String value = parts[1].substring(0, parts[1].lastIndexOf(':') + 1) + file(parts[1].substring(parts[1].lastIndexOf(':') + 1));
        assertThat(run(shader, "1", parts[0], value)).as(what + ": " + err).isEqualTo(2);
        List<String> lines = err.toString().lines().toList();
        assertThat(lines.get(0)).as(what).startsWith("shader: " + parts[0] + " ").contains(named);
        assertThat(lines).hasSize(2);
    }

    /** A slot the shader does not declare is never read, so any view may sit there (t8 of rnd-s3-002). */
    @Test
    void undeclaredSlot_takesAnyView() throws IOException {
        writeViewsCase();
        assertThat(run(file("views.asm"), "1", "--srv", "0:RAW:" + file("raw.bin"), "--srv", "1:S8:" + file("s8.bin"),
                "--srv", "5:S4:" + file("raw.bin"), "--uav", "0:RAW:8:" + file("u0.bin"), "--uav", "1:S8:16:"
                + file("u1.bin"))).as(err.toString()).isZero();
    }

    private static byte[] bytes(int... words) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(4 * words.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int w : words) {
            b.putInt(w);
        }
        return b.array();
    }

    @Test
    void shaderFailing_oneLineNamingGroupExitCode1() {
        assertThat(run("msad4-search", "1")).isEqualTo(1);
        assertThat(err.toString().lines().toList()).singleElement().asString()
                .startsWith("shader: shader msad4-search failed in SV_GroupID (0,0,0)").contains("u0");
    }

    @Test
    void help_listsShippedShaders() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("msad4-search").contains("--uav");
    }
}
