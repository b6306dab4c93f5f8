package org.imbrex.jobs.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A finished application's Spark event log ({@code spark.eventLog.dir}, uncompressed): one JSON event per
 * line. The fault tests read in it what happened to the tasks of a killed executor.
 *
 * <p>Example: {@code EventLog.read(dir, "app-20260101000000-0004").tasksLostWithExecutor("1", 0)}.
 */
record EventLog(List<JsonNode> events) {
    private static final ObjectMapper JSON = new ObjectMapper();

    static EventLog read(Path dir, String applicationId) {
        List<JsonNode> events = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(dir.resolve(applicationId))) {
                events.add(JSON.readTree(line));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new EventLog(events);
    }

    /** Tasks of the stage that ended because their executor was lost (they are run again elsewhere). */
    long tasksLostWithExecutor(String executorId, int stageId) {
        return events.stream()
                .filter(e -> e.path("Event").asText().equals("SparkListenerTaskEnd"))
                .filter(e -> e.path("Stage ID").asInt(-1) == stageId)
                .filter(e -> e.path("Task End Reason").path("Reason").asText().equals("ExecutorLostFailure"))
                .filter(e -> e.path("Task Info").path("Executor ID").asText().equals(executorId))
                .count();
    }

    /**
     * The value a named accumulator reached in the stage (its last completed attempt), or 0 if no task of
     * the stage added to it.
     */
    long accumulatorValue(int stageId, String name) {
        long value = 0;
        for (JsonNode event : events) {
            JsonNode stage = event.path("Stage Info");
            if (event.path("Event").asText().equals("SparkListenerStageCompleted")
                    && stage.path("Stage ID").asInt(-1) == stageId) {
                for (JsonNode accumulable : stage.path("Accumulables")) {
                    if (accumulable.path("Name").asText().equals(name)) {
                        value = Long.parseLong(accumulable.path("Value").asText());
                    }
                }
            }
        }
        return value;
    }

    boolean executorRemoved(String executorId) {
        return events.stream().anyMatch(e -> e.path("Event").asText().equals("SparkListenerExecutorRemoved")
                && e.path("Executor ID").asText().equals(executorId));
    }
}
