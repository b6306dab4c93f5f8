package org.imbrex.jobs.spark;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.util.LongAccumulator;

/**
 * What a scan reports to the Spark UI while it runs: named accumulators for bytes scanned, tiles and
 * matches, and a job description per phase.
 *
 * <p>Accumulators are for watching progress: a retried task counts twice there. Totals that users rely on
 * (the summary) are computed from the data. Example: {@code progress.phase("scan 3 files (2.0 GiB)")}.
 */
public final class JobProgress {
    private final JavaSparkContext sc;
    private final String job;
    private final LongAccumulator bytesScanned;
    private final LongAccumulator tiles;
    private final LongAccumulator matches;

    public JobProgress(JavaSparkContext sc, String job) {
        this.sc = sc;
        this.job = job;
        this.bytesScanned = sc.sc().longAccumulator("imbrex " + job + ": bytes scanned");
        this.tiles = sc.sc().longAccumulator("imbrex " + job + ": tiles");
        this.matches = sc.sc().longAccumulator("imbrex " + job + ": matches");
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

    public LongAccumulator bytesScanned() {
        return bytesScanned;
    }

    public LongAccumulator tiles() {
        return tiles;
    }

    public LongAccumulator matches() {
        return matches;
    }
}
