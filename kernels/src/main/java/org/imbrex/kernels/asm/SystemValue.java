package org.imbrex.kernels.asm;

/**
 * The compute shader inputs ({@code dcl_input v...}) and the HLSL system values they carry (spec §2.2).
 *
 * <pre>
 *   vThreadID                   SV_DispatchThreadID   (gx·X + tx, gy·Y + ty, gz·Z + tz)
 *   vThreadGroupID              SV_GroupID            (gx, gy, gz)
 *   vThreadIDInGroup            SV_GroupThreadID      (tx, ty, tz)
 *   vThreadIDInGroupFlattened   SV_GroupIndex         tz·X·Y + ty·X + tx
 * </pre>
 * Example: {@code SystemValue.of("vThreadIDInGroupFlattened")} is {@link #GROUP_INDEX}.
 */
public enum SystemValue {
    DISPATCH_THREAD_ID("vThreadID"),
    GROUP_ID("vThreadGroupID"),
    GROUP_THREAD_ID("vThreadIDInGroup"),
    GROUP_INDEX("vThreadIDInGroupFlattened");

    private final String register;

    SystemValue(String register) {
        this.register = register;
    }

    /** The register name as assembly spells it. */
    public String register() {
        return register;
    }

    /** The input named {@code register}, or null. */
    static SystemValue of(String register) {
        for (SystemValue value : values()) {
            if (value.register.equals(register)) {
                return value;
            }
        }
        return null;
    }
}
