package org.imbrex.kernels.dispatch;

/**
 * The compute shader targets imbrex runs, with the limits each one puts on {@code numthreads} and
 * Dispatch (spec §2.1; FS §18.6.3, §18.7.2.6; D3D11 constants).
 *
 * <p>Example: {@code ShaderModel.CS_5_0.maxThreadsPerGroup()} is 1024, {@code CS_4_0}'s is 768.
 */
public enum ShaderModel {
    /** {@code cs_5_0}: X, Y ≤ 1024, Z ≤ 64, X·Y·Z ≤ 1024; Dispatch ≤ 65535 per dimension; 32 KB TGSM. */
    CS_5_0("cs_5_0", 1024, 1024, 64, 1024, 65_535, 32 * 1024),
    /** {@code cs_4_1}: X, Y ≤ 768, Z = 1 (docs), X·Y·Z ≤ 768; Dispatch Z = 1; 16 KB TGSM. */
    CS_4_1("cs_4_1", 768, 768, 1, 768, 1, 16 * 1024),
    /** {@code cs_4_0}: same limits as {@code cs_4_1}. */
    CS_4_0("cs_4_0", 768, 768, 1, 768, 1, 16 * 1024);

    /** {@code D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION}. */
    public static final int MAX_GROUPS_PER_DIMENSION = 65_535;

    private final String profile;
    private final int maxX;
    private final int maxY;
    private final int maxZ;
    private final int maxThreadsPerGroup;
    private final int maxGroupsZ;
    private final int groupSharedBytes;

    ShaderModel(String profile, int maxX, int maxY, int maxZ, int maxThreadsPerGroup, int maxGroupsZ,
            int groupSharedBytes) {
        this.profile = profile;
        this.maxX = maxX;
        this.maxY = maxY;
        this.maxZ = maxZ;
        this.maxThreadsPerGroup = maxThreadsPerGroup;
        this.maxGroupsZ = maxGroupsZ;
        this.groupSharedBytes = groupSharedBytes;
    }

    /** The profile name as HLSL and assembly spell it, e.g. {@code cs_5_0}. */
    public String profile() {
        return profile;
    }

    public int maxX() {
        return maxX;
    }

    public int maxY() {
        return maxY;
    }

    public int maxZ() {
        return maxZ;
    }

    public int maxThreadsPerGroup() {
        return maxThreadsPerGroup;
    }

    /** Largest Dispatch argument in z: 65535 for cs_5_0, 1 for cs_4_x. */
    public int maxGroupsZ() {
        return maxGroupsZ;
    }

    /** Thread-group shared memory available to all {@code g#} registers together, in bytes. */
    public int groupSharedBytes() {
        return groupSharedBytes;
    }

    /** Looks a profile up by its assembly name ({@code cs_5_0}, {@code cs_4_1}, {@code cs_4_0}). */
    public static ShaderModel ofProfile(String profile) {
        for (ShaderModel model : values()) {
            if (model.profile.equals(profile)) {
                return model;
            }
        }
        throw new IllegalArgumentException("unsupported shader profile '" + profile
                + "': imbrex runs cs_5_0, cs_4_1 and cs_4_0");
    }
}
