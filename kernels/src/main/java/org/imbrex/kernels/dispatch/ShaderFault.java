package org.imbrex.kernels.dispatch;

/**
 * A failure inside a running shader, carrying where it happened: the shader, {@code SV_GroupID} and, when
 * known, {@code SV_GroupThreadID}.
 *
 * <p>Example message: {@code shader msad4-search failed in SV_GroupID (2,0,0), SV_GroupThreadID (5,0,0):
 * index 9 out of bounds}.
 */
public final class ShaderFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Uint3 groupId;
    private final transient Uint3 groupThreadId;

    public ShaderFault(String shader, Uint3 groupId, Uint3 groupThreadId, Throwable cause) {
        super(message(shader, groupId, groupThreadId, cause), cause);
        this.groupId = groupId;
        this.groupThreadId = groupThreadId;
    }

    private static String message(String shader, Uint3 groupId, Uint3 groupThreadId, Throwable cause) {
        StringBuilder text = new StringBuilder("shader ").append(shader).append(" failed in SV_GroupID ")
                .append(groupId);
        if (groupThreadId != null) {
            text.append(", SV_GroupThreadID ").append(groupThreadId);
        }
        String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return text.append(": ").append(reason).toString();
    }

    /** {@code SV_GroupID} of the failing group. */
    public Uint3 groupId() {
        return groupId;
    }

    /** {@code SV_GroupThreadID} of the failing thread, or null when the whole group failed (SIMT). */
    public Uint3 groupThreadId() {
        return groupThreadId;
    }
}
