package org.imbrex.kernels.asm;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.dispatch.ShaderModel;

/**
 * A compute shader given as Shader Model 5 assembly text, run by the interpreter: the {@link
 * org.imbrex.kernels.dispatch.DeviceContext} dispatches it like any {@link GroupShader}.
 *
 * <pre>{@code
 * AsmShader shader = AsmShader.load(Path.of("rnd-s1-018.asm"));
 * new DeviceContext().dispatch(shader, resources, Dispatch.of(4, 2, 3));
 * }</pre>
 * The text is parsed once ({@link AsmParser}); errors name {@code file:line:column}. An instance keeps one
 * register file ({@link GroupMachine}) and runs one group at a time (or several side by side, {@link
 * #groupsPerCall()}): use one instance per thread, or
 * {@link #copy()} for another thread (the parsed program is shared).
 */
public final class AsmShader implements GroupShader {
    private final String name;
    private final AsmProgram program;
    private final int groupsPerCall;
    private GroupMachine machine;

    private AsmShader(String name, AsmProgram program) {
        this.name = name;
        this.program = program;
        this.groupsPerCall = program.groupsPerCall();
    }

    /** Parses {@code text}; {@code file} names it in error messages and is the shader's name. */
    public static AsmShader parse(String file, String text) {
        return new AsmShader(file, AsmParser.parse(file, text));
    }

    /** Reads and parses an {@code .asm} file; the shader is named after the file. */
    public static AsmShader load(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        return parse(file.getFileName().toString(), text);
    }

    /** Parses an {@code .asm} resource next to {@code owner}, e.g. {@code Msad4Search.asm}. */
    public static AsmShader fromResource(Class<?> owner, String resource) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + resource + " next to " + owner.getName());
            }
            return parse(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Another instance over the same parsed program, with its own registers. */
    public AsmShader copy() {
        return new AsmShader(name, program);
    }

    /** The parsed program. */
    public AsmProgram program() {
        return program;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public NumThreads numThreads() {
        return program.declarations().numThreads();
    }

    @Override
    public ShaderModel shaderModel() {
        return program.declarations().model();
    }

    /**
     * Several groups when the program's groups cannot observe each other ({@link GroupIndependence}), so
     * that they run in one SIMT pass with the sequential order's result; else 1.
     */
    @Override
    public int groupsPerCall() {
        return groupsPerCall;
    }

    @Override
    public void main(GroupContext group) {
        if (machine == null) {
            machine = new GroupMachine(program, groupsPerCall());
        }
        machine.run(group);
    }
}
