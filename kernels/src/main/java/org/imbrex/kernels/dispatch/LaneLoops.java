package org.imbrex.kernels.dispatch;

import java.util.Locale;

/**
 * How the Java shaders run their lane loops on this JVM: with the JDK's vector API, in lanes as narrow as the
 * data (sixteen bits for msad4's partial sums), or as plain loops over int arrays that HotSpot's superword
 * pass vectorizes. Both forms store the same bits; only the speed differs.
 *
 * <p>The vector API is the incubator module {@code jdk.incubator.vector}, which a JVM resolves only when it
 * is started with {@code --add-modules jdk.incubator.vector} ({@code bin/imbrex} does; spark-submit needs it
 * in {@code spark.driver.extraJavaOptions} and {@code spark.executor.extraJavaOptions}). Without it, or with
 * the system property {@code imbrex.kernels.lanes=superword}, the superword loops run.
 *
 * <pre>
 *   java --add-modules jdk.incubator.vector ...         LaneLoops.active() = VECTOR
 *   java ...                                            LaneLoops.active() = SUPERWORD
 *   java --add-modules ... -Dimbrex.kernels.lanes=superword   SUPERWORD
 *   imbrex shader … (one Dispatch, then the JVM ends)      LaneLoops.forOneDispatch() = SUPERWORD
 * </pre>
 * Example: {@code LaneLoops.active().describe()} is {@code "vector API, 512-bit registers (32 × 16-bit
 * lanes)"} on a CPU with AVX-512 when the module is present.
 */
public enum LaneLoops {
    /** {@code jdk.incubator.vector}: 16-bit lanes at the CPU's preferred register width. */
    VECTOR,
    /** Loops over int arrays for C2's superword pass (32-bit lanes). */
    SUPERWORD;

    /** The module that holds the vector API. */
    public static final String VECTOR_MODULE = "jdk.incubator.vector";
    /** The system property that chooses the form: {@code vector} (the default where possible) or {@code superword}. */
    public static final String PROPERTY = "imbrex.kernels.lanes";

    /**
     * The form this JVM's shaders use (a shader asks when it is made).
     *
     * @throws IllegalArgumentException when {@value #PROPERTY} is set to something else than the two forms
     */
    public static LaneLoops active() {
        return choose(System.getProperty(PROPERTY), vectorModulePresent());
    }

    /**
     * The form for a JVM that runs one Dispatch and ends ({@code imbrex shader}): the superword loops, unless
     * {@value #PROPERTY} asks for a form. C2 compiles the superword loops within milliseconds, while the
     * vector API runs its Java fallback, hundreds of times slower, until C2 has compiled the lane loop and
     * the API's own methods; that pays off only over more work than one Dispatch holds. One Dispatch of
     * 65,535 groups with a 64-word reference in a fresh JVM, beyond the same command with REF_SIZE 0 (2-core
     * AMD EPYC, Zen 5): superword 0.26–0.27 s, vector API 0.34–1.7 s.
     */
    public static LaneLoops forOneDispatch() {
        return forOneDispatch(System.getProperty(PROPERTY), vectorModulePresent());
    }

    /** {@link #forOneDispatch()} for a value of {@value #PROPERTY} (null: not set), with or without the module. */
    static LaneLoops forOneDispatch(String property, boolean modulePresent) {
        return property != null && !property.isBlank() ? choose(property, modulePresent) : SUPERWORD;
    }

    /** True when the boot layer resolved {@value #VECTOR_MODULE}. */
    public static boolean vectorModulePresent() {
        return ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent();
    }

    /**
     * The form for a value of {@value #PROPERTY} (null: not set) on a JVM with or without the module: the
     * vector API unless the property asks for superword loops or the module is absent.
     */
    static LaneLoops choose(String property, boolean modulePresent) {
        if (property != null && !property.isBlank()) {
            String value = property.trim().toLowerCase(Locale.ROOT);
            if (value.equals("superword")) {
                return SUPERWORD;
            }
            if (!value.equals("vector")) {
                throw new IllegalArgumentException(
                        "-D" + PROPERTY + "=" + property + ": must be vector or superword");
            }
        }
        return modulePresent ? VECTOR : SUPERWORD;
    }

    /** A line for logs and benchmark headers, e.g. {@code "superword loops (32-bit lanes; jdk.incubator.vector absent)"}. */
    public String describe() {
        if (this == VECTOR) {
            return VectorWidth.describe();
        }
        return vectorModulePresent() ? "superword loops (32-bit lanes)"
                : "superword loops (32-bit lanes; " + VECTOR_MODULE + " absent)";
    }

    /** The vector API's preferred width, in a class of its own so that only a VECTOR JVM loads the module's types. */
    private static final class VectorWidth {
        static String describe() {
            int bits = jdk.incubator.vector.ShortVector.SPECIES_PREFERRED.vectorBitSize();
            return "vector API, " + bits + "-bit registers (" + bits / 16 + " × 16-bit lanes)";
        }
    }
}
