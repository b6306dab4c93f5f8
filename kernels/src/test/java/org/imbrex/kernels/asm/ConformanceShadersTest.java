package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
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
 * The 80 random shaders of {@code conformance/shaders/} and {@code conformance/shaders-v2/} (typed, raw
 * and structured views, atomics, switch, groupshared over 3-D groups): real vkd3d-compiler assembly whose
 * UAVs came from a real D3D11 runtime. Each must give exactly the expected bytes, through the interpreter and
 * through {@code imbrex shader NAME.asm ...} run exactly as the case's {@code command} says.
 */
class ConformanceShadersTest {
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

    static List<Path> cases() throws IOException, URISyntaxException {
        List<Path> all = new ArrayList<>(ConformanceCase.all("shaders"));
        all.addAll(ConformanceCase.all("shaders-v2"));
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void asmShader_conformanceCase_writesTheRuntimesUavs(Path dir) throws IOException {
        ConformanceCase c = ConformanceCase.read(dir, out);
        List<UnorderedAccessView> uavs = new ArrayList<>();
        List<Path> expected = new ArrayList<>();
        try {
            var resources = c.bind(allocator, uavs, expected);
            new DeviceContext().dispatch(AsmShader.load(c.asm()), resources, c.dispatch());
            for (int i = 0; i < uavs.size(); i++) {
                assertThat(uavs.get(i).contents()).as("%s", expected.get(i).getFileName())
                        .isEqualTo(Files.readAllBytes(expected.get(i)));
            }
        } finally {
            uavs.forEach(UnorderedAccessView::close);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shaderCommand_conformanceCommand_writesTheRuntimesUavs(Path dir) throws IOException {
        ConformanceCase c = ConformanceCase.read(dir, out);
        int exit = OneLineErrors.commandLine(new ShaderCommand()).execute(c.arguments().toArray(new String[0]));
        assertThat(exit).isZero();
        List<String[]> uavs = c.options("--uav");
        assertThat(uavs).isNotEmpty();
        for (int i = 0; i < uavs.size(); i++) {
            Path expected = dir.resolve("u" + uavs.get(i)[0] + ".expected.bin");
            assertThat(c.outputs().get(i)).as("%s", expected.getFileName()).hasBinaryContent(Files.readAllBytes(expected));
        }
    }
}
