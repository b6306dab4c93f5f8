package org.imbrex.kernels.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Which lane loops a JVM runs: the vector API where its module is resolved, unless the property says otherwise. */
class LaneLoopsTest {

    @Test
    void choose_vectorWhereTheModuleIs() {
        assertThat(LaneLoops.choose(null, true)).isEqualTo(LaneLoops.VECTOR);
        assertThat(LaneLoops.choose(" Vector ", true)).isEqualTo(LaneLoops.VECTOR);
        assertThat(LaneLoops.choose("", true)).isEqualTo(LaneLoops.VECTOR);
        assertThat(LaneLoops.choose(null, false)).isEqualTo(LaneLoops.SUPERWORD);
        assertThat(LaneLoops.choose("vector", false)).as("no module: nothing to run it with")
                .isEqualTo(LaneLoops.SUPERWORD);
        assertThat(LaneLoops.choose("superword", true)).isEqualTo(LaneLoops.SUPERWORD);
    }

    @Test
    void forOneDispatch_superwordUnlessThePropertyAsks() {
        assertThat(LaneLoops.forOneDispatch(null, true)).isEqualTo(LaneLoops.SUPERWORD);
        assertThat(LaneLoops.forOneDispatch(" ", true)).isEqualTo(LaneLoops.SUPERWORD);
        assertThat(LaneLoops.forOneDispatch("vector", true)).isEqualTo(LaneLoops.VECTOR);
        assertThat(LaneLoops.forOneDispatch("vector", false)).isEqualTo(LaneLoops.SUPERWORD);
        assertThat(LaneLoops.forOneDispatch("superword", true)).isEqualTo(LaneLoops.SUPERWORD);
        assertThatThrownBy(() -> LaneLoops.forOneDispatch("avx512", true))
                .hasMessage("-Dimbrex.kernels.lanes=avx512: must be vector or superword");
    }

    @Test
    void choose_refusesOtherValues_namingTheProperty() {
        assertThatThrownBy(() -> LaneLoops.choose("avx512", true)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dimbrex.kernels.lanes=avx512: must be vector or superword");
    }

    /** The build's test JVMs get {@code --add-modules jdk.incubator.vector} (the parent POM's spark.jvm.flags). */
    @Test
    void testJvm_runsTheVectorForm() {
        assertThat(LaneLoops.vectorModulePresent()).isTrue();
        assertThat(LaneLoops.active()).isEqualTo(LaneLoops.VECTOR);
        assertThat(LaneLoops.VECTOR.describe()).matches("vector API, \\d+-bit registers \\(\\d+ × 16-bit lanes\\)");
    }
}
