package org.imbrex.kernels.dispatch;

import org.imbrex.kernels.resource.GroupShared;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * What a {@link GroupShader} sees while it runs one thread group: the group id, per-lane system values and
 * the bound resources. Lane {@code i} is the thread with {@code SV_GroupIndex = i}. A shader with {@link
 * GroupShader#groupsPerCall()} above 1 may get {@link #groups()} consecutive groups along x at once: lane
 * {@code i} is then thread {@code i % groupSize} of group {@code groupIdX() + i / groupSize}.
 *
 * <pre>
 *   numthreads(4,2,1), SV_GroupID (3,0,0):
 *   lane             0  1  2  3  4  5  6  7
 *   groupThreadIdX   0  1  2  3  0  1  2  3
 *   groupThreadIdY   0  0  0  0  1  1  1  1
 *   dispatchThreadIdX 12 13 14 15 12 13 14 15     (= 3·4 + tx)
 * </pre>
 * The arrays are owned by the dispatcher and refreshed per call; they may be longer than {@link #lanes()}:
 * read the first {@code lanes()} entries, do not change them.
 * Example: in {@code Msad4Search}, {@code dispatchThreadIdX()[lane]} is the word offset of the lane's
 * window.
 */
public final class GroupContext {
    private final NumThreads numThreads;
    private final ShaderResources resources;
    private final GroupShared groupShared;
    private final int groupSize;
    private int groups;
    private final int[] groupThreadIdX;
    private final int[] groupThreadIdY;
    private final int[] groupThreadIdZ;
    private final int[] dispatchThreadIdX;
    private final int[] dispatchThreadIdY;
    private final int[] dispatchThreadIdZ;
    private int gx;
    private int gy;
    private int gz;
    private boolean filledX;
    private boolean filledY;
    private boolean filledZ;

    GroupContext(NumThreads numThreads, int maxGroups, ShaderResources resources, GroupShared groupShared) {
        this.numThreads = numThreads;
        this.resources = resources;
        this.groupShared = groupShared;
        this.groupSize = numThreads.count();
        int maxLanes = groupSize * maxGroups;
        this.groupThreadIdX = new int[maxLanes];
        this.groupThreadIdY = new int[maxLanes];
        this.groupThreadIdZ = new int[maxLanes];
        this.dispatchThreadIdX = new int[maxLanes];
        this.dispatchThreadIdY = new int[maxLanes];
        this.dispatchThreadIdZ = new int[maxLanes];
        for (int group = 0; group < maxGroups; group++) {
            for (int tz = 0; tz < numThreads.z(); tz++) {
                for (int ty = 0; ty < numThreads.y(); ty++) {
                    for (int tx = 0; tx < numThreads.x(); tx++) {
                        int lane = group * groupSize + numThreads.groupIndex(tx, ty, tz);
                        groupThreadIdX[lane] = tx;
                        groupThreadIdY[lane] = ty;
                        groupThreadIdZ[lane] = tz;
                    }
                }
            }
        }
    }

    /** True when this context can run groups of {@code numThreads}, {@code maxGroups} per call, on {@code resources}. */
    boolean fits(NumThreads numThreads, int maxGroups, ShaderResources resources) {
        return this.numThreads.equals(numThreads) && this.resources == resources
                && groupThreadIdX.length == numThreads.count() * maxGroups;
    }

    /**
     * Starts groups (gx .. gx + count − 1, gy, gz): fresh groupshared memory; the dispatch thread ids are
     * filled when a shader first asks for them in this call, one component at a time (most shaders read x
     * only, and many only the call's first group id).
     */
    void setGroups(int gx, int gy, int gz, int count) {
        groupShared.clear();
        this.gx = gx;
        this.gy = gy;
        this.gz = gz;
        this.groups = count;
        filledX = false;
        filledY = false;
        filledZ = false;
    }

    /**
     * <pre>
     *   lane = group · X·Y·Z + SV_GroupIndex      SV_DispatchThreadID = (gx + group, gy, gz) · numthreads + SV_GroupThreadID
     * </pre>
     */
    private void fill(int[] ids, int[] groupThreadIds, int groupBase, int step, int size) {
        int lane = 0;
        for (int group = 0; group < groups; group++) {
            int base = (groupBase + group * step) * size;
            for (int end = lane + groupSize; lane < end; lane++) {
                ids[lane] = base + groupThreadIds[lane];
            }
        }
    }

    /** Threads in this call: X·Y·Z per group times {@link #groups()}. */
    public int lanes() {
        return groupSize * groups;
    }

    /** Thread groups in this call: 1, or up to {@link GroupShader#groupsPerCall()} consecutive along x. */
    public int groups() {
        return groups;
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

    /** HLSL: {@code SV_GroupID} (of the first group of the call). */
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
        if (!filledX) {
            fill(dispatchThreadIdX, groupThreadIdX, gx, 1, numThreads.x());
            filledX = true;
        }
        return dispatchThreadIdX;
    }

    public int[] dispatchThreadIdY() {
        if (!filledY) {
            fill(dispatchThreadIdY, groupThreadIdY, gy, 0, numThreads.y());
            filledY = true;
        }
        return dispatchThreadIdY;
    }

    public int[] dispatchThreadIdZ() {
        if (!filledZ) {
            fill(dispatchThreadIdZ, groupThreadIdZ, gz, 0, numThreads.z());
            filledZ = true;
        }
        return dispatchThreadIdZ;
    }

    /** HLSL: {@code SV_DispatchThreadID.x} of one lane, without filling the per-lane array. */
    public int dispatchThreadIdX(int lane) {
        return groupIdX(lane) * numThreads.x() + groupThreadIdX[lane];
    }

    /** HLSL: {@code SV_GroupID.x} of a lane. */
    public int groupIdX(int lane) {
        return gx + lane / groupSize;
    }

    /** HLSL: {@code SV_GroupIndex} of a lane: the lane itself, within its group. */
    public int groupIndex(int lane) {
        return lane % groupSize;
    }
}
