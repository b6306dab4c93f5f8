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
 * A compute shader given as Shader Model 5 assembly text or as its compiled bytecode, run by the
 * interpreter: the {@link org.imbrex.kernels.dispatch.DeviceContext} dispatches it like any {@link
 * GroupShader}.
 *
 * <pre>{@code
 * AsmShader shader = AsmShader.load(Path.of("rnd-s1-018.asm"));      // or rnd-s1-018.dxbc: the same program
 * new DeviceContext().dispatch(shader, resources, Dispatch.of(4, 2, 3));
 * }</pre>
 * The text is parsed once ({@link AsmParser}), errors naming {@code file:line:column}; bytecode is decoded
 * once ({@link DxbcParser}), errors naming {@code file: byte 0x…}. An instance keeps one
 * register file ({@link GroupMachine}) and runs one group at a time (or several side by side, {@link
 * #groupsPerCall()}): use one instance per thread, or
 * {@link #copy()} for another thread (the parsed program is shared).
 *
 * <p>A thread group runs at most {@link #DEFAULT_INSTRUCTION_LIMIT} instructions (2^26, each counted once
 * however many of its threads run it; the shipped shaders need under a million per group), so a {@code loop} without
 * a {@code break} that is ever taken fails instead of hanging: the Dispatch throws a {@link
 * org.imbrex.kernels.dispatch.ShaderFault} such as {@code shader a.asm failed in SV_GroupID (0,0,0): stopped
 * after 67108864 instructions, the limit per thread group, before line 9: endloop (a loop that never
 * ends?); ...}. {@link #withInstructionLimit(long)} sets another limit.
 */
public final class AsmShader implements GroupShader {
    /** Instructions one thread group may run: 2^26, a few seconds of a 64-thread group's time. */
    public static final long DEFAULT_INSTRUCTION_LIMIT = 1L << 26;

    private final String name;
    private final AsmProgram program;
    private final int groupsPerCall;
    private final long instructionLimit;
    private GroupMachine machine;

    private AsmShader(String name, AsmProgram program) {
        this(name, program, DEFAULT_INSTRUCTION_LIMIT);
    }

    private AsmShader(String name, AsmProgram program, long instructionLimit) {
        if (instructionLimit < 1) {
            throw new IllegalArgumentException("an instruction limit of " + instructionLimit + " runs nothing; it "
                    + "must be at least 1");
        }
        this.name = name;
        this.program = program;
        this.groupsPerCall = program.groupsPerCall();
        this.instructionLimit = instructionLimit;
    }

    /** Parses {@code text}; {@code file} names it in error messages and is the shader's name. */
    public static AsmShader parse(String file, String text) {
        return new AsmShader(file, AsmParser.parse(file, text));
    }

    /** Decodes a DXBC container ({@code .dxbc}, {@code .cso}); {@code file} names it in errors and is the shader's name. */
    public static AsmShader decode(String file, byte[] bytecode) {
        return new AsmShader(file, DxbcParser.parse(file, bytecode));
    }

    /**
     * Reads a shader file, named after the file: bytecode when the name ends in {@code .dxbc} or {@code .cso}
     * ({@link #decode}), else assembly text ({@link #parse}).
     */
    public static AsmShader load(Path file) throws IOException {
        String name = file.getFileName().toString();
        if (isBytecode(name)) {
            return decode(name, Files.readAllBytes(file));
        }
        return parse(name, Files.readString(file, StandardCharsets.UTF_8));
    }

    /** True for the names of compiled shaders: {@code *.dxbc}, {@code *.cso} (any case). */
    public static boolean isBytecode(String name) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        return lower.endsWith(".dxbc") || lower.endsWith(".cso");
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

    /** Another instance over the same parsed program, with its own registers (and the same instruction limit). */
    public AsmShader copy() {
        return new AsmShader(name, program, instructionLimit);
    }

    /**
     * Another instance over the same parsed program whose thread groups each stop after {@code limit}
     * instructions (at least 1). Example: {@code AsmShader.parse("spin.asm", text).withInstructionLimit(10_000)}
     * fails a Dispatch of a never-ending loop after ten thousand instructions.
     */
    public AsmShader withInstructionLimit(long limit) {
        return new AsmShader(name, program, limit);
    }

    /** Instructions one thread group may run before the Dispatch fails. */
    public long instructionLimit() {
        return instructionLimit;
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
            machine = new GroupMachine(program, groupsPerCall(), instructionLimit);
        }
        machine.run(group);
    }
}
