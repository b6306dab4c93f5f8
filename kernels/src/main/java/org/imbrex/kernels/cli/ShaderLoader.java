package org.imbrex.kernels.cli;

import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.shaders.ShaderCatalog;

/**
 * Turns the NAME argument of {@code imbrex shader} into a shader: a shipped shader's name.
 *
 * <p>Example: {@code ShaderLoader.load("msad4-search")}.
 */
final class ShaderLoader {
    private ShaderLoader() {
    }

    static ComputeShader load(String name) {
        return ShaderCatalog.create(name);
    }
}
