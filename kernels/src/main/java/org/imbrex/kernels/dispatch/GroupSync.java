package org.imbrex.kernels.dispatch;

/** How a thread's barrier call is served: cooperatively, or refused for shaders that did not declare it. */
interface GroupSync {

    /** Blocks the calling shader thread until the whole group has arrived. */
    void arrive(ThreadContext thread);

    /** The barrier of a shader that runs as a plain loop: calling it is a declaration error. */
    GroupSync UNDECLARED = thread -> {
        throw new IllegalStateException("GroupMemoryBarrierWithGroupSync called by a shader whose "
                + "usesGroupSync() is false; declare it so the group runs cooperatively");
    };
}
