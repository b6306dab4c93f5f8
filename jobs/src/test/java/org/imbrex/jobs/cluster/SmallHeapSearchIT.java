package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A search whose every offset matches, in a JVM of 512 MiB: 6 Mi matches (about 200 MiB as rows on the heap)
 * with {@code --max-sad} alone, and with a {@code --best K} larger than that, which a task's K-best heaps
 * cannot hold. The rows stream from tile to tile, the write tasks spill their sorted runs, the scan's heaps
 * hand on what passes their bound, and the write tasks pick the K best from score counts, so both runs end
 * with every row and no OutOfMemoryError (the JVM would exit with it).
 */
class SmallHeapSearchIT {
    private static final int BYTES = 6 << 20;
    /** 80 80 80 80 against any 4 bytes scores at most 4 · 128 = 512, so every offset matches. */
    private static final int MAX_SAD = 512;
    private static final long MATCHES = BYTES - 3;

    private static Path dir;

    @BeforeAll
    static void writeInput() throws IOException {
        dir = Files.createDirectories(BuildLayout.testDir().resolve("small-heap"));
        byte[] data = new byte[BYTES];
        new Random(17).nextBytes(data);
        Files.write(dir.resolve("data.bin"), data);
        Files.writeString(dir.resolve("signatures.txt"), "mid = 80 80 80 80\n");
    }

    private static List<String> search(String out, String... more) {
        return Stream.concat(Stream.of("search", "--master", "local[2]", "--signatures",
                dir.resolve("signatures.txt").toString(), "--input", dir.resolve("data.bin").toString(), "--output",
                dir.resolve(out).toString(), "--overwrite", "--max-sad", "" + MAX_SAD, "--show", "1"),
                Stream.of(more)).toList();
    }

    @Test
    void maxSadMatchingEveryOffset_inASmallHeap_writesEveryRow() throws IOException {
        String log = LocalImbrex.runWithHeap("small-heap-max-sad", "512m",
                search("every-offset").toArray(String[]::new));

        assertThat(log).contains(MATCHES + " matches");
        assertThat(rows(dir.resolve("every-offset"))).isEqualTo(MATCHES);
    }

    @Test
    void bestKLargerThanTheMatches_inASmallHeap_keepsEveryRow() throws IOException {
        String log = LocalImbrex.runWithHeap("small-heap-best", "512m",
                search("best", "--best", "100000000").toArray(String[]::new));

        assertThat(log).contains(MATCHES + " matches");
        assertThat(rows(dir.resolve("best"))).isEqualTo(MATCHES);
    }

    /** Rows of a Parquet table, from its files' footers. */
    private static long rows(Path table) throws IOException {
        long rows = 0;
        try (Stream<Path> files = Files.list(table)) {
            for (Path part : files.filter(p -> p.getFileName().toString().endsWith(".parquet")).toList()) {
                try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(
                        new org.apache.hadoop.fs.Path(part.toUri()), new Configuration()))) {
                    rows += reader.getRecordCount();
                }
            }
        }
        return rows;
    }
}
