package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.imbrex.kernels.shaders.GramFilter;
import org.imbrex.kernels.shaders.Msad4Gather;
import org.imbrex.kernels.shaders.QuadFilter;
import org.imbrex.kernels.shaders.ShaderCatalog;
import org.imbrex.kernels.shaders.ShaderRun;
import org.imbrex.kernels.shaders.SumBound;

/**
 * The search filter's shaders write the same UAVs in both forms: {@code GramFilter.java}, {@code QuadFilter.java}, {@code
 * Msad4Gather.java} and {@code SumBound.java} (the fast paths) against their assembly run by the interpreter, on random tiles whose
 * bytes are often 0, key tables of any density per class, classes empty or equal to another, tables shorter
 * than four classes (missing words read 0), and
 * gather lists that point past the tile.
 */
class FilterShadersAsmPropertyTest {

    record Filter(int[] source, int[] keys, int groups) {
    }

    record Gather(int[] reference, int[] source, int[] at, int groups) {
    }

    @Property(tries = 40)
    void gramFilterAsm_randomTile_writesTheJavaShadersUav(@ForAll("filters") Filter filter) {
        assertThat(ShaderRun.gramFilter(ShaderCatalog.assembly(GramFilter.NAME), filter.source(), filter.keys(),
                filter.groups()))
                .isEqualTo(ShaderRun.gramFilter(new GramFilter(), filter.source(), filter.keys(), filter.groups()));
    }

    @Property(tries = 40)
    void quadFilterAsm_randomTile_writesTheJavaShadersUav(@ForAll("quadFilters") Filter filter) {
        assertThat(ShaderRun.gramFilter(ShaderCatalog.assembly(QuadFilter.NAME), filter.source(), filter.keys(),
                filter.groups()))
                .isEqualTo(ShaderRun.gramFilter(new QuadFilter(), filter.source(), filter.keys(), filter.groups()));
    }

    /** Tiles as for the gram filter; tables full (random, dense or empty) or shorter (missing words read 0). */
    @Provide
    Arbitrary<Filter> quadFilters() {
        Arbitrary<int[]> source = word().array(int[].class).ofMinSize(0).ofMaxSize(300);
        Arbitrary<int[]> keys = Arbitraries.oneOf(
                Arbitraries.integers().array(int[].class).ofSize(QuadFilter.KEY_WORDS),
                Arbitraries.integers().between(0, 1).map(bit -> -bit).array(int[].class).ofSize(QuadFilter.KEY_WORDS),
                Arbitraries.just(new int[QuadFilter.KEY_WORDS]),
                Arbitraries.integers().array(int[].class).ofMinSize(0).ofMaxSize(40),
                Arbitraries.integers().array(int[].class).ofMinSize(QuadFilter.KEY_WORDS / 2)
                        .ofMaxSize(QuadFilter.KEY_WORDS - 1));
        return Combinators.combine(source, keys, Arbitraries.integers().between(1, 6)).as(Filter::new);
    }

    @Property(tries = 40)
    void msad4GatherAsm_randomCandidates_writesTheJavaShadersUav(@ForAll("gathers") Gather gather) {
        int elements = 64 * gather.groups();
        assertThat(ShaderRun.msad4Gather(ShaderCatalog.assembly(Msad4Gather.NAME), gather.reference(),
                gather.source(), gather.at(), gather.groups(), elements))
                .isEqualTo(ShaderRun.msad4Gather(new Msad4Gather(), gather.reference(), gather.source(), gather.at(),
                        gather.groups(), elements));
    }

    record Bound(int[] prefix, int[] runs, int[] at, int groups) {
    }

    @Property(tries = 40)
    void sumBoundAsm_randomRuns_writesTheJavaShadersUav(@ForAll("bounds") Bound bound) {
        int elements = 64 * bound.groups();
        int runCount = (bound.runs().length + 2) / 3;
        assertThat(ShaderRun.sumBound(ShaderCatalog.assembly(SumBound.NAME), bound.prefix(), bound.runs(), runCount,
                bound.at(), bound.groups(), elements))
                .isEqualTo(ShaderRun.sumBound(new SumBound(), bound.prefix(), bound.runs(), runCount, bound.at(),
                        bound.groups(), elements));
    }

    @Provide
    Arbitrary<Bound> bounds() {
        Arbitrary<int[]> prefix = Arbitraries.integers().array(int[].class).ofMinSize(0).ofMaxSize(300);
        Arbitrary<int[]> runs = Arbitraries.integers().between(-2, 80).array(int[].class).ofMinSize(0).ofMaxSize(20);
        Arbitrary<int[]> at = Arbitraries.integers().between(-3, 90).array(int[].class).ofMinSize(0).ofMaxSize(150);
        return Combinators.combine(prefix, runs, at, Arbitraries.integers().between(1, 3)).as(Bound::new);
    }

    @Provide
    Arbitrary<Filter> filters() {
        Arbitrary<int[]> source = word().array(int[].class).ofMinSize(0).ofMaxSize(300);
        Arbitrary<int[]> oneClass = Arbitraries.oneOf(
                Arbitraries.integers().array(int[].class).ofSize(GramFilter.CLASS_WORDS),
                Arbitraries.integers().between(0, 1).map(bit -> -bit).array(int[].class).ofSize(GramFilter.CLASS_WORDS),
                Arbitraries.just(new int[GramFilter.CLASS_WORDS]));
        // Four classes each random, dense, empty or a copy of class 0, so that every lane loop runs; or a
        // table shorter than four classes (missing words read 0).
        Arbitrary<int[]> keys = Arbitraries.oneOf(
                Combinators.combine(oneClass, oneClass, Arbitraries.integers().between(0, 15)).as((a, b, copies) -> {
                    int[] all = new int[GramFilter.KEY_WORDS];
                    for (int k = 0; k < GramFilter.CLASSES; k++) {
                        // class 0 is a; class k is a copy of it when bit k says so, else b (class 2) or empty
                        int[] from = k == 0 || (copies >>> k & 1) != 0 ? a : k == 2 ? b : new int[GramFilter.CLASS_WORDS];
                        System.arraycopy(from, 0, all, k * GramFilter.CLASS_WORDS, GramFilter.CLASS_WORDS);
                    }
                    return all;
                }),
                Arbitraries.integers().array(int[].class).ofMinSize(0).ofMaxSize(40),
                Arbitraries.integers().array(int[].class).ofMinSize(GramFilter.CLASS_WORDS)
                        .ofMaxSize(GramFilter.KEY_WORDS - 1));
        return Combinators.combine(source, keys, Arbitraries.integers().between(1, 6)).as(Filter::new);
    }

    @Provide
    Arbitrary<Gather> gathers() {
        Arbitrary<int[]> reference = word().array(int[].class).ofMinSize(1).ofMaxSize(9);
        Arbitrary<int[]> source = word().array(int[].class).ofMinSize(0).ofMaxSize(200);
        Arbitrary<int[]> at = Arbitraries.integers().between(-3, 220).array(int[].class).ofMinSize(0).ofMaxSize(150);
        return Combinators.combine(reference, source, at, Arbitraries.integers().between(1, 3)).as(Gather::new);
    }

    /** Words with 0–3 of their bytes cleared, so zero (masked) bytes are common. */
    private static Arbitrary<Integer> word() {
        return Arbitraries.integers().between(0, 3).flatMap(zeroBytes -> Arbitraries.integers().map(w -> {
            int masked = w;
            for (int k = 0; k < zeroBytes; k++) {
                masked &= ~(0xFF << (8 * ((w >>> (2 * k)) & 3)));
            }
            return masked;
        }));
    }
}
