package org.imbrex.kernels.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import org.imbrex.kernels.resource.GroupShared;
import org.imbrex.kernels.resource.ShaderResources;

/**
 * Runs the threads of a {@link ThreadShader} that uses {@code GroupMemoryBarrierWithGroupSync}: each
 * shader thread gets a Java thread, but only one runs at a time, in a fixed schedule (spec §2.3):
 *
 * <pre>
 *   round 0:  lane 0 runs to its first barrier, then lane 1, …, then lane N−1
 *   round 1:  every lane is at the barrier → lane 0 resumes to the next barrier, then lane 1, …
 *   …         until every lane has returned
 * </pre>
 * So every thread of the group reaches a barrier before any passes it, and results are deterministic. A
 * group where some lanes return while others wait at a barrier used the barrier in divergent flow
 * (undefined on hardware): that is reported as an error. The lane threads live for one Dispatch and are
 * stopped by {@link #close()}.
 */
final class CooperativeGroup implements GroupSync, AutoCloseable {
    private static final long LANE_STACK_BYTES = 512 * 1024;

    private enum LaneState { READY, AT_BARRIER, RETURNED, FAILED }

    /** Unwinds a lane thread blocked at a barrier when the Dispatch ends early. */
    private static final class Stop extends Error {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }

    private final ThreadShader shader;
    private final GroupShared groupShared;
    private final int lanes;
    private final ThreadContext[] contexts;
    private final Semaphore[] turns;
    private final LaneState[] states;
    private final Throwable[] failures;
    private final Semaphore yielded = new Semaphore(0);
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;

    CooperativeGroup(ThreadShader shader, ShaderResources resources, GroupShared groupShared) {
        this.shader = shader;
        this.groupShared = groupShared;
        this.lanes = shader.numThreads().count();
        this.contexts = new ThreadContext[lanes];
        this.turns = new Semaphore[lanes];
        this.states = new LaneState[lanes];
        this.failures = new Throwable[lanes];
        for (int lane = 0; lane < lanes; lane++) {
            contexts[lane] = new ThreadContext(shader.numThreads(), resources, groupShared, this);
            turns[lane] = new Semaphore(0);
        }
    }

    /** Runs every thread of group (gx, gy, gz) to completion. */
    void run(int gx, int gy, int gz) {
        groupShared.clear();
        NumThreads shape = shader.numThreads();
        for (int tz = 0; tz < shape.z(); tz++) {
            for (int ty = 0; ty < shape.y(); ty++) {
                for (int tx = 0; tx < shape.x(); tx++) {
                    int lane = shape.groupIndex(tx, ty, tz);
                    contexts[lane].set(gx, gy, gz, tx, ty, tz);
                    states[lane] = LaneState.READY;
                }
            }
        }
        startThreads();
        while (true) {
            for (int lane = 0; lane < lanes; lane++) {
                turns[lane].release();
                yielded.acquireUninterruptibly();
                if (states[lane] == LaneState.FAILED) {
                    ThreadContext failed = contexts[lane];
                    throw new ShaderFault(shader.name(), failed.groupId(), failed.groupThreadId(), failures[lane]);
                }
            }
            int waiting = count(LaneState.AT_BARRIER);
            if (waiting == 0) {
                return;
            }
            if (waiting != lanes) {
                throw new ShaderFault(shader.name(), contexts[0].groupId(), null, new IllegalStateException(
                        "GroupMemoryBarrierWithGroupSync in divergent flow: " + waiting + " of " + lanes
                                + " threads wait at the barrier while the others have returned"));
            }
        }
    }

    private int count(LaneState state) {
        int n = 0;
        for (LaneState s : states) {
            if (s == state) {
                n++;
            }
        }
        return n;
    }

    private void startThreads() {
        if (!threads.isEmpty()) {
            return;
        }
        for (int lane = 0; lane < lanes; lane++) {
            int id = lane;
            Thread thread = new Thread(null, () -> laneLoop(id), "imbrex-" + shader.name() + "-lane-" + lane,
                    LANE_STACK_BYTES);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    private void laneLoop(int lane) {
        while (true) {
            try {
                turns[lane].acquire();
            } catch (InterruptedException e) {
                return;
            }
            if (stopping) {
                return;
            }
            try {
                shader.main(contexts[lane]);
                states[lane] = LaneState.RETURNED;
            } catch (Stop stop) {
                return;
            } catch (Throwable failure) {
                failures[lane] = failure;
                states[lane] = LaneState.FAILED;
            }
            yielded.release();
        }
    }

    @Override
    public void arrive(ThreadContext thread) {
        int lane = thread.groupIndex();
        states[lane] = LaneState.AT_BARRIER;
        yielded.release();
        try {
            turns[lane].acquire();
        } catch (InterruptedException e) {
            throw new Stop();
        }
        if (stopping) {
            throw new Stop();
        }
    }

    @Override
    public void close() {
        stopping = true;
        for (Thread thread : threads) {
            thread.interrupt();
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
