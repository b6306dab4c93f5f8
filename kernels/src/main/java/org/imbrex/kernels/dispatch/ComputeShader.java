package org.imbrex.kernels.dispatch;

/**
 * A compute shader imbrex can Dispatch: either one thread at a time ({@link ThreadShader}, the way HLSL
 * reads) or one whole thread group at a time over per-lane arrays ({@link GroupShader}, the way a GPU
 * runs it, SIMT).
 *
 * <p>Example: {@code new DeviceContext().dispatch(new Msad4Search(), resources, Dispatch.of(4))}.
 */
public sealed interface ComputeShader permits ThreadShader, GroupShader {

    /** A short name used in messages, e.g. {@code msad4-search}. */
    String name();

    /** The {@code [numthreads(X, Y, Z)]} attribute. */
    NumThreads numThreads();

    /**
     * The shader's {@code groupshared} arrays ({@code g#} registers, asm {@code dcl_tgsm_*}) as 32-bit
     * words per register, in declaration order; none by default. HLSL {@code groupshared uint partial[64];}
     * is {@code new int[] {64}}. The dispatcher allocates them (at most {@link
     * ShaderModel#groupSharedBytes()} in all) and zeroes them when each group starts.
     */
    default int[] groupSharedWords() {
        return new int[0];
    }

    /** The profile the shader is compiled for; it decides the Dispatch limits. */
    default ShaderModel shaderModel() {
        return ShaderModel.CS_5_0;
    }
}
