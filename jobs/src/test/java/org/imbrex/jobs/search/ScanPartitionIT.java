package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan task in Spark frees its Arrow memory when the task ends, whether its rows ran out, its consumer
 * stopped early (the task completion listener closes the rows), or it failed. Tasks run in this JVM
 * (local mode), so their allocators are children of one here.
 */
class ScanPartitionIT {
    private static final RootAllocator TASK_MEMORY = new RootAllocator();
    private static final AtomicInteger OPENED = new AtomicInteger();

    @TempDir
    Path dir;

    private JavaSparkContext sc;

    @BeforeEach
    void session() {
        sc = JavaSparkContext.fromSparkContext(LocalSpark.session().sparkContext());
        OPENED.set(0);
    }

    @AfterEach
    void noTaskMemoryLeft() {
        assertThat(TASK_MEMORY.getChildAllocators()).isEmpty();
        assertThat(TASK_MEMORY.getAllocatedMemory()).isZero();
    }

    private static BufferAllocator taskAllocator() {
        OPENED.incrementAndGet();
        return TASK_MEMORY.newChildAllocator("scan task", 0, Long.MAX_VALUE);
    }

    private JavaRDD<Long> offsets(List<ByteRange> ranges) {
        ScanPartition partition = new ScanPartition(List.of(Signature.ofHex("any4", "12 34 56 78")),
                HadoopConf.of(new Configuration()), Searches.options("--signatures", "s", "--input", "i",
                        "--output", "o", "--max-sad", "1020", "--tile-size", "64k"),
                new ScanPartition.Counters(sc.sc().longAccumulator(), sc.sc().longAccumulator(),
                        sc.sc().longAccumulator()),
                ScanPartitionIT::taskAllocator);
        return sc.parallelize(ranges, 1).mapPartitions(partition).map(Match::offset);
    }

    private ByteRange randomFile(int length) throws IOException {
        byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        Path file = Files.write(dir.resolve("noise-" + length + ".bin"), bytes);
        return ByteRange.wholeFile(SearchCorpus.qualified(file), length);
    }

    @Test
    void scanTask_consumerTakesFiveRows_completionListenerFreesTheMemory() throws IOException {
        ByteRange range = randomFile(2 << 20);

        List<Long> first = offsets(List.of(range)).take(5);

        assertThat(first).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(OPENED).hasValue(1);
    }

    @Test
    void scanTask_allRows_freeTheMemoryWhenTheyRunOut() throws IOException {
        ByteRange range = randomFile(300_000);

        assertThat(offsets(List.of(range)).count()).isEqualTo(300_000 - 3);
        assertThat(OPENED).hasValue(1);
    }

    @Test
    void scanTask_fileGoneBeforeTheTaskReadsIt_failsAndFreesTheMemory() throws IOException {
        ByteRange range = randomFile(100_000);
        ByteRange gone = ByteRange.wholeFile(SearchCorpus.qualified(dir.resolve("gone.bin")), 100);

        assertThatThrownBy(() -> offsets(List.of(range, gone)).count()).isInstanceOf(SparkException.class)
                .hasMessageContaining("gone.bin");
        assertThat(OPENED).hasValueGreaterThanOrEqualTo(1);
    }
}
