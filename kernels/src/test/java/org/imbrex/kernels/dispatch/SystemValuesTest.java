package org.imbrex.kernels.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.kernels.dispatch.RecordingShader.Invocation;
import org.imbrex.kernels.resource.ShaderResources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code SV_GroupID}, {@code SV_GroupThreadID}, {@code SV_DispatchThreadID} and {@code SV_GroupIndex}
 * (spec §2.2), and the order groups and threads run in (spec §2.3: deterministic, x fastest).
 */
class SystemValuesTest {

    private static List<Invocation> run(NumThreads shape, Dispatch dispatch) {
        RecordingShader shader = new RecordingShader(shape);
        new DeviceContext().dispatch(shader, new ShaderResources(), dispatch);
        return shader.invocations;
    }

    /** The table of spec §2.2 written out: every (group, thread), groups x fastest, threads in SV_GroupIndex order. */
    private static List<Invocation> expectedTable(int tx, int ty, int tz, int gx, int gy, int gz) {
        List<Invocation> table = new ArrayList<>();
        for (int z = 0; z < gz; z++) {
            for (int y = 0; y < gy; y++) {
                for (int x = 0; x < gx; x++) {
                    for (int index = 0; index < tx * ty * tz; index++) {
                        int t0 = index % tx;
                        int t1 = (index / tx) % ty;
                        int t2 = index / (tx * ty);
                        table.add(new Invocation(new Uint3(x, y, z), new Uint3(t0, t1, t2),
                                new Uint3(x * tx + t0, y * ty + t1, z * tz + t2), index));
                    }
                }
            }
        }
        return table;
    }

    @Test
    void docsExample_numthreads10x8x3Dispatch5x3x2_matchesVector33() {
        List<Invocation> all = run(NumThreads.of(10, 8, 3), Dispatch.of(5, 3, 2));
        assertThat(all).hasSize(7200);
        assertThat(all).contains(new Invocation(new Uint3(2, 1, 0), new Uint3(7, 5, 0), new Uint3(27, 13, 0), 57));
        assertThat(all).contains(new Invocation(new Uint3(4, 2, 1), new Uint3(9, 7, 2), new Uint3(49, 23, 5), 239));
        assertThat(all).isEqualTo(expectedTable(10, 8, 3, 5, 3, 2));
    }

    @Test
    void vkd3dRegisters_numthreads3x2x1Dispatch2x3x1_matchesVector34() {
        List<Invocation> all = run(NumThreads.of(3, 2, 1), Dispatch.of(2, 3, 1));
        assertThat(all).contains(new Invocation(new Uint3(1, 2, 0), new Uint3(2, 1, 0), new Uint3(5, 5, 0), 5));
        assertThat(all).isEqualTo(expectedTable(3, 2, 1, 2, 3, 1));
    }

    @ParameterizedTest(name = "numthreads({0},{1},{2}) Dispatch({3},{4},{5})")
    @CsvSource({
        "1, 1, 1, 1, 1, 1",
        "63, 1, 1, 2, 1, 1",
        "64, 1, 1, 1, 2, 1",
        "65, 1, 1, 1, 1, 2",
        "8, 8, 1, 2, 2, 1",
        "4, 4, 4, 2, 1, 3",
        "1, 1, 64, 1, 3, 1",
        "2, 3, 5, 3, 2, 2"})
    void anyShape_threadShader_matchesTheTable(int tx, int ty, int tz, int gx, int gy, int gz) {
        assertThat(run(NumThreads.of(tx, ty, tz), Dispatch.of(gx, gy, gz))).isEqualTo(expectedTable(tx, ty, tz, gx,
                gy, gz));
    }

    @ParameterizedTest(name = "SIMT numthreads({0},{1},{2}) Dispatch({3},{4},{5})")
    @CsvSource({"4, 2, 1, 4, 1, 1", "65, 1, 1, 2, 2, 1", "4, 4, 4, 2, 1, 3", "3, 1, 2, 1, 2, 2"})
    void anyShape_groupShader_seesTheSameValuesPerLane(int tx, int ty, int tz, int gx, int gy, int gz) {
        List<Invocation> seen = new ArrayList<>();
        GroupShader shader = new GroupShader() {
            @Override
            public String name() {
                return "simt-recording";
            }

            @Override
            public NumThreads numThreads() {
                return NumThreads.of(tx, ty, tz);
            }

            @Override
            public void main(GroupContext g) {
                assertThat(g.lanes()).isEqualTo(tx * ty * tz);
                for (int lane = 0; lane < g.lanes(); lane++) {
                    seen.add(new Invocation(g.groupId(),
                            new Uint3(g.groupThreadIdX()[lane], g.groupThreadIdY()[lane], g.groupThreadIdZ()[lane]),
                            new Uint3(g.dispatchThreadIdX()[lane], g.dispatchThreadIdY()[lane],
                                    g.dispatchThreadIdZ()[lane]), g.groupIndex(lane)));
                    assertThat(new Uint3(g.groupIdX(), g.groupIdY(), g.groupIdZ())).isEqualTo(g.groupId());
                }
            }
        };
        new DeviceContext().dispatch(shader, new ShaderResources(), Dispatch.of(gx, gy, gz));
        assertThat(seen).isEqualTo(expectedTable(tx, ty, tz, gx, gy, gz));
    }

    @Test
    void groupsInYAndZ_runInXFastestOrder() {
        List<Invocation> all = run(NumThreads.of(1, 1, 1), Dispatch.of(2, 2, 2));
        assertThat(all.stream().map(Invocation::groupId).toList()).containsExactly(new Uint3(0, 0, 0),
                new Uint3(1, 0, 0), new Uint3(0, 1, 0), new Uint3(1, 1, 0), new Uint3(0, 0, 1), new Uint3(1, 0, 1),
                new Uint3(0, 1, 1), new Uint3(1, 1, 1));
    }

    @Test
    void shaderWithoutBarrier_runsOnTheCallingThread() {
        RecordingShader shader = new RecordingShader(NumThreads.of(8, 8, 1));
        new DeviceContext().dispatch(shader, new ShaderResources(), Dispatch.of(3, 1, 1));
        assertThat(shader.threads).hasSize(192).containsOnly(Thread.currentThread());
    }

    @Test
    void uint3_printsUnsigned() {
        assertThat(new Uint3(-1, 0, 5).toString()).isEqualTo("(4294967295,0,5)");
    }
}
