package org.imbrex.kernels.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.imbrex.kernels.resource.ShaderResources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code [numthreads(X, Y, Z)]} limits (spec §2.1) and {@code SV_GroupIndex} (spec §2.2). */
class NumThreadsTest {

    @ParameterizedTest(name = "numthreads({0},{1},{2}) is refused naming {3} and {4}")
    @CsvSource({
        "1025, 1,  1,  1025, 1024",
        "1,    1025, 1, 1025, 1024",
        "1,    1,  65,  65,   64",
        "0,    1,  1,   0,    1024",
        "1,    -3, 1,   -3,   1024",
        "32,   32, 2,   2048, 1024",
        "1024, 2,  1,   2048, 1024"})
    void of_cs50LimitViolated_namesValueAndLimit(int x, int y, int z, String value, String limit) {
        assertThatThrownBy(() -> NumThreads.of(x, y, z)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(value).hasMessageContaining(limit).hasMessageContaining("cs_5_0");
    }

    @Test
    void of_cs50Maxima_areAccepted() {
        assertThat(NumThreads.of(1024, 1, 1).count()).isEqualTo(1024);
        assertThat(NumThreads.of(1, 1024, 1).count()).isEqualTo(1024);
        assertThat(NumThreads.of(16, 1, 64).count()).isEqualTo(1024);
        assertThat(NumThreads.of(10, 8, 3).count()).isEqualTo(240);
    }

    @Test
    void of_cs4xLimits_are768ThreadsAndZOne() {
        assertThatThrownBy(() -> NumThreads.of(769, 1, 1, ShaderModel.CS_4_0)).hasMessageContaining("769")
                .hasMessageContaining("768");
        assertThatThrownBy(() -> NumThreads.of(1, 1, 2, ShaderModel.CS_4_1)).hasMessageContaining("cs_4_1");
        assertThatThrownBy(() -> NumThreads.of(32, 32, 1, ShaderModel.CS_4_1)).hasMessageContaining("1024")
                .hasMessageContaining("768");
        assertThat(NumThreads.of(768, 1, 1, ShaderModel.CS_4_0).count()).isEqualTo(768);
    }

    @Test
    void groupIndex_isZFastestLast() {
        NumThreads shape = NumThreads.of(4, 2, 2);
        assertThat(shape.groupIndex(0, 0, 0)).isZero();
        assertThat(shape.groupIndex(3, 1, 0)).isEqualTo(7);
        assertThat(shape.groupIndex(1, 0, 1)).isEqualTo(9);
        assertThat(NumThreads.of(10, 8, 3).groupIndex(7, 5, 0)).isEqualTo(57);
        assertThat(NumThreads.of(10, 8, 3).groupIndex(9, 7, 2)).isEqualTo(239);
        assertThat(shape.toString()).isEqualTo("numthreads(4, 2, 2)");
    }

    @Test
    void dispatch_shaderDeclaringTooManyThreads_isRefusedBeforeRunning() {
        int[] calls = {0};
        ThreadShader tooWide = new ThreadShader() {
            @Override
            public String name() {
                return "too-wide";
            }

            @Override
            public NumThreads numThreads() {
                return new NumThreads(2000, 1, 1);
            }

            @Override
            public void main(ThreadContext thread) {
                calls[0]++;
            }
        };
        assertThatThrownBy(() -> new DeviceContext().dispatch(tooWide, new ShaderResources(), Dispatch.of(1)))
                .hasMessageContaining("2000").hasMessageContaining("1024");
        assertThat(calls[0]).isZero();
    }

    @Test
    void shaderModel_ofProfile_knowsTheThreeProfiles() {
        assertThat(ShaderModel.ofProfile("cs_5_0")).isEqualTo(ShaderModel.CS_5_0);
        assertThat(ShaderModel.ofProfile("cs_4_1").maxThreadsPerGroup()).isEqualTo(768);
        assertThat(ShaderModel.CS_5_0.groupSharedBytes()).isEqualTo(32 * 1024);
        assertThatThrownBy(() -> ShaderModel.ofProfile("cs_6_0")).hasMessageContaining("cs_6_0");
    }
}
