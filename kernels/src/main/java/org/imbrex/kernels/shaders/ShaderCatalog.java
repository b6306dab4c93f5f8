package org.imbrex.kernels.shaders;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.imbrex.kernels.asm.AsmShader;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.intrinsics.MsadOverflow;

/**
 * The shaders imbrex ships, by the name users run them with. Each is three resources of this package with
 * one base name: {@code X.hlsl} (the source), {@code X.asm} (its SM5 assembly) and the Java class {@code X}
 * (the fast path); both runnable forms take the same bindings (t#, u#, cb#) and write the same UAVs.
 *
 * <pre>
 *   name                 Java shader          assembly
 *   gram-filter          GramFilter           GramFilter.asm
 *   msad4-block-gather   Msad4BlockGather     Msad4BlockGather.asm
 *   msad4-block-match    Msad4BlockMatch      Msad4BlockMatch.asm
 *   msad4-gather         Msad4Gather          Msad4Gather.asm
 *   msad4-search         Msad4Search          Msad4Search.asm
 *   quad-filter          QuadFilter           QuadFilter.asm
 *   sea-bound            SeaBound             SeaBound.asm
 *   sea-select           SeaSelect            SeaSelect.asm
 *   sum-bound            SumBound             SumBound.asm
 * </pre>
 * Example: {@code ShaderCatalog.create("msad4-search")} is a new {@link Msad4Search} (its lane loops in
 * {@link LaneLoops#active()} form; {@code create("msad4-search", LaneLoops.SUPERWORD)} chooses them);
 * {@code ShaderCatalog.assembly("msad4-search")} interprets {@code Msad4Search.asm}.
 */
public final class ShaderCatalog {
    /**
     * A shipped shader: its Java form with the given lane loops (shaders without lane forms ignore them), and
     * the class whose simple name is the base name of its resources.
     */
    private record Entry(Function<LaneLoops, ComputeShader> java, Class<?> owner) {
        String assemblyResource() {
            return owner.getSimpleName() + ".asm";
        }
    }

    private static final Map<String, Entry> SHADERS = new TreeMap<>();
    /** Each X.asm is parsed once per JVM, on first use; callers get copies with their own registers. */
    private static final Map<String, AsmShader> PARSED = new ConcurrentHashMap<>();

    static {
        SHADERS.put(Msad4Search.NAME, new Entry(loops -> new Msad4Search(MsadOverflow.WRAP, loops),
                Msad4Search.class));
        SHADERS.put(Msad4BlockMatch.NAME, new Entry(Msad4BlockMatch::new, Msad4BlockMatch.class));
        SHADERS.put(Msad4Gather.NAME, new Entry(loops -> new Msad4Gather(), Msad4Gather.class));
        SHADERS.put(GramFilter.NAME, new Entry(loops -> new GramFilter(), GramFilter.class));
        SHADERS.put(QuadFilter.NAME, new Entry(loops -> new QuadFilter(), QuadFilter.class));
        SHADERS.put(Msad4BlockGather.NAME, new Entry(loops -> new Msad4BlockGather(), Msad4BlockGather.class));
        SHADERS.put(SeaBound.NAME, new Entry(SeaBound::new, SeaBound.class));
        SHADERS.put(SeaSelect.NAME, new Entry(SeaSelect::new, SeaSelect.class));
        SHADERS.put(SumBound.NAME, new Entry(loops -> new SumBound(), SumBound.class));
    }

    private ShaderCatalog() {
    }

    /** A new instance of the named shader's Java form, its lane loops in this JVM's {@link LaneLoops#active()} form. */
    public static ComputeShader create(String name) {
        return create(name, LaneLoops.active());
    }

    /** A new instance of the named shader's Java form with lane loops {@code loops}, where it has lane loops. */
    public static ComputeShader create(String name, LaneLoops loops) {
        return entry(name).java().apply(loops);
    }

    /**
     * A new instance of the named shader's assembly ({@code X.asm}) run by the interpreter: one per thread,
     * like the Java form.
     */
    public static AsmShader assembly(String name) {
        Entry entry = entry(name);
        return PARSED.computeIfAbsent(name, n -> AsmShader.fromResource(entry.owner(), entry.assemblyResource()))
                .copy();
    }

    /** The names of all shipped shaders, sorted. */
    public static Set<String> names() {
        return Collections.unmodifiableSet(SHADERS.keySet());
    }

    private static Entry entry(String name) {
        Entry entry = SHADERS.get(name);
        if (entry == null) {
            throw new IllegalArgumentException("no shipped shader named '" + name + "'; shipped: "
                    + String.join(", ", SHADERS.keySet()));
        }
        return entry;
    }
}
