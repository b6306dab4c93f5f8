package org.imbrex.jobs.testing;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.sql.SparkSession;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What the Spark UI shows about the jobs that ran while it listened: each job's group and description,
 * the tasks of each stage, and the final values of named accumulators.
 *
 * <pre>{@code
 * try (JobEvents events = JobEvents.listen(spark)) {
 *     ...run a search...
 *     events.awaitEvents();
 *     events.descriptions();   // ["imbrex search: scan 3 files ...", "imbrex search: write ...", ...]
 * }
 * }</pre>
 */
public final class JobEvents extends SparkListener implements AutoCloseable {
    /** What one job looked like. */
    public record Job(int id, String group, String description, List<Integer> stageIds) {
    }

    private final SparkSession spark;
    private final List<Job> jobs = new ArrayList<>();
    private final Map<Integer, Integer> tasksPerStage = new ConcurrentHashMap<>();
    private final Map<String, Long> accumulators = new ConcurrentHashMap<>();

    private JobEvents(SparkSession spark) {
        this.spark = spark;
    }

    public static JobEvents listen(SparkSession spark) {
        JobEvents events = new JobEvents(spark);
        spark.sparkContext().addSparkListener(events);
        return events;
    }

    @Override
    public synchronized void onJobStart(SparkListenerJobStart start) {
        List<Integer> stages = new ArrayList<>();
        CollectionConverters.asJava(start.stageIds()).forEach(id -> stages.add((Integer) id));
        jobs.add(new Job(start.jobId(), start.properties().getProperty("spark.jobGroup.id"),
                start.properties().getProperty("spark.job.description"), stages));
    }

    @Override
    public void onStageCompleted(SparkListenerStageCompleted completed) {
        tasksPerStage.put(completed.stageInfo().stageId(), completed.stageInfo().numTasks());
        for (AccumulableInfo info : CollectionConverters.asJava(completed.stageInfo().accumulables()).values()) {
            if (info.name().isDefined() && info.value().isDefined() && info.value().get() instanceof Long value) {
                accumulators.merge(info.name().get(), value, Math::max);
            }
        }
    }

    /** Waits until the events of every job that ran so far have arrived. */
    public void awaitEvents() throws TimeoutException {
        // Spark's own suites wait so; the bus is internal to Spark but public to Java.
        spark.sparkContext().listenerBus().waitUntilEmpty(30_000);
    }

    public synchronized List<Job> jobs() {
        return List.copyOf(jobs);
    }

    /** Tasks of the first stage of the first job whose description starts with {@code prefix}. */
    public synchronized int firstStageTasks(String prefix) {
        return stageTasks(prefix).get(0);
    }

    /**
     * Tasks of each stage of the first job whose description starts with {@code prefix}, in stage order; -1
     * for a stage that did not run (Spark skips a stage whose shuffle output exists).
     */
    public synchronized List<Integer> stageTasks(String prefix) {
        Job job = jobs.stream().filter(j -> j.description() != null && j.description().startsWith(prefix))
                .findFirst().orElseThrow(() -> new IllegalStateException("no job '" + prefix + "…' in " + jobs));
        return job.stageIds().stream().sorted().map(id -> tasksPerStage.getOrDefault(id, -1)).toList();
    }

    /** The final value of each named accumulator that a completed stage reported. */
    public Map<String, Long> accumulators() {
        return new HashMap<>(accumulators);
    }

    @Override
    public void close() {
        spark.sparkContext().removeSparkListener(this);
    }
}
