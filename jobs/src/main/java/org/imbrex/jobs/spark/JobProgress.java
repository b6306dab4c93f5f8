package org.imbrex.jobs.spark;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.FutureAction;
import org.apache.spark.SparkException;
import org.apache.spark.SparkJobInfo;
import org.apache.spark.SparkStageInfo;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.JavaSparkStatusTracker;
import org.apache.spark.util.LongAccumulator;

/**
 * What a job reports to the Spark UI while it runs: named accumulators (bytes scanned, tiles and matches
 * for search; frames and blocks for motion), and a job description per phase.
 *
 * <p>Accumulators are for watching progress: a retried task counts twice there. Totals that users rely on
 * (the summary) are computed from the data. An accumulator is registered when first asked for, on the
 * driver, before the tasks that add to it are built. Example: {@code progress.phase("scan 3 files (2.0
 * GiB)")}; {@code progress.counter("frames")} appears as "imbrex motion: frames".
 */
public final class JobProgress {
    private final JavaSparkContext sc;
    private final String job;
    private final Map<String, LongAccumulator> counters = new LinkedHashMap<>();

    public JobProgress(JavaSparkContext sc, String job) {
        this.sc = sc;
        this.job = job;
        sc.setJobGroup("imbrex-" + job, "imbrex " + job, true);
    }

    /** Names the next Spark job in the UI, e.g. "imbrex search: scan 3 files". */
    public void phase(String description) {
        sc.setJobDescription("imbrex " + job + ": " + description);
    }

    /**
     * Waits for a job submitted without an action (e.g. {@code SparkContext.submitMapStage}) and returns its
     * result; a failed job throws its {@link SparkException} as the cause of a {@link JobFailed}.
     */
    public static <T> T await(FutureAction<T> job) {
        try {
            return job.get();
        } catch (SparkException failure) {
            throw new JobFailed(failure);
        }
    }

    /**
     * A Spark job failed; the cause is Spark's exception, whose root cause says why. Example: a task's
     * {@code IOException: No space left on device} is the root cause of the {@code SparkException} that
     * this wraps, and {@code imbrex search: failed: No space left on device} is what the user reads.
     */
    public static final class JobFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        JobFailed(SparkException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /**
     * After a failed job: cancels what is left of the job group and waits, up to {@code timeout}, until none
     * of its tasks still runs, so that cleaning up the output cannot race a task that is still writing.
     * Returns whether every task stopped in time.
     */
    public boolean cancelAndAwaitTasks(Duration timeout) {
        sc.sc().cancelJobGroup("imbrex-" + job);
        return awaitTasks(timeout);
    }

    /**
     * Waits, up to {@code timeout}, until no task of the job group runs (after a job, Spark kills the
     * speculative copies of its tasks asynchronously); whether none runs.
     */
    public boolean awaitTasks(Duration timeout) {
        String group = "imbrex-" + job;
        long deadline = System.nanoTime() + timeout.toNanos();
        while (activeTasks(group) > 0) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private int activeTasks(String group) {
        JavaSparkStatusTracker tracker = sc.statusTracker();
        int active = 0;
        for (int jobId : tracker.getJobIdsForGroup(group)) {
            SparkJobInfo info = tracker.getJobInfo(jobId);
            if (info == null) {
                continue;
            }
            for (int stageId : info.stageIds()) {
                SparkStageInfo stage = tracker.getStageInfo(stageId);
                active += stage == null ? 0 : stage.numActiveTasks();
            }
        }
        return active;
    }

    /** Clears the job group and description, so later jobs of the same thread are not labelled as this one's. */
    public void done() {
        sc.clearJobGroup();
        sc.setJobDescription(null);
    }

    /** The accumulator named "imbrex JOB: NAME", registered on first use. */
    public LongAccumulator counter(String name) {
        return counters.computeIfAbsent(name, n -> sc.sc().longAccumulator("imbrex " + job + ": " + n));
    }

    public LongAccumulator bytesScanned() {
        return counter("bytes scanned");
    }

    public LongAccumulator tiles() {
        return counter("tiles");
    }

    public LongAccumulator matches() {
        return counter("matches");
    }
}
