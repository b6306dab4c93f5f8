package org.imbrex.kernels.shaders;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.imbrex.kernels.dispatch.ComputeShader;

/**
 * The shaders imbrex ships, by the name users run them with. Each has its HLSL source beside the Java
 * class ({@code X.hlsl} as a resource of this package).
 *
 * <p>Example: {@code ShaderCatalog.create("msad4-search")} is a new {@link Msad4Search}.
 */
public final class ShaderCatalog {
    private static final Map<String, Supplier<ComputeShader>> SHADERS = new TreeMap<>();

    static {
        SHADERS.put(Msad4Search.NAME, Msad4Search::new);
        SHADERS.put(Msad4BlockMatch.NAME, Msad4BlockMatch::new);
    }

    private ShaderCatalog() {
    }

    /** A new instance of the named shader. */
    public static ComputeShader create(String name) {
        Supplier<ComputeShader> factory = SHADERS.get(name);
        if (factory == null) {
            throw new IllegalArgumentException("no shipped shader named '" + name + "'; shipped: "
                    + String.join(", ", SHADERS.keySet()));
        }
        return factory.get();
    }

    /** The names of all shipped shaders, sorted. */
    public static java.util.Set<String> names() {
        return java.util.Collections.unmodifiableSet(SHADERS.keySet());
    }
}
