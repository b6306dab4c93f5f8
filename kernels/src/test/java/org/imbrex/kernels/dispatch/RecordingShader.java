package org.imbrex.kernels.dispatch;

import java.util.ArrayList;
import java.util.List;

/** A test shader that records the system values of every thread it runs, in run order. */
final class RecordingShader implements ThreadShader {

    /** One invocation: SV_GroupID, SV_GroupThreadID, SV_DispatchThreadID, SV_GroupIndex. */
    record Invocation(Uint3 groupId, Uint3 groupThreadId, Uint3 dispatchThreadId, int groupIndex) {
    }

    private final NumThreads numThreads;
    final List<Invocation> invocations = new ArrayList<>();
    final List<Thread> threads = new ArrayList<>();

    RecordingShader(NumThreads numThreads) {
        this.numThreads = numThreads;
    }

    @Override
    public String name() {
        return "recording";
    }

    @Override
    public NumThreads numThreads() {
        return numThreads;
    }

    @Override
    public void main(ThreadContext thread) {
        invocations.add(new Invocation(thread.groupId(), thread.groupThreadId(), thread.dispatchThreadId(),
                thread.groupIndex()));
        threads.add(Thread.currentThread());
        if (thread.dispatchThreadIdX() != thread.dispatchThreadId().x()) {
            throw new AssertionError("dispatchThreadIdX disagrees with dispatchThreadId().x");
        }
    }
}
