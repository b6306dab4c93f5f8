package org.imbrex.kernels.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.imbrex.kernels.resource.ShaderResources;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GroupMemoryBarrierWithGroupSync} (spec §2.3): every thread of a group reaches it before any passes;
 * misuse is reported with the group and thread; the lane threads never outlive the Dispatch.
 */
class BarrierTest {

    private static ThreadShader shader(String name, NumThreads shape, int sharedWords, boolean sync,
            Consumer<ThreadContext> body) {
        return new ThreadShader() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public NumThreads numThreads() {
                return shape;
            }

            @Override
            public int[] groupSharedWords() {
                return new int[] {sharedWords};
            }

            @Override
            public boolean usesGroupSync() {
                return sync;
            }

            @Override
            public void main(ThreadContext thread) {
                body.accept(thread);
            }
        };
    }

    private static long laneThreadsAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("imbrex-") && t.getName().contains("-lane-")).count();
    }

    @AfterEach
    void noLaneThreadOutlivesItsDispatch() {
        assertThat(laneThreadsAlive()).isZero();
    }

    @Test
    void barrier_everyThreadArrivesBeforeAnyPasses() {
        List<Integer> seenAfterBarrier = new ArrayList<>();
        // g0[0] counts arrivals; after the barrier each thread must see the whole group counted
        ThreadShader counting = shader("arrivals", NumThreads.of(5, 3, 2), 2, true, t -> {
            int[] g0 = t.groupShared().register(0);
            g0[0]++;
            t.groupMemoryBarrierWithGroupSync();
            seenAfterBarrier.add(g0[0]);
            t.groupMemoryBarrierWithGroupSync();
            g0[1]++;
            t.groupMemoryBarrierWithGroupSync();
            seenAfterBarrier.add(g0[1]);
        });
        new DeviceContext().dispatch(counting, new ShaderResources(), Dispatch.of(2, 1, 2));
        assertThat(seenAfterBarrier).hasSize(4 * 30 * 2).containsOnly(30);
    }

    @Test
    void groupShared_startsZeroedInEveryGroup() {
        List<Integer> firstReads = new ArrayList<>();
        ThreadShader cooperative = shader("zeroed", NumThreads.of(4, 1, 1), 4, true, t -> {
            int[] g0 = t.groupShared().register(0);
            firstReads.add(g0[t.groupIndex()]);
            g0[t.groupIndex()] = 77;
            t.groupMemoryBarrierWithGroupSync();
        });
        new DeviceContext().dispatch(cooperative, new ShaderResources(), Dispatch.of(3));
        ThreadShader plain = shader("zeroed-plain", NumThreads.of(4, 1, 1), 4, false, t -> {
            int[] g0 = t.groupShared().register(0);
            firstReads.add(g0[t.groupIndex()]);
            g0[t.groupIndex()] = 77;
        });
        new DeviceContext().dispatch(plain, new ShaderResources(), Dispatch.of(3));
        assertThat(firstReads).hasSize(24).containsOnly(0);
    }

    @Test
    void groupShared_over32KB_isRefusedAtDispatch() {
        ThreadShader big = shader("big", NumThreads.of(1, 1, 1), 8193, false, t -> { });
        assertThatThrownBy(() -> new DeviceContext().dispatch(big, new ShaderResources(), Dispatch.of(1)))
                .hasMessageContaining("32772").hasMessageContaining("32768");
        ThreadShader exact = shader("exact", NumThreads.of(1, 1, 1), 8192, false,
                t -> assertThat(t.groupShared().register(0)).hasSize(8192));
        new DeviceContext().dispatch(exact, new ShaderResources(), Dispatch.of(1));
    }

    @Test
    void barrier_inDivergentFlow_isAShaderFault() {
        ThreadShader divergent = shader("divergent", NumThreads.of(4, 1, 1), 1, true, t -> {
            if (t.groupIndex() < 2) {
                t.groupMemoryBarrierWithGroupSync();
            }
        });
        assertThatThrownBy(() -> new DeviceContext().dispatch(divergent, new ShaderResources(), Dispatch.of(2)))
                .isInstanceOf(ShaderFault.class).hasMessageContaining("divergent").hasMessageContaining("2 of 4")
                .hasMessageContaining("SV_GroupID (0,0,0)");
    }

    @Test
    void barrier_unequalCounts_isAShaderFault() {
        ThreadShader uneven = shader("uneven", NumThreads.of(3, 1, 1), 1, true, t -> {
            t.groupMemoryBarrierWithGroupSync();
            if (t.groupIndex() == 1) {
                t.groupMemoryBarrierWithGroupSync();
            }
        });
        assertThatThrownBy(() -> new DeviceContext().dispatch(uneven, new ShaderResources(), Dispatch.of(1)))
                .isInstanceOf(ShaderFault.class).hasMessageContaining("1 of 3");
    }

    @Test
    void barrier_undeclared_isAShaderFaultNamingTheDeclaration() {
        ThreadShader undeclared = shader("undeclared", NumThreads.of(2, 1, 1), 1, false,
                ThreadContext::groupMemoryBarrierWithGroupSync);
        assertThatThrownBy(() -> new DeviceContext().dispatch(undeclared, new ShaderResources(), Dispatch.of(1)))
                .isInstanceOf(ShaderFault.class).hasMessageContaining("usesGroupSync");
    }

    @Test
    void cooperativeThreadFailing_namesGroupAndThreadAndStopsTheOthers() {
        ThreadShader failing = shader("failing", NumThreads.of(4, 2, 1), 1, true, t -> {
            t.groupMemoryBarrierWithGroupSync();
            if (t.groupId().x() == 1 && t.groupIndex() == 5) {
                throw new IllegalStateException("boom");
            }
            t.groupMemoryBarrierWithGroupSync();
        });
        ShaderFault fault = org.junit.jupiter.api.Assertions.assertThrows(ShaderFault.class,
                () -> new DeviceContext().dispatch(failing, new ShaderResources(), Dispatch.of(3)));
        assertThat(fault.groupId()).isEqualTo(new Uint3(1, 0, 0));
        assertThat(fault.groupThreadId()).isEqualTo(new Uint3(1, 1, 0));
        assertThat(fault).hasMessage("shader failing failed in SV_GroupID (1,0,0), SV_GroupThreadID (1,1,0): boom")
                .hasCauseInstanceOf(IllegalStateException.class);
    }

    @Test
    void plainThreadFailing_namesGroupAndThread() {
        ThreadShader failing = shader("plain-failing", NumThreads.of(2, 2, 2), 1, false, t -> {
            if (t.groupId().z() == 1 && t.groupIndex() == 6) {
                throw new ArithmeticException();
            }
        });
        assertThatThrownBy(() -> new DeviceContext().dispatch(failing, new ShaderResources(), Dispatch.of(1, 1, 2)))
                .isInstanceOf(ShaderFault.class)
                .hasMessage("shader plain-failing failed in SV_GroupID (0,0,1), SV_GroupThreadID (0,1,1): "
                        + "ArithmeticException");
    }

    @Test
    void groupShaderFailing_namesTheGroup() {
        GroupShader failing = new GroupShader() {
            @Override
            public String name() {
                return "simt-failing";
            }

            @Override
            public NumThreads numThreads() {
                return NumThreads.of(64, 1, 1);
            }

            @Override
            public void main(GroupContext group) {
                if (group.groupIdY() == 1) {
                    throw new IndexOutOfBoundsException("index 9 out of bounds");
                }
            }
        };
        ShaderFault fault = org.junit.jupiter.api.Assertions.assertThrows(ShaderFault.class,
                () -> new DeviceContext().dispatch(failing, new ShaderResources(), Dispatch.of(2, 2, 1)));
        assertThat(fault.groupId()).isEqualTo(new Uint3(0, 1, 0));
        assertThat(fault.groupThreadId()).isNull();
        assertThat(fault).hasMessageContaining("index 9 out of bounds");
    }

    @Test
    void oneThreadGroup_withBarrier_runs() {
        List<Integer> order = new ArrayList<>();
        ThreadShader single = shader("single", NumThreads.of(1, 1, 1), 1, true, t -> {
            order.add(t.groupId().x());
            t.groupMemoryBarrierWithGroupSync();
            order.add(-t.groupId().x());
        });
        new DeviceContext().dispatch(single, new ShaderResources(), Dispatch.of(3));
        assertThat(order).containsExactly(0, 0, 1, -1, 2, -2);
    }
}
