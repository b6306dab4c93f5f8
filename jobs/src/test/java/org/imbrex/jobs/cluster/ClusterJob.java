package org.imbrex.jobs.cluster;

import java.util.function.Supplier;

/**
 * The jobs the cluster suite runs: every cluster test runs once per constant ({@code @EnumSource}). A
 * job's case is prepared on first use and kept for the test JVM: its input is written once and its local
 * reference runs once, however many tests use it.
 *
 * <p>A job joins the suite with a constant here and its {@link JobCase}: input, command line per
 * partitioning, table schema, reference run. Example: {@code JobCase search = ClusterJob.SEARCH.prepared();}
 */
enum ClusterJob {
    SEARCH(SearchCase::prepare),
    MOTION(MotionCase::prepare);

    private final Supplier<JobCase> prepare;
    private JobCase prepared;
    private Throwable failure;

    ClusterJob(Supplier<JobCase> prepare) {
        this.prepare = prepare;
    }

    /** The prepared case; if preparing it failed, every test of this job fails with that cause (no retry). */
    synchronized JobCase prepared() {
        if (prepared == null && failure == null) {
            try {
                prepared = prepare.get();
            } catch (RuntimeException | AssertionError e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw new AssertionError("preparing the " + this + " case failed", failure);
        }
        return prepared;
    }
}
