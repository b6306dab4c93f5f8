package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.imbrex.jobs.testing.JobEvents;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sparse file over 2 GiB searched whole, through the job: matches planted just before, across and just
 * after 2^31 (also a split boundary, with 1 GiB splits) and at the very end are found, and nothing else.
 * <pre>
 *   0            2^30                     2^31                     2^31 + 128 MiB + 5
 *   |--- split 0 ---|------- split 1 -------|------ split 2 ------|
 *               ^                    ^ ^ ^    ^                  ^ the last offset a window fits at
 * </pre>
 * The zeros between the copies score 0xDE + 0xAD + 0xBE + 0xEF against the signature, so they never match.
 */
class LargeFileSearchIT {
    private static final long TWO_GIB = 1L << 31;
    private static final long LENGTH = TWO_GIB + (128L << 20) + 5;
    private static final byte[] COPY = {(byte) 0xDE, (byte) 0xAD, 0x17, (byte) 0xBE, (byte) 0xEF};

    @Test
    void search_sparseFileOver2GiB_findsExactlyThePlantedCopies(@TempDir Path dir) throws Exception {
        Path signatures = Files.writeString(dir.resolve("dead.txt"), "dead-beef = DE AD ?? BE EF\n");
        Path file = dir.resolve("sparse.bin");
        // Across the first split boundary; ending at, starting at and just after 2^31; across the tile
        // boundary 8 MiB past 2^31; and at the last offset where the window fits.
        long[] planted = {(1L << 30) - 2, TWO_GIB - 5, TWO_GIB, TWO_GIB + 7, TWO_GIB + (8 << 20) - 2, LENGTH - 5};
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(LENGTH);
            for (long at : planted) {
                sparse.seek(at);
                sparse.write(COPY);
            }
        }

        LocalSpark.session();
        SearchSummary summary;
        int scanTasks;
        try (JobEvents events = JobEvents.listen(LocalSpark.session())) {
            long started = System.nanoTime();
            summary = Searches.run("--signatures", signatures.toString(), "--input", file.toString(), "--output",
                    dir.resolve("out").toString(), "--tile-size", "8m", "--split-size", "1g");
            System.out.printf("sparse %d-byte file searched in %.1f s%n", LENGTH, (System.nanoTime() - started) / 1e9);
            events.awaitEvents();
            scanTasks = events.firstStageTasks("imbrex search: scan");
        }

        String path = SearchCorpus.qualified(file);
        assertThat(summary.bytes()).isEqualTo(LENGTH);
        assertThat(scanTasks).as("one task per 1 GiB split, whatever the file system's block size").isEqualTo(3);
        assertThat(Searches.read(summary)).extracting(MatchRow::offset)
                .containsExactly(Arrays.stream(planted).boxed().toArray(Long[]::new));
        assertThat(Searches.read(summary)).allMatch(row -> row.path().equals(path) && row.sad() == 0
                && row.signature().equals("dead-beef") && row.length() == COPY.length);
    }
}
