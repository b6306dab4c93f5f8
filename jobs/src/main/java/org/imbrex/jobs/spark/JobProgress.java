package org.imbrex.jobs.spark;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
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
