package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.imbrex.kernels.asm.AsmShader;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every shipped shader has its three files (X.hlsl, X.asm, X.java), and both runnable forms by its name. */
class ShaderCatalogTest {

    static java.util.Set<String> names() {
        return ShaderCatalog.names();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void assembly_shippedName_interpretsTheAsmBesideTheJavaShader(String name) {
        ComputeShader java = ShaderCatalog.create(name);
        String base = java.getClass().getSimpleName();
        assertThat(java.getClass().getResource(base + ".hlsl")).as(base + ".hlsl").isNotNull();
        AsmShader asm = ShaderCatalog.assembly(name);
        assertThat(asm.name()).isEqualTo(base + ".asm");
        assertThat(asm.numThreads()).isEqualTo(java.numThreads());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void assembly_calledTwice_parsesOnceAndGivesEachCallerItsOwnRegisters(String name) {
        AsmShader first = ShaderCatalog.assembly(name);
        AsmShader second = ShaderCatalog.assembly(name);
        assertThat(second).isNotSameAs(first);
        assertThat(second.program()).isSameAs(first.program());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void create_withLaneLoops_makesTheSameShaderInThatForm(String name) {
        for (LaneLoops loops : LaneLoops.values()) {
            ComputeShader shader = ShaderCatalog.create(name, loops);
            assertThat(shader.getClass()).isEqualTo(ShaderCatalog.create(name).getClass());
            if (shader instanceof Msad4Search search) {
                assertThat(search.laneLoops()).isEqualTo(loops);
            } else if (shader instanceof Msad4BlockMatch match) {
                assertThat(match.laneLoops()).isEqualTo(loops);
            }
        }
    }

    @Test
    void names_listEveryShippedShader() {
        assertThat(ShaderCatalog.names()).containsExactly(GramFilter.NAME, Msad4BlockGather.NAME,
                Msad4BlockMatch.NAME, Msad4Gather.NAME, Msad4Search.NAME, QuadFilter.NAME, SeaBound.NAME, SeaSelect.NAME,
                SumBound.NAME);
    }

    @Test
    void assembly_unknownName_namesTheShippedShaders() {
        assertThatThrownBy(() -> ShaderCatalog.assembly("nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'nope'").hasMessageContaining("gram-filter, msad4-block-gather, msad4-block-match, msad4-gather, "
                        + "msad4-search, quad-filter, sea-bound, sea-select, sum-bound");
    }
}
