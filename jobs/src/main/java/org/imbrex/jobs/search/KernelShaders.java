package org.imbrex.jobs.search;

import java.util.function.Supplier;
import org.imbrex.kernels.asm.AsmShader;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.shaders.Msad4Search;

/**
 * The msad4 search shader for {@code --kernel}: the Java shader, or its SM5 assembly run by the
 * interpreter.
 *
 * <p>Example: {@code KernelShaders.factory(Kernel.JAVA).get()} is a new {@link Msad4Search}.
 */
final class KernelShaders {
    /** Msad4Search.asm, parsed once per JVM on first use; each task runs its own copy. */
    private static final class Msad4SearchAsm {
        static final AsmShader SHADER = AsmShader.fromResource(Msad4Search.class, "Msad4Search.asm");
    }

    private KernelShaders() {
    }

    static Supplier<ComputeShader> factory(Kernel kernel) {
        return switch (kernel) {
            case JAVA -> Msad4Search::new;
            case ASM -> Msad4SearchAsm.SHADER::copy;
        };
    }
}
