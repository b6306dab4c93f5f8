package org.imbrex.kernels.dispatch;

/**
 * A compute shader written as HLSL is: {@link #main} runs once per thread.
 *
 * <p>A shader that calls {@link ThreadContext#groupMemoryBarrierWithGroupSync()} must say so with
 * {@link #usesGroupSync()}; it then runs cooperatively (every thread of a group reaches the barrier before
 * any passes it). Shaders that do not run as a plain loop and pay nothing for barriers.
 *
 * <pre>{@code
 * // HLSL: [numthreads(64,1,1)] void main(uint3 id : SV_DispatchThreadID) { out[id.x] = id.x * 2; }
 * ThreadShader doubler = new ThreadShader() {
 *     public String name() { return "doubler"; }
 *     public NumThreads numThreads() { return NumThreads.of(64, 1, 1); }
 *     public void main(ThreadContext t) {
 *         t.resources().rwBuffer(0).storeUint(t.dispatchThreadIdX(), t.dispatchThreadIdX() * 2);
 *     }
 * };
 * }</pre>
 */
public non-sealed interface ThreadShader extends ComputeShader {

    /** The shader body for one thread. */
    void main(ThreadContext thread);

    /** True if {@link #main} calls {@code GroupMemoryBarrierWithGroupSync}. */
    default boolean usesGroupSync() {
        return false;
    }
}
