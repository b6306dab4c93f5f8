package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.SparkSession;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.Test;

/**
 * A command borrows the session a JVM already runs (a notebook's, or the one the ITs share) and leaves it
 * running when it closes.
 */
class CommandSessionIT {

    @Test
    void open_whileASessionRuns_borrowsItAndLeavesItRunning() {
        SparkSession shared = LocalSpark.session();
        assertThat(ImbrexSession.running()).isTrue();

        CommandSession command = CommandSession.open("imbrex search", "local[1]");
        boolean started = command.started();
        if (!started) {
            command.close();
        }

        assertThat(started).isFalse();
        assertThat(command.spark()).isSameAs(shared);
        assertThat(shared.sparkContext().isStopped()).isFalse();
        assertThat(ImbrexSession.running()).isTrue();
    }
}
