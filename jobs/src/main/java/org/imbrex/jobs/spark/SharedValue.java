package org.imbrex.jobs.spark;

import java.io.Serializable;
import java.util.Objects;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * A value every task of a job reads, and none changes: the signatures of a scan, the text of the rule files.
 * Carried in a task's closure, such a value is serialized with each task and deserialized by each (3,000
 * YARA rules: 1.3 MiB, about 30 ms of a core per task, and Spark's "Broadcasting large task binary" warning);
 * {@link #broadcast} sends it once per executor instead, and in local mode a task reads the driver's own
 * object. {@link #of} keeps the value in the closure, for code that runs without Spark (tests).
 * <pre>
 *   closure  task 0 [plan 1.3 MiB] task 1 [plan 1.3 MiB] ...      each deserializes its copy
 *   shared   task 0 [handle] task 1 [handle] ... → executor's one copy of the broadcast
 * </pre>
 * Example: {@code SharedValue<ArrayList<Signature>> signatures = SharedValue.broadcast(sc, new
 * ArrayList<>(plan.signatures()));} then, in a task, {@code signatures.get()}.
 *
 * @param <T> the value's type; it must not hold accumulators (a broadcast copy does not report to its task)
 */
public final class SharedValue<T extends Serializable> implements Serializable {
    private static final long serialVersionUID = 1L;

    private final T value;
    private final Broadcast<Held<T>> broadcast;

    /**
     * What is broadcast: Spark writes a broadcast with Kryo, which writes this with Java serialization
     * ({@link RecordSerializers}), so that any serializable value can be shared without a Kryo serializer of
     * its own.
     */
    record Held<T extends Serializable>(T value) implements Serializable {
    }

    private SharedValue(T value, Broadcast<Held<T>> broadcast) {
        this.value = value;
        this.broadcast = broadcast;
    }

    /** {@code value} itself, serialized with each task that holds it. */
    public static <T extends Serializable> SharedValue<T> of(T value) {
        return new SharedValue<>(Objects.requireNonNull(value, "value"), null);
    }

    /** {@code value} broadcast by {@code sc}: a task carries only the broadcast's handle. */
    public static <T extends Serializable> SharedValue<T> broadcast(JavaSparkContext sc, T value) {
        return new SharedValue<>(null, sc.broadcast(new Held<>(Objects.requireNonNull(value, "value"))));
    }

    /** The value: on an executor, its copy of the broadcast, fetched on first use. */
    public T get() {
        return value != null ? value : broadcast.value().value();
    }
}
