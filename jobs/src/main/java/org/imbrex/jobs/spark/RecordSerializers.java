package org.imbrex.jobs.spark;

import com.esotericsoftware.kryo.Kryo;
import org.imbrex.jobs.motion.MotionTask;

/**
 * Kryo serializers for the records imbrex ships between driver and executors (signature sets, byte
 * ranges, candidate matches, motion tasks). Kryo 4.0.3 fails on records ("can't get field offset on a
 * record class"), so each one is written field by field.
 *
 * <p>Example: {@code RecordSerializers.registerAll(kryo)} in {@link ImbrexKryoRegistrator}.
 */
final class RecordSerializers {
    private RecordSerializers() {
    }

    static void registerAll(Kryo kryo) {
        kryo.register(byte[].class);
        kryo.register(int[].class);
        kryo.register(long[].class);
        kryo.register(boolean[].class);
        kryo.register(String[].class);
        kryo.register(Object[].class);
        kryo.register(java.util.ArrayList.class);
        kryo.register(MotionTask.class, new MotionTask.KryoSerializer());
    }
}
