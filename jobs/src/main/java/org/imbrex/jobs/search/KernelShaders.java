package org.imbrex.jobs.search;

import java.io.Serializable;
import java.util.function.Supplier;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.shaders.Msad4Search;

/**
 * The msad4 search shader for {@code --kernel}: the Java shader, or its SM5 assembly run by the
 * interpreter.
 *
 * <p>Example: {@code KernelShaders.factory(Kernel.JAVA).get()} is a new {@link Msad4Search}.
 */
final class KernelShaders {
    private KernelShaders() {
    }

    static Supplier<ComputeShader> factory(Kernel kernel) {
        return switch (kernel) {
            case JAVA -> Msad4Search::new;
            case ASM -> throw new IllegalArgumentException("--kernel asm is not available in this build");
        };
    }

    /** Marker so the options stay serializable. */
    interface SerializableSupplier extends Supplier<ComputeShader>, Serializable {
    }
}
