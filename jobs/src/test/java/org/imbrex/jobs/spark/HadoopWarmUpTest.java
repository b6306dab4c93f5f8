package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hadoop's warm-up starts for the commands that run a job only, and runs without a Spark session.
 */
class HadoopWarmUpTest {

    @ParameterizedTest
    @ValueSource(strings = {"search --signatures s.txt --input in --output out", "motion --input a.y4m --output o",
        "demo"})
    void runsJob_jobCommands_warmUp(String command) {
        assertThat(HadoopWarmUp.runsJob(command.split(" "))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"search --help", "motion -h", "demo --version", "shader msad4-search 1", "help search",
        "--version", ""})
    void runsJob_helpVersionAndOtherCommands_doNot(String command) {
        assertThat(HadoopWarmUp.runsJob(command.isEmpty() ? new String[0] : command.split(" "))).isFalse();
    }

    @Test
    void run_setsUpTheUserAndTheFileSystemClasses() throws Exception {
        assertThatCode(() -> new HadoopWarmUp().run(() -> false)).doesNotThrowAnyException();

        Configuration conf = new Configuration();
        assertThat(FileSystem.getFileSystemClass("file", conf)).isEqualTo(LocalFileSystem.class);
    }
}
