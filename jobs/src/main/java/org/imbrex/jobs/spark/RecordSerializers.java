package org.imbrex.jobs.spark;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import org.imbrex.io.input.ByteRange;
import org.imbrex.jobs.motion.MotionPart;
import org.imbrex.jobs.motion.MotionTask;
import org.imbrex.jobs.search.Match;
import org.imbrex.jobs.search.WrittenPart;
import org.imbrex.jobs.search.WrittenRules;

/**
 * Kryo serializers for the records imbrex ships between driver and executors. Kryo 4.0.3 fails on records
 * ("can't get field offset on a record class"), so each one is written field by field.
 *
 * <p>Spark serializes these records with Kryo: {@link ByteRange}, because {@code search --partitions N}
 * shuffles the ranges to spread them over N tasks; {@link Match}, which search shuffles to its table parts;
 * {@link WrittenPart} and {@link WrittenRules}, what search part tasks return; {@link MotionTask} and {@link
 * MotionPart}, what motion parallelizes and returns. Signatures and rule texts are broadcast ({@link
 * SharedValue}) in a holder Kryo writes with Java serialization. Example: {@code
 * RecordSerializers.registerAll(kryo)} in {@link ImbrexKryoRegistrator}.
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
        kryo.register(java.util.HashMap.class); // a plain map, as the driver warm-up writes one
        kryo.register(java.util.ArrayList[].class); // search's splits: a partition's values, each a list of ranges
        kryo.register(ByteRange.class, new ByteRangeSerializer());
        kryo.register(MotionTask.class, new MotionTask.KryoSerializer());
        kryo.register(MotionPart.class, new MotionPart.KryoSerializer());
        kryo.register(MotionPart[].class);
        kryo.register(Match.class, new Match.KryoSerializer());
        kryo.register(WrittenPart.class, new WrittenPart.KryoSerializer());
        kryo.register(WrittenPart[].class);
        kryo.register(WrittenRules.class, new WrittenRules.KryoSerializer());
        kryo.register(WrittenRules[].class);
        // a job's broadcast signatures and rule texts: written once per job, so Java serialization will do
        kryo.register(SharedValue.Held.class, new JavaSerializer());
    }

    /** {@code path, start, length, fileLength}; the record's constructor checks them again on reading. */
    static final class ByteRangeSerializer extends Serializer<ByteRange> {
        ByteRangeSerializer() {
            setImmutable(true);
        }

        @Override
        public void write(Kryo kryo, Output output, ByteRange range) {
            output.writeString(range.path());
            output.writeLong(range.start(), true);
            output.writeLong(range.length(), true);
            output.writeLong(range.fileLength(), true);
        }

        @Override
        public ByteRange read(Kryo kryo, Input input, Class<ByteRange> type) {
            return new ByteRange(input.readString(), input.readLong(true), input.readLong(true),
                    input.readLong(true));
        }
    }
}
