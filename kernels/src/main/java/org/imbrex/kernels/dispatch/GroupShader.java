package org.imbrex.kernels.dispatch;

/**
 * A compute shader that runs a whole thread group per call, the way GPUs execute: each HLSL statement
 * becomes a loop over the group's lanes (SIMT). Lane {@code i} is the thread whose {@code SV_GroupIndex}
 * is {@code i}. A {@code GroupMemoryBarrierWithGroupSync} needs no code: a statement finishes for every
 * lane before the next statement starts.
 *
 * <pre>{@code
 * // HLSL: out[id.x] = id.x * 2;   as SIMT over the group
 * public void main(GroupContext g) {
 *     int[] x = g.dispatchThreadIdX();
 *     for (int lane = 0; lane < g.lanes(); lane++) out.storeUint(x[lane], x[lane] * 2);
 * }
 * }</pre>
 */
public non-sealed interface GroupShader extends ComputeShader {

    /** Runs every thread of the group {@code group.groupId()}. */
    void main(GroupContext group);
}
