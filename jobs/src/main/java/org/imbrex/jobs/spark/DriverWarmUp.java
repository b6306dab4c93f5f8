package org.imbrex.jobs.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.io.CompressionCodec;
import org.apache.spark.io.CompressionCodec$;
import org.apache.spark.rdd.RDDOperationScope;
import org.apache.spark.serializer.JavaSerializer;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.util.SizeEstimator;
import org.apache.spark.util.SparkClosureCleaner$;
import scala.Option;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * The driver's first uses of Spark's own machinery, run while the session starts ({@link StartupWarmUp}):
 * each costs tens of milliseconds once per JVM (class loading, static set-up, cold code) and otherwise falls
 * on the job's critical path between the session being up and its first task.
 * <pre>
 *   Kryo            the first Kryo instance registers Spark's classes and imbrex's
 *   broadcast       what the broadcast of a stage's task binary does first: its size estimated
 *                   (SizeEstimator), written by Kryo through the compression codec (lz4's native library
 *                   loaded); tens of milliseconds of the driver's first broadcast otherwise, between the
 *                   session being up and the first task
 *   scope JSON      RDD operations record their scope as JSON through Jackson's Scala module
 *   closures        the closure cleaner's class reading, and Java serialization of the job's task objects,
 *                   written and read back (an executor reads each task that way)
 * </pre>
 * Unlike the scan's warm-up it is not stopped when the session is up (its steps are short, and each would
 * otherwise be the job's); nothing it makes is kept. On the AMD EPYC of the benchmarks it takes a 400 MiB search
 * of 100 signatures from about 0.37 s to 0.3 s between the session being up and the first task. Example:
 * {@code StartupWarmUp.startFor(master, "driver", new DriverWarmUp(List.of(signatures, options)))}.
 */
public final class DriverWarmUp implements StartupWarmUp.Work {
    /** Kryo, the broadcast's writing, the scope JSON, the closures. */
    static final int STEPS = 4;

    private final List<? extends Serializable> taskObjects;

    /** {@code taskObjects}: what the job's tasks will carry, serialized here once to warm their descriptors. */
    public DriverWarmUp(List<? extends Serializable> taskObjects) {
        this.taskObjects = List.copyOf(taskObjects);
    }

    @Override
    public void run(BooleanSupplier stopped) throws IOException {
        warm(stopped);
    }

    /** Runs the steps in order until {@code stopped}; the number of steps done (of {@link #STEPS}). */
    int warm(BooleanSupplier stopped) throws IOException {
        if (stopped.getAsBoolean()) {
            return 0;
        }
        SparkConf conf = new SparkConf(false);
        ImbrexSession.configure(conf);
        SerializerInstance kryo = new KryoSerializer(conf).newInstance();
        HashMap<String, String> entries = new HashMap<>();
        entries.put("fs.defaultFS", "file:///");
        kryo.deserialize(kryo.serialize(entries, ClassTag$.MODULE$.apply(HashMap.class)),
                ClassTag$.MODULE$.apply(HashMap.class));
        if (stopped.getAsBoolean()) {
            return 1;
        }
        warmBroadcast(conf, kryo);
        if (stopped.getAsBoolean()) {
            return 2;
        }
        RDDOperationScope.fromJson(new RDDOperationScope("warm-up", Option.empty(), "0").toJson());
        if (stopped.getAsBoolean()) {
            return 3;
        }
        Function<String, Integer> closure = String::length;
        SparkClosureCleaner$.MODULE$.clean(closure, false, true);
        ArrayList<Object> objects = new ArrayList<>(taskObjects);
        objects.add(closure);
        roundTrip(conf, objects);
        return STEPS;
    }

    /**
     * {@code objects} written by Spark's closure serializer and read back, as the driver writes a task and an
     * executor reads it: the first tasks of a job otherwise spend 40 ms each reading theirs cold (Java
     * serialization's class descriptors, a lambda's method handles).
     */
    static Object roundTrip(SparkConf conf, Object objects) {
        SerializerInstance java = new JavaSerializer(conf).newInstance();
        ClassTag<Object> tag = ClassTag$.MODULE$.AnyRef();
        return java.deserialize(java.serialize(objects, tag), tag);
    }

    /**
     * Writes the task objects as the broadcast of a stage's task binary does: Java-serialized into bytes (the
     * closure serializer), their size estimated, written by Kryo through the compression codec. (A local
     * session's shared values are not broadcast at all: {@link SharedValue}.)
     */
    private void warmBroadcast(SparkConf conf, SerializerInstance kryo) throws IOException {
        ByteArrayOutputStream binary = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(binary)) {
            for (Serializable object : taskObjects) {
                out.writeObject(object);
            }
        }
        byte[] bytes = binary.toByteArray();
        SizeEstimator.estimate(bytes);
        CompressionCodec codec = CompressionCodec$.MODULE$.createCodec(conf);
        try (SerializationStream out = kryo.serializeStream(codec.compressedOutputStream(
                OutputStream.nullOutputStream()))) {
            out.writeObject(bytes, ClassTag$.MODULE$.apply(byte[].class));
        }
    }
}
