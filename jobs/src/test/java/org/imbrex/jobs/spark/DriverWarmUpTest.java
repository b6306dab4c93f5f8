package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.SparkConf;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;

/**
 * The driver's warm-up needs no Spark session (it runs while one starts): Kryo configured as imbrex's sessions
 * are, the scope JSON and the closures, each step only while it is not stopped.
 */
class DriverWarmUpTest {
    private static final List<ArrayList<Signature>> TASK_OBJECTS = List.of(
            new ArrayList<>(List.of(Signature.ofHex("mz", "4D 5A ?? 00"))));

    @Test
    void warm_runsEveryStep() throws IOException {
        assertThat(new DriverWarmUp(TASK_OBJECTS).warm(() -> false)).isEqualTo(DriverWarmUp.STEPS);
    }

    /** The task objects come back from Spark's closure serializer equal to what went in, as a task reads them. */
    @Test
    void roundTrip_readsBackWhatItWrote() {
        SparkConf conf = new SparkConf(false);
        ImbrexSession.configure(conf);
        ArrayList<Object> objects = new ArrayList<>(TASK_OBJECTS);
        objects.add("file:/a.bin");

        assertThat(DriverWarmUp.roundTrip(conf, objects)).isEqualTo(objects).isNotSameAs(objects);
    }

    @Test
    void warm_stoppedBeforeItStarts_doesNothing() throws IOException {
        assertThat(new DriverWarmUp(TASK_OBJECTS).warm(() -> true)).isZero();
    }

    @Test
    void warm_stoppedAfterTheFirstStep_endsThere() throws IOException {
        int[] asked = {0};

        int steps = new DriverWarmUp(TASK_OBJECTS).warm(() -> asked[0]++ > 0);

        assertThat(steps).isEqualTo(1);
    }
}
