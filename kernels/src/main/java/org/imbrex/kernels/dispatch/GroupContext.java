package org.imbrex.kernels.dispatch;

import org.imbrex.kernels.resource.GroupShared;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * What a {@link GroupShader} sees while it runs one thread group: the group id, per-lane system values and
 * the bound resources. Lane {@code i} is the thread with {@code SV_GroupIndex = i}.
 *
 * <pre>
 *   numthreads(4,2,1), SV_GroupID (3,0,0):
 *   lane             0  1  2  3  4  5  6  7
 *   groupThreadIdX   0  1  2  3  0  1  2  3
 *   groupThreadIdY   0  0  0  0  1  1  1  1
 *   dispatchThreadIdX 12 13 14 15 12 13 14 15     (= 3·4 + tx)
 * </pre>
 * The arrays are owned by the dispatcher and refreshed per group: read them, do not change them.
 * Example: in {@code Msad4Search}, {@code dispatchThreadIdX()[lane]} is the word offset of the lane's
 * window.
 */
public final class GroupContext {
    private final NumThreads numThreads;
    private final ShaderResources resources;
    private final GroupShared groupShared;
    private final int lanes;
    private final int[] groupThreadIdX;
    private final int[] groupThreadIdY;
    private final int[] groupThreadIdZ;
    private final int[] dispatchThreadIdX;
    private final int[] dispatchThreadIdY;
    private final int[] dispatchThreadIdZ;
    private int gx;
    private int gy;
    private int gz;

    GroupContext(NumThreads numThreads, ShaderResources resources, GroupShared groupShared) {
        this.numThreads = numThreads;
        this.resources = resources;
        this.groupShared = groupShared;
        this.lanes = numThreads.count();
        this.groupThreadIdX = new int[lanes];
        this.groupThreadIdY = new int[lanes];
        this.groupThreadIdZ = new int[lanes];
        this.dispatchThreadIdX = new int[lanes];
        this.dispatchThreadIdY = new int[lanes];
        this.dispatchThreadIdZ = new int[lanes];
        for (int tz = 0; tz < numThreads.z(); tz++) {
            for (int ty = 0; ty < numThreads.y(); ty++) {
                for (int tx = 0; tx < numThreads.x(); tx++) {
                    int lane = numThreads.groupIndex(tx, ty, tz);
                    groupThreadIdX[lane] = tx;
                    groupThreadIdY[lane] = ty;
                    groupThreadIdZ[lane] = tz;
                }
            }
        }
    }

    void setGroup(int gx, int gy, int gz) {
        groupShared.clear();
        this.gx = gx;
        this.gy = gy;
        this.gz = gz;
        int baseX = gx * numThreads.x();
        int baseY = gy * numThreads.y();
        int baseZ = gz * numThreads.z();
        for (int lane = 0; lane < lanes; lane++) {
            dispatchThreadIdX[lane] = baseX + groupThreadIdX[lane];
            dispatchThreadIdY[lane] = baseY + groupThreadIdY[lane];
            dispatchThreadIdZ[lane] = baseZ + groupThreadIdZ[lane];
        }
    }

    /** Threads in the group, X·Y·Z. */
    public int lanes() {
        return lanes;
    }

    public NumThreads numThreads() {
        return numThreads;
    }

    public ShaderResources resources() {
        return resources;
    }

    /** HLSL: the group's {@code groupshared} arrays, zeroed when the group starts. */
    public GroupShared groupShared() {
        return groupShared;
    }

    /** HLSL: {@code SV_GroupID}. */
    public Uint3 groupId() {
        return new Uint3(gx, gy, gz);
    }

    public int groupIdX() {
        return gx;
    }

    public int groupIdY() {
        return gy;
    }

    public int groupIdZ() {
        return gz;
    }

    /** HLSL: {@code SV_GroupThreadID.x} per lane. */
    public int[] groupThreadIdX() {
        return groupThreadIdX;
    }

    public int[] groupThreadIdY() {
        return groupThreadIdY;
    }

    public int[] groupThreadIdZ() {
        return groupThreadIdZ;
    }

    /** HLSL: {@code SV_DispatchThreadID.x} per lane. */
    public int[] dispatchThreadIdX() {
        return dispatchThreadIdX;
    }

    public int[] dispatchThreadIdY() {
        return dispatchThreadIdY;
    }

    public int[] dispatchThreadIdZ() {
        return dispatchThreadIdZ;
    }

    /** HLSL: {@code SV_GroupIndex} of a lane: the lane itself. */
    public int groupIndex(int lane) {
        return lane;
    }
}
