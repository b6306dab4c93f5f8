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

    /**
     * Runs every thread of the group {@code group.groupId()}, or of the {@link GroupContext#groups()}
     * consecutive groups along x that start there when {@link #groupsPerCall()} allows more than one.
     */
    void main(GroupContext group);

    /**
     * How many consecutive thread groups along x one call of {@link #main} may run, as a GPU keeps several
     * groups of a Dispatch resident at once; 1 by default. More than 1 is for shaders whose groups share
     * nothing ({@code groupshared} memory is per group, so such shaders must declare none): the lanes of a
     * call are then the groups' threads one group after another, and longer lane loops vectorize better. A
     * failure is reported with the {@code SV_GroupID} of the call's first group.
     * <pre>
     *   numthreads(64,1,1), groupsPerCall 8, Dispatch(20,1,1):
     *   calls   groups 0–7 (512 lanes) | 8–15 (512 lanes) | 16–19 (256 lanes)
     * </pre>
     */
    default int groupsPerCall() {
        return 1;
    }
}
