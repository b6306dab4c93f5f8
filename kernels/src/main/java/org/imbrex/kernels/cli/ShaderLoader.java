package org.imbrex.kernels.cli;

import java.io.IOException;
import java.nio.file.Path;
import org.imbrex.kernels.asm.AsmShader;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.shaders.ShaderCatalog;

/**
 * Turns the NAME argument of {@code imbrex shader} into a shader: a shipped shader's name, or the path of
 * an SM5 assembly file ({@code .asm}) or of a compiled shader ({@code .dxbc}, {@code .cso}: a DXBC
 * container) to interpret.
 *
 * <p>Example: {@code ShaderLoader.load("msad4-search")}; {@code ShaderLoader.load("cases/rnd-s1-018.asm")};
 * {@code ShaderLoader.load("cases/rnd-s1-018.dxbc")} runs the same program. A damaged container is one
 * line, e.g. {@code rnd-s1-018.dxbc: byte 0x4: checksum mismatch: …}, like an assembly error.
 */
final class ShaderLoader {
    private ShaderLoader() {
    }

    static ComputeShader load(String name) {
        if (name.endsWith(".asm") || AsmShader.isBytecode(name)) {
            try {
                return AsmShader.load(Path.of(name));
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot read shader " + name + " (" + e.getClass().getSimpleName()
                        + ")");
            }
        }
        // One Dispatch, then the JVM ends: the lane loops C2 compiles at once (LaneLoops.forOneDispatch).
        return ShaderCatalog.create(name, LaneLoops.forOneDispatch());
    }
}
