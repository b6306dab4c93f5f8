package org.imbrex.jobs.spark;

import java.io.Serializable;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;

/**
 * A value every task of a job reads, and none changes: the signatures of a scan, the text of the rule files,
 * the Hadoop configuration. Carried in a task's closure, such a value is serialized with each task and
 * deserialized by each (3,000 YARA rules: 1.3 MiB, about 30 ms of a core per task, and Spark's "Broadcasting
 * large task binary" warning); {@link #broadcast} sends it once per executor instead. In local mode, where the
 * tasks run in the driver's JVM, it is not broadcast at all: a task reads the driver's own object through this
 * JVM's table of shared values, which holds it as long as the driver does (a broadcast would serialize and
 * compress it all the same, 40-70 ms of the driver's time between the session being up and the first task).
 * {@link #of} keeps the value in the closure, for code that runs without Spark (tests).
 * <pre>
 *   closure      task 0 [plan 1.3 MiB] task 1 [plan 1.3 MiB] ...      each deserializes its copy
 *   broadcast    task 0 [handle] task 1 [handle] ... → the executor's one copy of the broadcast
 *   local        task 0 [id] task 1 [id] ...         → the driver's object (a weak entry of the JVM's table)
 * </pre>
 * Example: {@code SharedValue<ArrayList<Signature>> signatures = SharedValue.broadcast(sc, new
 * ArrayList<>(plan.signatures()));} then, in a task, {@code signatures.get()}.
 *
 * @param <T> the value's type; it must not hold accumulators (a broadcast copy does not report to its task)
 */
public final class SharedValue<T extends Serializable> implements Serializable {
    private static final long serialVersionUID = 2L;

    /** The local values of this JVM by id, weakly: an entry lasts while the driver's SharedValue does. */
    private static final Map<Long, WeakReference<Serializable>> LOCAL = new ConcurrentHashMap<>();
    private static final AtomicLong LOCAL_IDS = new AtomicLong();

    private final T value;
    private final Broadcast<Held<T>> broadcast;
    private final long localId;
    /** The driver's hold on a local value; a task's copy has none and looks the value up by {@code localId}. */
    private final transient T local;

    /**
     * What is broadcast: Spark writes a broadcast with Kryo, which writes this with Java serialization
     * ({@link RecordSerializers}), so that any serializable value can be shared without a Kryo serializer of
     * its own.
     */
    record Held<T extends Serializable>(T value) implements Serializable {
    }

    private SharedValue(T value, Broadcast<Held<T>> broadcast, long localId, T local) {
        this.value = value;
        this.broadcast = broadcast;
        this.localId = localId;
        this.local = local;
    }

    /** {@code value} itself, serialized with each task that holds it. */
    public static <T extends Serializable> SharedValue<T> of(T value) {
        return new SharedValue<>(Objects.requireNonNull(value, "value"), null, 0, null);
    }

    /**
     * {@code value} shared by the tasks of {@code sc}: a task carries only a handle, of a broadcast, or in local
     * mode of the driver's object.
     */
    public static <T extends Serializable> SharedValue<T> broadcast(JavaSparkContext sc, T value) {
        Objects.requireNonNull(value, "value");
        return sc.isLocal() ? local(value) : new SharedValue<>(null, sc.broadcast(new Held<>(value)), 0, null);
    }

    /** {@code value} for tasks that run in this JVM: they read this very object. */
    static <T extends Serializable> SharedValue<T> local(T value) {
        LOCAL.values().removeIf(entry -> entry.get() == null);
        long id = LOCAL_IDS.incrementAndGet();
        LOCAL.put(id, new WeakReference<>(value));
        return new SharedValue<>(null, null, id, value);
    }

    /** The value: on an executor, its copy of the broadcast, fetched on first use. */
    @SuppressWarnings("unchecked")
    public T get() {
        if (value != null) {
            return value;
        }
        if (broadcast != null) {
            return broadcast.value().value();
        }
        if (local != null) {
            return local;
        }
        WeakReference<Serializable> entry = LOCAL.get(localId);
        Serializable held = entry == null ? null : entry.get();
        if (held == null) {
            throw new IllegalStateException("shared value " + localId + " is not held in this JVM: a local "
                    + "session's task outlived its job, or ran in another JVM");
        }
        return (T) held;
    }
}
