package org.imbrex.kernels.dispatch;

import org.imbrex.kernels.resource.GroupShared;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * Runs compute shaders, as {@code ID3D11DeviceContext::Dispatch} does, on the CPU.
 *
 * <p>Groups run one after another in a fixed order, x fastest, then y, then z:
 * <pre>
 *   for gz in [0, Z)  for gy in [0, Y)  for gx in [0, X)  run group (gx, gy, gz)
 * </pre>
 * Inside a group, a {@link ThreadShader} runs its threads in {@code SV_GroupIndex} order as a plain loop,
 * or cooperatively when it uses group barriers ({@link CooperativeGroup}); a {@link GroupShader} runs the
 * group in one call (or, if it allows, several consecutive groups of a row: {@link
 * GroupShader#groupsPerCall()}, still in the same order). When the last group is done, every bound UAV's contents are published
 * ({@link ShaderResources#endDispatch()}). A Dispatch with a zero argument runs nothing (FS §18.6.5).
 * Before anything runs, the Dispatch arguments, the shader's {@code numthreads} and its {@code groupshared}
 * size are checked against the shader's profile (spec §2.1); a violation throws {@link
 * IllegalArgumentException} naming the value and the limit.
 *
 * <pre>{@code
 * new DeviceContext().dispatch(new Msad4Search(), resources, Dispatch.of(groups));
 * }</pre>
 */
public final class DeviceContext {
    /**
     * The lane arrays of the last group Dispatch, kept for the next one with the same shape and resources: a
     * filter runs several small Dispatches per tile, and building 6 arrays of up to 4096 lanes each time would
     * cost more than some of them. Only shaders without groupshared memory share one.
     */
    private GroupContext reusable;

    /** Runs {@code shader} over {@code dispatch} with {@code resources} bound. */
    public void dispatch(ComputeShader shader, ShaderResources resources, Dispatch dispatch) {
        ShaderModel model = shader.shaderModel();
        Dispatch checked = Dispatch.of(dispatch.groupsX(), dispatch.groupsY(), dispatch.groupsZ(), model);
        NumThreads shape = shader.numThreads();
        NumThreads.of(shape.x(), shape.y(), shape.z(), model);
        GroupShared groupShared = GroupShared.allocate(model.groupSharedBytes(), shader.groupSharedWords());
        try {
            if (checked.isEmpty()) {
                return;
            }
            if (shader instanceof GroupShader group) {
                runGroups(group, resources, groupShared, checked);
            } else if (shader instanceof ThreadShader thread && thread.usesGroupSync()) {
                runCooperative(thread, resources, groupShared, checked);
            } else {
                runThreads((ThreadShader) shader, resources, groupShared, checked);
            }
        } finally {
            resources.endDispatch();
        }
    }

    /** The group loop, x fastest (spec §2.3: any deterministic order is legal; this one is imbrex's). */
    private interface GroupBody {
        void run(int gx, int gy, int gz);
    }

    private static void forEachGroup(Dispatch dispatch, GroupBody body) {
        for (int gz = 0; gz < dispatch.groupsZ(); gz++) {
            for (int gy = 0; gy < dispatch.groupsY(); gy++) {
                for (int gx = 0; gx < dispatch.groupsX(); gx++) {
                    body.run(gx, gy, gz);
                }
            }
        }
    }

    /** Groups in x-fastest order, {@code groupsPerCall} consecutive groups of a row per call. */
    private void runGroups(GroupShader shader, ShaderResources resources, GroupShared groupShared,
            Dispatch dispatch) {
        int perCall = groupsPerCall(shader);
        GroupContext context = context(shader, perCall, resources, groupShared);
        for (int gz = 0; gz < dispatch.groupsZ(); gz++) {
            for (int gy = 0; gy < dispatch.groupsY(); gy++) {
                for (int gx = 0; gx < dispatch.groupsX(); gx += perCall) {
                    context.setGroups(gx, gy, gz, Math.min(perCall, dispatch.groupsX() - gx));
                    try {
                        shader.main(context);
                    } catch (ShaderFault fault) {
                        throw fault;
                    } catch (RuntimeException failure) {
                        throw new ShaderFault(shader.name(), context.groupId(), null, failure);
                    }
                }
            }
        }
    }

    private GroupContext context(GroupShader shader, int perCall, ShaderResources resources, GroupShared groupShared) {
        if (shader.groupSharedWords().length > 0) {
            return new GroupContext(shader.numThreads(), perCall, resources, groupShared);
        }
        if (reusable == null || !reusable.fits(shader.numThreads(), perCall, resources)) {
            reusable = new GroupContext(shader.numThreads(), perCall, resources, groupShared);
        }
        return reusable;
    }

    private static int groupsPerCall(GroupShader shader) {
        int perCall = shader.groupsPerCall();
        if (perCall < 1 || perCall > ShaderModel.MAX_GROUPS_PER_DIMENSION) {
            throw new IllegalArgumentException("shader " + shader.name() + " asks for " + perCall
                    + " groups per call; 1.." + ShaderModel.MAX_GROUPS_PER_DIMENSION + " are possible");
        }
        if (perCall > 1 && shader.groupSharedWords().length > 0) {
            throw new IllegalArgumentException("shader " + shader.name() + " declares groupshared memory, which "
                    + "is per group, so it must run one group per call, not " + perCall);
        }
        return perCall;
    }

    private static void runThreads(ThreadShader shader, ShaderResources resources, GroupShared groupShared,
            Dispatch dispatch) {
        NumThreads shape = shader.numThreads();
        ThreadContext context = new ThreadContext(shape, resources, groupShared, GroupSync.UNDECLARED);
        forEachGroup(dispatch, (gx, gy, gz) -> {
            groupShared.clear();
            for (int tz = 0; tz < shape.z(); tz++) {
                for (int ty = 0; ty < shape.y(); ty++) {
                    for (int tx = 0; tx < shape.x(); tx++) {
                        context.set(gx, gy, gz, tx, ty, tz);
                        try {
                            shader.main(context);
                        } catch (RuntimeException failure) {
                            throw new ShaderFault(shader.name(), context.groupId(), context.groupThreadId(),
                                    failure);
                        }
                    }
                }
            }
        });
    }

    private static void runCooperative(ThreadShader shader, ShaderResources resources, GroupShared groupShared,
            Dispatch dispatch) {
        try (CooperativeGroup group = new CooperativeGroup(shader, resources, groupShared)) {
            forEachGroup(dispatch, group::run);
        }
    }
}
