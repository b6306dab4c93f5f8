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

    /** The profile the shader is compiled for; it decides the Dispatch limits. */
    default ShaderModel shaderModel() {
        return ShaderModel.CS_5_0;
    }
}
