package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.imbrex.io.input.ByteRange;
import org.junit.jupiter.api.Test;
import scala.reflect.ClassTag$;

class ImbrexKryoRegistratorTest {

    @Test
    void byteRange_registrationRequired_roundTripsThroughKryo() {
        SparkConf conf = new SparkConf(false);
        ImbrexSession.configure(conf);
        SerializerInstance kryo = new KryoSerializer(conf).newInstance();
        ByteRange range = new ByteRange("file:/data/a.bin", 3L << 31, 1 << 20, (3L << 31) + (5 << 20));

        ByteBuffer bytes = kryo.serialize(range, ClassTag$.MODULE$.apply(ByteRange.class));
        ByteRange back = kryo.deserialize(bytes, ClassTag$.MODULE$.apply(ByteRange.class));

        assertThat(back).isEqualTo(range);
    }
}
