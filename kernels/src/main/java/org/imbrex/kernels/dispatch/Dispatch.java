package org.imbrex.kernels.dispatch;

/**
 * The arguments of {@code ID3D11DeviceContext::Dispatch(ThreadGroupCountX, ThreadGroupCountY,
 * ThreadGroupCountZ)}: how many thread groups run, per dimension.
 *
 * <p>Each argument must be ≤ 65535 ({@code D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION}, FS
 * §18.6.2); larger values are undefined on hardware, so imbrex rejects them. A zero argument is legal and
 * runs nothing (FS §18.6.5). Example: {@code Dispatch.of(5, 3, 2)} runs 30 groups; {@code Dispatch.of(0, 5,
 * 5).isEmpty()} is true.
 */
public record Dispatch(int groupsX, int groupsY, int groupsZ) {

    /** A cs_5_0 Dispatch, limits checked. */
    public static Dispatch of(int groupsX, int groupsY, int groupsZ) {
        return of(groupsX, groupsY, groupsZ, ShaderModel.CS_5_0);
    }

    /** A Dispatch checked against a profile: cs_4_x also requires {@code groupsZ ≤ 1}. */
    public static Dispatch of(int groupsX, int groupsY, int groupsZ, ShaderModel model) {
        check("ThreadGroupCountX", groupsX, ShaderModel.MAX_GROUPS_PER_DIMENSION, model);
        check("ThreadGroupCountY", groupsY, ShaderModel.MAX_GROUPS_PER_DIMENSION, model);
        check("ThreadGroupCountZ", groupsZ, model.maxGroupsZ(), model);
        return new Dispatch(groupsX, groupsY, groupsZ);
    }

    /** A one-dimensional Dispatch, {@code Dispatch(groupsX, 1, 1)}. */
    public static Dispatch of(int groupsX) {
        return of(groupsX, 1, 1);
    }

    private static void check(String name, int value, int max, ShaderModel model) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException("Dispatch " + name + " = " + Integer.toUnsignedString(value)
                    + " is out of range; " + model.profile() + " allows 0.." + max);
        }
    }

    /** True when some argument is zero: the Dispatch reaches the device but no thread runs. */
    public boolean isEmpty() {
        return groupsX == 0 || groupsY == 0 || groupsZ == 0;
    }

    /** Number of thread groups, X·Y·Z. */
    public long groupCount() {
        return (long) groupsX * groupsY * groupsZ;
    }

    @Override
    public String toString() {
        return "Dispatch(" + groupsX + ", " + groupsY + ", " + groupsZ + ")";
    }
}
