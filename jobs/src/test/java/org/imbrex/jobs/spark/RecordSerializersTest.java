package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.imbrex.io.input.ByteRange;
import org.junit.jupiter.api.Test;
import scala.reflect.ClassTag$;

/** What Spark ships with Kryo ({@code registrationRequired}) survives the trip: the shuffle of --partitions. */
class RecordSerializersTest {

    private static SerializerInstance kryo() {
        SparkConf conf = new SparkConf(false);
        ImbrexSession.configure(conf);
        return new KryoSerializer(conf).newInstance();
    }

    @Test
    void byteRange_roundTrip_isEqual() {
        SerializerInstance kryo = kryo();
        for (ByteRange range : List.of(new ByteRange("hdfs://nn:8020/data/a b.bin", 1L << 33, 134_217_728,
                (1L << 34) + 5), ByteRange.wholeFile("file:/tmp/empty.bin", 0))) {
            ByteBuffer bytes = kryo.serialize(range, ClassTag$.MODULE$.apply(ByteRange.class));

            Object back = kryo.deserialize(bytes, ClassTag$.MODULE$.apply(ByteRange.class));

            assertThat(back).isEqualTo(range);
        }
    }
}
