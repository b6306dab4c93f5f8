package org.imbrex.jobs.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A running driver's monitoring REST API ({@code http://127.0.0.1:UI_PORT/api/v1/...}), read to see
 * which stage runs and which executor holds a running task. Every call answers empty while the driver is
 * not (yet) serving.
 *
 * <p>Example: {@code new DriverRestApi(4040).applicationId().map(api::stages)}.
 */
final class DriverRestApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final int port;

    DriverRestApi(int port) {
        this.port = port;
    }

    /**
     * A stage the driver has submitted ({@code status} ACTIVE, PENDING, COMPLETE, FAILED or SKIPPED): how
     * many tasks it has, runs and has finished; {@code description} is the job description it runs under
     * ({@code "imbrex motion: search 2 files in 14 tasks (B=16, R=4) and write the parquet table"}), or empty.
     */
    record Stage(int stageId, String status, String name, String description, int numTasks, int numActiveTasks,
            int numCompleteTasks) {

        boolean active() {
            return status.equals("ACTIVE");
        }
    }

    /** An executor (not the driver) and the tasks it is running now. */
    record Executor(String id, int activeTasks) {
    }

    Optional<String> applicationId() {
        return get("applications").filter(a -> a.size() > 0).map(a -> a.get(0).get("id").asText());
    }

    /** Every stage submitted so far, whatever its status. */
    List<Stage> stages(String applicationId) {
        List<Stage> stages = new ArrayList<>();
        get("applications/" + applicationId + "/stages").ifPresent(array -> array.forEach(s ->
                stages.add(new Stage(s.get("stageId").asInt(), s.get("status").asText(), s.get("name").asText(),
                        s.path("description").asText(""), s.get("numTasks").asInt(), s.get("numActiveTasks").asInt(),
                        s.get("numCompleteTasks").asInt()))));
        return stages;
    }

    List<Executor> executors(String applicationId) {
        List<Executor> executors = new ArrayList<>();
        get("applications/" + applicationId + "/executors").ifPresent(array -> array.forEach(e -> {
            if (!e.get("id").asText().equals("driver")) {
                executors.add(new Executor(e.get("id").asText(), e.get("activeTasks").asInt()));
            }
        }));
        return executors;
    }

    private Optional<JsonNode> get(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/" + path))
                .timeout(Duration.ofSeconds(5)).build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(JSON.readTree(response.body())) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
