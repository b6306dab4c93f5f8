package org.imbrex.kernels.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.kernels.dispatch.RecordingShader.Invocation;
import org.imbrex.kernels.resource.ShaderResources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link GroupShader#groupsPerCall()}: consecutive groups along x in one call, same system values, same order. */
class GroupBatchTest {

    /** Records every lane of every call, and the lane count of each call. */
    private static final class BatchRecorder implements GroupShader {
        private final NumThreads shape;
        private final int perCall;
        private final int[] sharedWords;
        final List<Invocation> seen = new ArrayList<>();
        final List<Integer> lanesPerCall = new ArrayList<>();

        BatchRecorder(NumThreads shape, int perCall, int... sharedWords) {
            this.shape = shape;
            this.perCall = perCall;
            this.sharedWords = sharedWords;
        }

        @Override
        public String name() {
            return "batch-recorder";
        }

        @Override
        public NumThreads numThreads() {
            return shape;
        }

        @Override
        public int groupsPerCall() {
            return perCall;
        }

        @Override
        public int[] groupSharedWords() {
            return sharedWords;
        }

        @Override
        public void main(GroupContext g) {
            lanesPerCall.add(g.lanes());
            assertThat(g.lanes()).isEqualTo(g.groups() * shape.count());
            for (int lane = 0; lane < g.lanes(); lane++) {
                seen.add(new Invocation(new Uint3(g.groupIdX(lane), g.groupIdY(), g.groupIdZ()),
                        new Uint3(g.groupThreadIdX()[lane], g.groupThreadIdY()[lane], g.groupThreadIdZ()[lane]),
                        new Uint3(g.dispatchThreadIdX()[lane], g.dispatchThreadIdY()[lane],
                                g.dispatchThreadIdZ()[lane]), g.groupIndex(lane)));
            }
        }
    }

    @ParameterizedTest(name = "numthreads({0},{1},{2}), {3} groups per call, Dispatch({4},{5},{6})")
    @CsvSource({"4, 2, 1, 3, 7, 2, 2", "64, 1, 1, 8, 20, 1, 1", "3, 1, 2, 2, 1, 3, 1", "2, 2, 2, 5, 5, 1, 2"})
    void batchedCalls_seeTheSameSystemValuesInTheSameOrder(int tx, int ty, int tz, int perCall, int gx, int gy,
            int gz) {
        RecordingShader oneAtATime = new RecordingShader(NumThreads.of(tx, ty, tz));
        new DeviceContext().dispatch(oneAtATime, new ShaderResources(), Dispatch.of(gx, gy, gz));
        BatchRecorder batched = new BatchRecorder(NumThreads.of(tx, ty, tz), perCall);
        new DeviceContext().dispatch(batched, new ShaderResources(), Dispatch.of(gx, gy, gz));
        assertThat(batched.seen).isEqualTo(oneAtATime.invocations);
    }

    @Test
    void rowNotAMultiple_lastCallOfEachRowIsShorter() {
        BatchRecorder batched = new BatchRecorder(NumThreads.of(64, 1, 1), 8);
        new DeviceContext().dispatch(batched, new ShaderResources(), Dispatch.of(20, 2, 1));
        assertThat(batched.lanesPerCall).containsExactly(512, 512, 256, 512, 512, 256);
    }

    @Test
    void groupsPerCall_outOfRange_isRefused() {
        assertThatThrownBy(() -> new DeviceContext().dispatch(new BatchRecorder(NumThreads.of(1, 1, 1), 0),
                new ShaderResources(), Dispatch.of(1))).hasMessageContaining("0 groups per call");
    }

    @Test
    void groupsPerCall_withGroupShared_isRefused() {
        assertThatThrownBy(() -> new DeviceContext().dispatch(new BatchRecorder(NumThreads.of(4, 1, 1), 2, 16),
                new ShaderResources(), Dispatch.of(4))).hasMessageContaining("groupshared");
    }
}
