package org.imbrex.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.SparkException;
import org.junit.jupiter.api.Test;

class FailureHandlerTest {

    @Test
    void rootMessage_failedSparkJob_isTheTaskFailureAlone() {
        IOException cause = new IOException("cannot read file:/data/a.bin bytes [0, 1048576) of 4096: Permission denied");
        SparkException job = new SparkException("Job aborted due to stage failure: Task 0 in stage 3.0 failed 1 times,"
                + " most recent failure: Lost task 0.0: java.io.UncheckedIOException: " + cause + "\n\tat org.imbrex."
                + "io.scan.TileScanner.scan(TileScanner.java:112)\n\tat ...\nDriver stacktrace:\n\tat ...",
                new UncheckedIOException(cause));

        assertThat(FailureHandler.rootMessage(job)).isEqualTo(cause.getMessage());
    }

    @Test
    void rootMessage_wrapperThatAddsContext_keepsTheWrapper() {
        UncheckedIOException failure = new UncheckedIOException("cannot commit the table to file:/out: rename failed",
                new IOException("rename failed"));

        assertThat(FailureHandler.rootMessage(failure)).isEqualTo("cannot commit the table to file:/out: rename failed");
    }

    @Test
    void rootMessage_unrelatedWrapper_givesBothOnOneLine() {
        IllegalStateException failure = new IllegalStateException("writing the table failed\nmore detail",
                new IOException("No space left on device"));

        assertThat(FailureHandler.rootMessage(failure))
                .isEqualTo("No space left on device (writing the table failed)");
    }

    @Test
    void rootMessage_noMessage_isTheExceptionType() {
        assertThat(FailureHandler.rootMessage(new NullPointerException())).isEqualTo("NullPointerException");
    }
}
