package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.search.Match;
import org.imbrex.jobs.search.WrittenPart;
import org.junit.jupiter.api.Test;
import scala.reflect.ClassTag$;

/** What Spark ships with Kryo ({@code registrationRequired}) survives the trip: the shuffle of --partitions, the
 * matches shuffled to the table parts, and what the part tasks return. */
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

    @Test
    void match_roundTrip_isEqual() {
        SerializerInstance kryo = kryo();
        for (Match match : List.of(new Match(0, "file:/a.bin", 0, 0),
                new Match(30_000, "hdfs://nn/dümps/😀.bin", Long.MAX_VALUE, 1020))) {
            ByteBuffer bytes = kryo.serialize(match, ClassTag$.MODULE$.apply(Match.class));

            assertThat(kryo.<Match>deserialize(bytes, ClassTag$.MODULE$.apply(Match.class))).isEqualTo(match);
        }
    }

    @Test
    void writtenParts_asATaskResultArray_roundTripFieldByField() {
        SerializerInstance kryo = kryo();
        WrittenPart[] parts = {
            new WrittenPart(3, "file:/o/_temporary/attempt-7/part-00003-j-c000.csv", new int[] {1, 4},
                    new long[] {12, 1L << 40}, List.of(new Match(4, "file:/a.bin", 9, 0))),
            new WrittenPart(5, null, new int[0], new long[0], List.of())};
        ByteBuffer bytes = kryo.serialize(parts, ClassTag$.MODULE$.apply(WrittenPart[].class));

        WrittenPart[] back = kryo.deserialize(bytes, ClassTag$.MODULE$.apply(WrittenPart[].class));

        assertThat(back).hasSize(2);
        assertThat(back[0].part()).isEqualTo(3);
        assertThat(back[0].file()).isEqualTo(parts[0].file());
        assertThat(back[0].signatures()).containsExactly(1, 4);
        assertThat(back[0].rows()).containsExactly(12, 1L << 40);
        assertThat(back[0].best()).containsExactly(new Match(4, "file:/a.bin", 9, 0));
        assertThat(back[1].file()).isNull();
        assertThat(back[1].signatures()).isEmpty();
        assertThat(back[1].best()).isEmpty();
    }

    @Test
    void aSharedValuesBroadcastHolder_withSignatures_roundTripsEqual() {
        SerializerInstance kryo = kryo();
        ArrayList<Signature> signatures = new ArrayList<>(List.of(Signature.ofHex("mz", "4D 5A ?? 00"),
                Signature.ofHex("atom1", "00 00 00 01")));
        SharedValue.Held<ArrayList<Signature>> held = new SharedValue.Held<>(signatures);
        ByteBuffer bytes = kryo.serialize(held, ClassTag$.MODULE$.apply(SharedValue.Held.class));

        SharedValue.Held<ArrayList<Signature>> back = kryo.deserialize(bytes,
                ClassTag$.MODULE$.apply(SharedValue.Held.class));

        assertThat(back.value()).isEqualTo(signatures).isNotSameAs(signatures);
    }
}
