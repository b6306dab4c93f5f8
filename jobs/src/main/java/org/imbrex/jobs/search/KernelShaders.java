package org.imbrex.jobs.search;

import org.imbrex.io.scan.Prefilter;
import org.imbrex.io.scan.ScanShaders;

/**
 * The shaders a scan runs for {@code --kernel}: the Java shaders, or the SM5 assembly of the same shaders
 * (search, gram filter, sum bound, gather) run by the interpreter.
 *
 * <p>Example: {@code KernelShaders.shaders(Kernel.ASM, Prefilter.ANCHORS).search().get()} interprets {@code
 * Msad4Search.asm}.
 */
final class KernelShaders {
    private KernelShaders() {
    }

    static ScanShaders shaders(Kernel kernel, Prefilter prefilter) {
        return switch (kernel) {
            case JAVA -> ScanShaders.java(prefilter);
            case ASM -> ScanShaders.assembly();
        };
    }
}
