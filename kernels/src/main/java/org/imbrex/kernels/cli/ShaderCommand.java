package org.imbrex.kernels.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.ShaderFault;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.UnorderedAccessView;
import org.imbrex.kernels.shaders.ShaderCatalog;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code imbrex shader}: runs one Dispatch of a shipped shader on the CPU, with resources from files.
 *
 * <pre>
 *   imbrex shader msad4-search 1 --cb 0:refsize.bin --srv 0:R32_UINT:ref.bin --srv 1:R32_UINT:src.bin \
 *                 --uav 0:R32G32B32A32_UINT:1024:out.bin
 * </pre>
 * Bad arguments get one line naming the argument and exit code 2; a shader that fails while it runs gets one
 * line naming the group and thread ({@link ShaderFault}) and exit code 1.
 */
@Command(name = "shader", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a compute shader on the CPU, exactly as a Direct3D 11 device would, for one Dispatch.",
            "SRV files hold little-endian elements (count = file size / format size); the UAV's contents go "
                + "to OUT after the Dispatch."},
        footer = {"", "Example:", "  imbrex shader msad4-search 1 --cb 0:cb0.bin --srv 0:R32_UINT:ref.bin "
                + "--srv 1:R32_UINT:src.bin --uav 0:R32G32B32A32_UINT:1024:out.bin",
            "  imbrex shader cases/rnd-s1-018.asm 4 2 3 --srv 0:R32_UINT:t0.bin --uav 1:R32G32B32A32_FLOAT:23040:u1.bin"})
public final class ShaderCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "Shipped shader name (${COMPLETION-CANDIDATES}), or the path of an SM5 assembly "
                    + "file (NAME.asm, as fxc /Fc or vkd3d-compiler -b d3d-asm print it) or of compiled bytecode "
                    + "(NAME.dxbc, NAME.cso) to interpret.",
            completionCandidates = ShaderNames.class)
    private String name;

    @Parameters(index = "1..*", arity = "1..3", paramLabel = "GX [GY GZ]",
            description = "Dispatch arguments: thread groups in x, y and z (y and z default to 1).")
    private List<Long> groups = new ArrayList<>();

    @Option(names = "--srv", paramLabel = "SLOT:FORMAT:FILE", description = "Bind a buffer to t<SLOT>: FORMAT is a "
            + "DXGI format (Buffer<T>), RAW (ByteAddressBuffer) or S<stride> (StructuredBuffer<T>), as the slot "
            + "is declared.")
    private List<String> srvs = new ArrayList<>();

    @Option(names = "--uav", paramLabel = "SLOT:FORMAT:BYTES:OUT[:INIT]",
            description = "Bind a UAV buffer of BYTES bytes to u<SLOT> (FORMAT as for --srv: RWBuffer<T>, "
                    + "RAW for RWByteAddressBuffer, S<stride> for RWStructuredBuffer<T>); write it to OUT afterwards; "
                    + "INIT gives its starting contents (default zeros).")
    private List<String> uavs = new ArrayList<>();

    @Option(names = "--cb", paramLabel = "SLOT:FILE", description = "Bind a constant buffer to cb<SLOT>.")
    private List<String> cbs = new ArrayList<>();

    /** The shader names for {@code --help}. */
    static final class ShaderNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ShaderNames() {
            super(ShaderCatalog.names());
        }
    }

    @Override
    public Integer call() {
        Dispatch dispatch = dispatch();
        ComputeShader shader = argument(() -> ShaderLoader.load(name));
        ShaderResources resources = new ShaderResources();
        for (String text : srvs) {
            ResourceArgument.Srv srv = argument(() -> ResourceArgument.Srv.parse(text));
            byte[] data = read("--srv " + text, srv.file());
            resources.setShaderResource(srv.slot(), argument(() -> ViewBinding.srv(shader, srv, text, data)));
        }
        for (String text : cbs) {
            ResourceArgument.Cb cb = argument(() -> ResourceArgument.Cb.parse(text));
            resources.setConstantBuffer(cb.slot(), ConstantBuffer.of(read("--cb " + text, cb.file())));
        }
        List<ResourceArgument.Uav> uavArguments = new ArrayList<>();
        Set<Integer> uavSlots = new HashSet<>();
        for (String text : uavs) {
            ResourceArgument.Uav uav = argument(() -> ResourceArgument.Uav.parse(text));
            if (!uavSlots.add(uav.slot())) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--uav " + text + ": u" + uav.slot()
                        + " is already bound by an earlier --uav");
            }
            uavArguments.add(uav);
        }
        try (BufferAllocator allocator = new RootAllocator()) {
            return run(shader, resources, dispatch, uavArguments, allocator);
        }
    }

    /** Allocates the UAVs, runs the Dispatch and writes every UAV to its OUT file. */
    private int run(ComputeShader shader, ShaderResources resources, Dispatch dispatch,
            List<ResourceArgument.Uav> uavArguments, BufferAllocator allocator) {
        List<UnorderedAccessView> views = new ArrayList<>();
        try {
            for (int i = 0; i < uavArguments.size(); i++) {
                ResourceArgument.Uav uav = uavArguments.get(i);
                String text = uavs.get(i);
                UnorderedAccessView view = argument(() -> ViewBinding.uav(shader, uav, text, allocator));
                views.add(view);
                if (uav.init() != null) {
                    ViewBinding.initialize(view, read("--uav " + uavs.get(i), uav.init()));
                }
                resources.setUnorderedAccessView(uav.slot(), view);
            }
            try {
                new DeviceContext().dispatch(shader, resources, dispatch);
            } catch (ShaderFault fault) {
                spec.commandLine().getErr().println(spec.qualifiedName() + ": " + fault.getMessage());
                return 1;
            }
            for (int i = 0; i < views.size(); i++) {
                write("--uav " + uavs.get(i), uavArguments.get(i).out(), views.get(i).contents());
            }
            return 0;
        } finally {
            views.forEach(UnorderedAccessView::close);
        }
    }

    private void write(String argument, Path file, byte[] contents) {
        try {
            Files.write(file, contents);
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), argument + ": cannot write " + file + " ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    private Dispatch dispatch() {
        long[] g = {1, 1, 1};
        if (groups.size() > 3) {
            throw new CommandLine.ParameterException(spec.commandLine(), "GX [GY GZ]: a Dispatch takes at most 3 "
                    + "thread group counts, got " + groups.size() + ": " + groups);
        }
        for (int i = 0; i < groups.size(); i++) {
            g[i] = groups.get(i);
        }
        for (int i = 0; i < 3; i++) {
            if (g[i] < 0 || g[i] > 65_535) {
                throw new CommandLine.ParameterException(spec.commandLine(), "G" + "XYZ".charAt(i) + " = " + g[i]
                        + " is out of range; Dispatch allows 0..65535 thread groups per dimension");
            }
        }
        return Dispatch.of((int) g[0], (int) g[1], (int) g[2]);
    }

    private byte[] read(String argument, Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), argument + ": cannot read " + file + " ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    private <T> T argument(java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
