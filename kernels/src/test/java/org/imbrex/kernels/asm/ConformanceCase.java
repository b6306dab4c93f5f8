package org.imbrex.kernels.asm;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.ByteAddressBuffer;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.RWByteAddressBuffer;
import org.imbrex.kernels.resource.RWStructuredBuffer;
import org.imbrex.kernels.resource.ShaderResourceView;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.StructuredBuffer;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.resource.UnorderedAccessView;

/**
 * One case of {@code conformance/shaders/} or {@code conformance/shaders-v2/}: the runner command of its {@code case.json}, with {@code <case
 * dir>} and the {@code OUT_u#.bin} names made concrete, and the resources it describes.
 *
 * <pre>
 *   "command": "bin/imbrex shader &lt;case dir&gt;/rnd-s1-018.asm 4 2 3 --srv 0:R32_UINT:&lt;case dir&gt;/t0.bin
 *               --uav 1:R32G32B32A32_FLOAT:23040:OUT_u1.bin --cb 1:&lt;case dir&gt;/cb1.bin"
 *   → arguments() = [dir/rnd-s1-018.asm, 4, 2, 3, --srv, 0:R32_UINT:dir/t0.bin, --uav, 1:…:out/OUT_u1.bin, …]
 * </pre>
 */
record ConformanceCase(Path dir, List<String> arguments) {
    private static final Pattern COMMAND = Pattern.compile("\"command\"\\s*:\\s*\"([^\"]*)\"");

    /** The 40 case folders of {@code conformance/shaders/}, sorted. */
    static List<Path> all() throws IOException, URISyntaxException {
        return all("shaders");
    }

    /** The case folders of {@code conformance/CORPUS/} ({@code shaders}, {@code shaders-v2}), sorted. */
    static List<Path> all(String corpus) throws IOException, URISyntaxException {
        Path root = Path.of(ConformanceCase.class.getResource("/conformance/" + corpus).toURI());
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(Files::isDirectory).sorted().toList();
        }
    }

    /** Reads the command of {@code dir/case.json}; outputs are named inside {@code out}. */
    static ConformanceCase read(Path dir, Path out) throws IOException {
        Matcher m = COMMAND.matcher(Files.readString(dir.resolve("case.json")));
        if (!m.find()) {
            throw new IllegalStateException(dir + "/case.json has no command");
        }
        String command = m.group(1).replace("<case dir>", dir.toString()).replace("OUT_", out + "/OUT_");
        List<String> words = new ArrayList<>(List.of(command.trim().split("\\s+")));
        if (!words.get(0).equals("bin/imbrex") || !words.get(1).equals("shader")) {
            throw new IllegalStateException("unexpected command " + command);
        }
        return new ConformanceCase(dir, words.subList(2, words.size()));
    }

    Path asm() {
        return Path.of(arguments.get(0));
    }

    Dispatch dispatch() {
        int[] g = {1, 1, 1};
        for (int i = 1; i < arguments.size() && !arguments.get(i).startsWith("--"); i++) {
            g[i - 1] = Integer.parseInt(arguments.get(i));
        }
        return Dispatch.of(g[0], g[1], g[2]);
    }

    /** The values of every {@code option} argument. */
    List<String[]> options(String option) {
        List<String[]> values = new ArrayList<>();
        for (int i = 0; i < arguments.size() - 1; i++) {
            if (arguments.get(i).equals(option)) {
                values.add(arguments.get(i + 1).split(":"));
            }
        }
        return values;
    }

    /**
     * Binds the SRVs and constant buffers; allocates and binds the UAVs into {@code uavs}. FORMAT {@code RAW}
     * is a byte-address view, {@code S<stride>} a structured one, anything else a DXGI format.
     */
    ShaderResources bind(BufferAllocator allocator, List<UnorderedAccessView> uavs, List<Path> expected)
            throws IOException {
        ShaderResources resources = new ShaderResources();
        for (String[] srv : options("--srv")) {
            ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(Path.of(srv[2])));
            ShaderResourceView view = srv[1].equals("RAW") ? ByteAddressBuffer.of(bytes)
                    : srv[1].startsWith("S") ? StructuredBuffer.of(Integer.parseInt(srv[1].substring(1)), bytes)
                    : TypedBuffer.of(DxgiFormat.parse(srv[1]), bytes);
            resources.setShaderResource(Integer.parseInt(srv[0]), view);
        }
        for (String[] cb : options("--cb")) {
            resources.setConstantBuffer(Integer.parseInt(cb[0]), ConstantBuffer.of(Files.readAllBytes(Path.of(cb[1]))));
        }
        for (String[] uav : options("--uav")) {
            int bytes = Integer.parseInt(uav[2]);
            byte[] init = uav.length > 4 ? Files.readAllBytes(Path.of(uav[4])) : null;
            UnorderedAccessView view;
            if (uav[1].equals("RAW")) {
                RWByteAddressBuffer raw = RWByteAddressBuffer.allocate(bytes, allocator);
                if (init != null) {
                    raw.initialize(init);
                }
                view = raw;
            } else if (uav[1].startsWith("S")) {
                int stride = Integer.parseInt(uav[1].substring(1));
                RWStructuredBuffer structured = RWStructuredBuffer.allocate(stride, bytes / stride, allocator);
                if (init != null) {
                    structured.initialize(init);
                }
                view = structured;
            } else {
                DxgiFormat format = DxgiFormat.parse(uav[1]);
                RWBuffer typed = RWBuffer.allocate(format, bytes / format.byteSize(), allocator);
                if (init != null) {
                    typed.initialize(init);
                }
                view = typed;
            }
            uavs.add(view);
            resources.setUnorderedAccessView(Integer.parseInt(uav[0]), view);
            expected.add(dir.resolve("u" + uav[0] + ".expected.bin"));
        }
        return resources;
    }

    /** The output file of each {@code --uav}, in order. */
    List<Path> outputs() {
        return options("--uav").stream().map(u -> Path.of(u[3])).toList();
    }
}
