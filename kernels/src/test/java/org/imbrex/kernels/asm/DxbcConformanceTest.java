package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.cli.OneLineErrors;
import org.imbrex.kernels.cli.ShaderCommand;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.resource.UnorderedAccessView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bytecode of every conformance case ({@code conformance/shaders/} and {@code shaders-v2/}): vkd3d
 * compiled each {@code NAME.dxbc} and disassembled it into {@code NAME.asm}, so both must decode to the
 * same program, field for field ({@link ProgramListing}), and the {@code .dxbc} must give the runtime's
 * UAVs exactly as the {@code .asm} does, through the interpreter and through {@code imbrex shader
 * NAME.dxbc ...}.
 *
 * <pre>
 *   NAME.asm  --AsmParser--&gt;  AsmProgram  --ProgramListing--&gt;  text  ┐
 *                                                                     ├ equal
 *   NAME.dxbc --DxbcParser-&gt;  AsmProgram  --ProgramListing--&gt;  text  ┘
 * </pre>
 */
class DxbcConformanceTest {
    private BufferAllocator allocator;

    @TempDir
    Path out;

    @BeforeEach
    void open() {
        allocator = new RootAllocator();
    }

    @AfterEach
    void close() {
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    /** The 40 cases of {@code conformance/shaders/}. */
    static List<Path> firstCorpus() throws IOException, URISyntaxException {
        return ConformanceCase.all();
    }

    /** The 40 cases of {@code conformance/shaders-v2/} (raw, structured, atomics, switch, groupshared). */
    static List<Path> secondCorpus() throws IOException, URISyntaxException {
        return ConformanceCase.all("shaders-v2");
    }

    static List<Path> bothCorpora() throws IOException, URISyntaxException {
        List<Path> all = new ArrayList<>(firstCorpus());
        all.addAll(secondCorpus());
        return all;
    }

    static Path dxbc(Path dir) {
        return dir.resolve(dir.getFileName() + ".dxbc");
    }

    static Path asm(Path dir) {
        return dir.resolve(dir.getFileName() + ".asm");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bothCorpora")
    void dxbcAndAsm_conformanceCase_decodeToTheSameProgram(Path dir) throws IOException {
        AsmProgram fromText = AsmParser.parse(asm(dir).getFileName().toString(),
                Files.readString(asm(dir), StandardCharsets.UTF_8));
        AsmProgram fromBytecode = DxbcParser.parse(dxbc(dir).getFileName().toString(), Files.readAllBytes(dxbc(dir)));

        assertThat(fromBytecode.instructions()).hasSameSizeAs(fromText.instructions());
        assertThat(ProgramListing.of(fromBytecode)).isEqualTo(ProgramListing.of(fromText));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bothCorpora")
    void dxbcInstructions_conformanceCase_numberedWithTheirByteOffsets(Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(dxbc(dir));
        List<Instruction> code = DxbcParser.parse("x.dxbc", bytes).instructions();
        int previous = 0;
        for (int i = 0; i < code.size(); i++) {
            Instruction ins = code.get(i);
            assertThat(ins.line()).isEqualTo(i + 1);
            assertThat(ins.byteOffset).isGreaterThan(previous).isLessThan(bytes.length).isEqualTo(ins.column);
            // the opcode token at that offset is the instruction's own
            assertThat(DxbcChecksum.word(bytes, ins.byteOffset) & 0x7FF).isNotEqualTo(DxbcOpcodes.CUSTOMDATA);
            assertThat(ins.toString()).startsWith("instruction " + (i + 1) + " (byte 0x"
                    + Integer.toHexString(ins.byteOffset) + "): " + ins.name());
            previous = ins.byteOffset;
        }
    }

    /** Through the interpreter, bound as the {@code .asm} run binds them ({@link ConformanceCase#bind}). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("bothCorpora")
    void dxbcShader_conformanceCase_writesTheRuntimesUavs(Path dir) throws IOException {
        ConformanceCase c = ConformanceCase.read(dir, out);
        List<UnorderedAccessView> uavs = new ArrayList<>();
        List<Path> expected = new ArrayList<>();
        try {
            var resources = c.bind(allocator, uavs, expected);
            AsmShader shader = AsmShader.load(dxbc(dir));
            assertThat(shader.name()).isEqualTo(dir.getFileName() + ".dxbc");
            new DeviceContext().dispatch(shader, resources, c.dispatch());
            for (int i = 0; i < uavs.size(); i++) {
                assertThat(uavs.get(i).contents()).as("%s", expected.get(i).getFileName())
                        .isEqualTo(Files.readAllBytes(expected.get(i)));
            }
        } finally {
            uavs.forEach(UnorderedAccessView::close);
        }
    }

    /** The case's own command, NAME.dxbc in place of NAME.asm: the same path as the {@code .asm} run. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("bothCorpora")
    void shaderCommand_conformanceCommandWithDxbc_writesTheRuntimesUavs(Path dir) throws IOException {
        runCommandWithDxbc(dir);
    }

    private void runCommandWithDxbc(Path dir) throws IOException {
        ConformanceCase c = ConformanceCase.read(dir, out);
        List<String> arguments = new ArrayList<>(c.arguments());
        assertThat(arguments.get(0)).isEqualTo(asm(dir).toString());
        arguments.set(0, dxbc(dir).toString());
        int exit = OneLineErrors.commandLine(new ShaderCommand()).execute(arguments.toArray(new String[0]));
        assertThat(exit).isZero();
        List<String[]> uavs = c.options("--uav");
        assertThat(uavs).isNotEmpty();
        for (int i = 0; i < uavs.size(); i++) {
            Path expected = dir.resolve("u" + uavs.get(i)[0] + ".expected.bin");
            assertThat(c.outputs().get(i)).as("%s", expected.getFileName()).hasBinaryContent(Files.readAllBytes(expected));
        }
    }
}
