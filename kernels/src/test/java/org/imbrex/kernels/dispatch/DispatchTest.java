package org.imbrex.kernels.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.testing.ArrowExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Dispatch arguments (spec §2.1, test vector 35) and what a Dispatch does with its UAVs. */
@ExtendWith(ArrowExtension.class)
class DispatchTest {

    @Test
    void of_65536Groups_isRejectedVector35() {
        assertThatThrownBy(() -> Dispatch.of(65536, 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ThreadGroupCountX = 65536").hasMessageContaining("0..65535");
        assertThatThrownBy(() -> Dispatch.of(1, 65536, 1)).hasMessageContaining("ThreadGroupCountY = 65536");
        assertThatThrownBy(() -> Dispatch.of(1, 1, 70000)).hasMessageContaining("ThreadGroupCountZ = 70000");
        assertThat(Dispatch.of(65535, 65535, 65535).groupCount()).isEqualTo(65535L * 65535 * 65535);
    }

    @Test
    void of_negativeArgument_isAHugeUintAndRejected() {
        assertThatThrownBy(() -> Dispatch.of(-1, 1, 1)).hasMessageContaining("4294967295");
    }

    @Test
    void of_cs4xZAboveOne_isRejected() {
        assertThatThrownBy(() -> Dispatch.of(1, 1, 2, ShaderModel.CS_4_0)).hasMessageContaining("ThreadGroupCountZ = 2")
                .hasMessageContaining("cs_4_0 allows 0..1");
        assertThat(Dispatch.of(65535, 65535, 1, ShaderModel.CS_4_1).groupCount()).isEqualTo(65535L * 65535);
    }

    @ParameterizedTest(name = "Dispatch({0},{1},{2}) runs nothing")
    @CsvSource({"0, 5, 5", "5, 0, 5", "5, 5, 0", "0, 0, 0"})
    void zeroArgument_runsNoThreadVector35(int x, int y, int z) {
        RecordingShader shader = new RecordingShader(NumThreads.of(4, 1, 1));
        Dispatch dispatch = Dispatch.of(x, y, z);
        assertThat(dispatch.isEmpty()).isTrue();
        new DeviceContext().dispatch(shader, new ShaderResources(), dispatch);
        assertThat(shader.invocations).isEmpty();
    }

    @Test
    void deviceContext_uncheckedRecordOverLimit_isRejected() {
        RecordingShader shader = new RecordingShader(NumThreads.of(1, 1, 1));
        assertThatThrownBy(() -> new DeviceContext().dispatch(shader, new ShaderResources(), new Dispatch(65536, 1, 1)))
                .hasMessageContaining("65536").hasMessageContaining("65535");
        assertThat(shader.invocations).isEmpty();
    }

    @Test
    void deviceContext_endOfDispatch_publishesUavValueCount(BufferAllocator allocator) {
        try (RWBuffer out = RWBuffer.allocate(DxgiFormat.R32_UINT, 8, allocator)) {
            ThreadShader doubler = new ThreadShader() {
                @Override
                public String name() {
                    return "doubler";
                }

                @Override
                public NumThreads numThreads() {
                    return NumThreads.of(4, 1, 1);
                }

                @Override
                public void main(ThreadContext t) {
                    assertThat(out.vector().getValueCount()).as("published only at the end").isZero();
                    t.resources().rwBuffer(0).storeUint(t.dispatchThreadIdX(), t.dispatchThreadIdX() * 2);
                }
            };
            new DeviceContext().dispatch(doubler, new ShaderResources().setUnorderedAccessView(0, out), Dispatch.of(3));
            assertThat(out.vector().getValueCount()).isEqualTo(8);
            int[] rgba = new int[4];
            for (int i = 0; i < 8; i++) {
                out.load(i, rgba);
                assertThat(rgba[0]).isEqualTo(2 * i);
            }
        }
    }

    @Test
    void toString_namesArguments() {
        assertThat(Dispatch.of(5, 3, 2)).hasToString("Dispatch(5, 3, 2)");
        assertThat(Dispatch.of(7).groupCount()).isEqualTo(7);
    }
}
