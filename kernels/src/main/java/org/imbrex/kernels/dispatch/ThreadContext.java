package org.imbrex.kernels.dispatch;

import org.imbrex.kernels.resource.GroupShared;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * What one thread of a {@link ThreadShader} sees: its system values and the bound resources.
 *
 * <p>The dispatcher reuses one context per thread and sets its ids before each call; keep values, not the
 * context. System values (spec §2.2, FS §18.6.4):
 * <pre>
 *   SV_GroupID          = (gx, gy, gz)                              vThreadGroupID
 *   SV_GroupThreadID    = (tx, ty, tz)                              vThreadIDInGroup
 *   SV_DispatchThreadID = (gx·X + tx, gy·Y + ty, gz·Z + tz)         vThreadID
 *   SV_GroupIndex       = tz·X·Y + ty·X + tx                        vThreadIDInGroupFlattened
 * </pre>
 * Example: numthreads(10,8,3), group (2,1,0), thread (7,5,0): {@code dispatchThreadId()} = (27,13,0),
 * {@code groupIndex()} = 57 (spec test vector 33).
 */
public final class ThreadContext {
    private final NumThreads numThreads;
    private final ShaderResources resources;
    private final GroupShared groupShared;
    private final GroupSync sync;
    private int gx;
    private int gy;
    private int gz;
    private int tx;
    private int ty;
    private int tz;

    ThreadContext(NumThreads numThreads, ShaderResources resources, GroupShared groupShared, GroupSync sync) {
        this.numThreads = numThreads;
        this.resources = resources;
        this.groupShared = groupShared;
        this.sync = sync;
    }

    void set(int gx, int gy, int gz, int tx, int ty, int tz) {
        this.gx = gx;
        this.gy = gy;
        this.gz = gz;
        this.tx = tx;
        this.ty = ty;
        this.tz = tz;
    }

    /** The resources bound for this Dispatch. */
    public ShaderResources resources() {
        return resources;
    }

    /** HLSL: the {@code groupshared} arrays of this thread's group ({@link ComputeShader#groupSharedWords()}). */
    public GroupShared groupShared() {
        return groupShared;
    }

    /** HLSL: {@code SV_GroupID}; asm: {@code vThreadGroupID}. */
    public Uint3 groupId() {
        return new Uint3(gx, gy, gz);
    }

    /** HLSL: {@code SV_GroupThreadID}; asm: {@code vThreadIDInGroup}. */
    public Uint3 groupThreadId() {
        return new Uint3(tx, ty, tz);
    }

    /** HLSL: {@code SV_DispatchThreadID}; asm: {@code vThreadID}. */
    public Uint3 dispatchThreadId() {
        return new Uint3(dispatchThreadIdX(), gy * numThreads.y() + ty, gz * numThreads.z() + tz);
    }

    /** HLSL: {@code SV_DispatchThreadID.x}, without allocating. */
    public int dispatchThreadIdX() {
        return gx * numThreads.x() + tx;
    }

    /** HLSL: {@code SV_GroupIndex}; asm: {@code vThreadIDInGroupFlattened}. */
    public int groupIndex() {
        return numThreads.groupIndex(tx, ty, tz);
    }

    /**
     * HLSL: {@code GroupMemoryBarrierWithGroupSync()}; asm: {@code sync_g_t}. Returns when every thread of
     * the group has reached this barrier. Only shaders that declare {@link ThreadShader#usesGroupSync()} may
     * call it.
     */
    public void groupMemoryBarrierWithGroupSync() {
        sync.arrive(this);
    }
}
