package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.testing.Msad4Case;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every {@code conformance/msad4/*.case} (results of a real D3D11 runtime) through the Java shader, bit for bit. */
class Msad4ConformanceTest {

    static List<String> cases() {
        return Msad4Case.names();
    }

    @Test
    void cases_areAllFound() {
        assertThat(cases()).hasSize(5).contains("msad4-docs-example", "msad4-seed11-3");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void javaShader_conformanceCase_isBitExact(String name) {
        Msad4Case c = Msad4Case.load(name);
        int[] out = Msad4SearchRun.run(new Msad4Search(), c.refSize(), c.reference(), c.source(), c.uavElements(),
                Dispatch.of(c.groupsX(), c.groupsY(), c.groupsZ()));
        assertThat(out).containsExactly(c.expected());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void directSadOracle_conformanceCase_agreesWithTheRuntime(String name) {
        Msad4Case c = Msad4Case.load(name);
        int threads = c.groupsX() * Msad4Search.LANES;
        assertThat(Msad4SearchTest.directSad(c.refSize(), c.reference(), c.source(), threads, c.uavElements()))
                .containsExactly(c.expected());
    }
}
