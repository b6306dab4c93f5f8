package org.imbrex.kernels.asm;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.dispatch.ShaderModel;

/**
 * What a shader's {@code dcl_*} lines declare: its profile, thread group shape, registers, and the kind of
 * view each resource slot expects.
 *
 * <pre>
 *   cs_5_0                                           model CS_5_0
 *   dcl_thread_group 64, 1, 1                        numThreads (64, 1, 1)
 *   dcl_temps 6                                      r0..r5
 *   dcl_indexableTemp x0[4], 4                       x0 holds 4 registers
 *   dcl_constantBuffer cb0[1], immediateIndexed      cb0 of 1 register
 *   dcl_resource_buffer (uint,uint,uint,uint) t1     t1 typed buffer
 *   dcl_uav_structured u0, 16                        u0 structured, stride 16
 *   dcl_tgsm_structured g0, 4, 64                    g0: 64 structures of 4 bytes
 * </pre>
 * Example: for the search shader, {@code uav(0).kind()} is {@link ViewKind#TYPED_BUFFER}.
 */
public final class Declarations {

    /** The kind of view a {@code t#} or {@code u#} slot is declared as. */
    public enum ViewKind {
        TYPED_BUFFER, TEXTURE2D, RAW, STRUCTURED
    }

    /** A {@code dcl_resource_*} or {@code dcl_uav_*} line; {@code stride} is 0 unless structured. */
    public record View(ViewKind kind, int stride) {
    }

    /** A {@code dcl_tgsm_raw} ({@code stride} 4, {@code count} words) or {@code dcl_tgsm_structured} line. */
    public record Tgsm(boolean structured, int stride, int count) {
        /** Size in 32-bit words. */
        public int words() {
            return (int) ((long) stride * count / 4);
        }
    }

    ShaderModel model;
    NumThreads numThreads;
    int temps;
    final Map<Integer, Integer> indexableTemps = new TreeMap<>();
    final Map<Integer, Integer> constantBuffers = new TreeMap<>();
    final Map<Integer, View> resources = new TreeMap<>();
    final Map<Integer, View> uavs = new TreeMap<>();
    final Map<Integer, Tgsm> groupShared = new TreeMap<>();
    final Set<SystemValue> inputs = EnumSet.noneOf(SystemValue.class);

    public ShaderModel model() {
        return model;
    }

    public NumThreads numThreads() {
        return numThreads;
    }

    /** Number of {@code r#} registers. */
    public int temps() {
        return temps;
    }

    /** {@code t#} slot → declared view. */
    public Map<Integer, View> resources() {
        return Collections.unmodifiableMap(resources);
    }

    /** {@code u#} slot → declared view. */
    public Map<Integer, View> uavs() {
        return Collections.unmodifiableMap(uavs);
    }

    /** {@code g#} → declared size. */
    public Map<Integer, Tgsm> groupShared() {
        return Collections.unmodifiableMap(groupShared);
    }

    /** {@code cb#} → declared registers. */
    public Map<Integer, Integer> constantBuffers() {
        return Collections.unmodifiableMap(constantBuffers);
    }

    /** {@code x#} → registers. */
    public Map<Integer, Integer> indexableTemps() {
        return Collections.unmodifiableMap(indexableTemps);
    }

    /** The declared inputs. */
    public Set<SystemValue> inputs() {
        return Collections.unmodifiableSet(inputs);
    }
}
