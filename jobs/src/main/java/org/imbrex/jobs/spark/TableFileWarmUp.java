package org.imbrex.jobs.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Comparator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads and runs a table writer once, on a background thread, while a local job scans: in local mode the
 * write tasks run in this JVM, and the first table file would otherwise pay for loading the format's
 * library (Parquet's footer code, its snappy codec) and running its column writers cold after the scan, on
 * the job's critical path. It writes copies of one row (its {@code long} fields counting up, its {@code int}
 * fields in runs of equal values as long as a row, a block row or a frame of a motion table, its strings
 * changing every {@value #STRING_RUN} rows) to a temporary file, in Parquet pages of {@value #PAGE_ROWS} rows
 * (when they are many, after {@value #SHORT_PAGE_FILE_ROWS} of them to another file in pages of {@value
 * #SHORT_PAGE_ROWS}), and deletes them; a row of a string and ints goes through {@link
 * TableFile#write(String, int[])}, as the motion job's rows do. A failure is only logged.
 * <pre>
 *   int column c   1 (run 80)   2 (run 3,600)   3 (run 1)   4 (run 80) …
 *   row 0          v(0, 1)      v(0, 2)         v(0, 3)     v(0, 4)        v(k, c): the k-th run's value of
 *   row 1          v(0, 1)      v(0, 2)         v(1, 3)     v(0, 4)        column c, scattered in [0, 1024),
 *   row 80         v(1, 1)      v(0, 2)         v(80, 3)    v(1, 4)        in [−512, 512) for odd c
 * </pre>
 * The JIT compiles the column writers from what the warm-up's rows make them do, and throws the compiled row
 * writer away when the job's rows take a branch the warm-up's never took (a value equal to the row before's, a
 * page's first value, a full slab of dictionary ids), then compiles it again while the tasks run. Runs like a
 * table's, short pages first and then pages of a few thousand rows take those branches while the writer is
 * still profiled, or throw the code away during the warm-up. A 400-frame 720p motion search on two cores, R =
 * 7, taking turns with the warm-up before (its ints scattered with no runs, in pages of 20,000): the writer's
 * code deoptimized 16.5 → 9.5 times, C2 compiled the write path for 0.89 → 0.56 s of CPU (medians of 4 pairs).
 * How many rows is the caller's trade: rows enough for the JIT to compile the column writers make a big table's
 * write faster, and cost the job's own tasks a core's worth of compiling and writing while they run.
 *
 * <p>Example: {@code TableFileWarmUp.start(TableFormat.PARQUET, MatchTable.SCHEMA, row, 1_000)} before the
 * scan job.
 */
public final class TableFileWarmUp {
    private static final Logger LOG = LoggerFactory.getLogger(TableFileWarmUp.class);
    /** Rows between the warm-up's changes of its strings. */
    static final int STRING_RUN = 1_000;
    /**
     * Rows per Parquet page of the warm-up's file (a job's have up to 20,000): more than the 4,096 ids of a
     * page's first slab of dictionary ids, so that a page's start and a full slab both come every few thousand
     * rows.
     */
    static final int PAGE_ROWS = 5_000;
    /** Rows of the warm-up's first file, in pages of {@link #SHORT_PAGE_ROWS}: a page's first value, 20 times. */
    static final int SHORT_PAGE_FILE_ROWS = 2_000;
    /** Rows per page of the warm-up's first file. */
    static final int SHORT_PAGE_ROWS = 100;
    /**
     * The fewest rows a warm-up writes a first file of short pages for: one of rows enough for C2 to compile the
     * writer. A warm-up of a few rows (a search's 1,000, which only loads the writer) writes them once: 2,000 rows
     * more cost a 100-signature search of 400 MiB about 5%.
     */
    static final int MIN_ROWS_FOR_SHORT_PAGES = 10_000;
    /** The runs of equal values of the int columns, column after column: a row, a block row, a frame. */
    private static final int[] INT_RUNS = {1, 80, 3_600};

    private TableFileWarmUp() {
    }

    /** Starts writing {@code rows} rows on a daemon thread and returns at once. */
    public static void start(TableFormat format, StructType schema, Object[] row, int rows) {
        Thread thread = new Thread(() -> run(format, schema, row, rows), "imbrex-table-warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    /**
     * Writes the rows to a temporary table file, for {@value #MIN_ROWS_FOR_SHORT_PAGES} rows or more after
     * {@value #SHORT_PAGE_FILE_ROWS} of them in pages of {@value #SHORT_PAGE_ROWS} to another, and removes the
     * files; whether a non-empty file was written.
     */
    static boolean run(TableFormat format, StructType schema, Object[] row, int rows) {
        java.nio.file.Path dir = null;
        try {
            dir = Files.createTempDirectory("imbrex-warm-up");
            if (rows >= MIN_ROWS_FOR_SHORT_PAGES) {
                // many pages' first values while the column writers are still profiled, then full slabs of ids
                write(format, schema, row, SHORT_PAGE_FILE_ROWS, SHORT_PAGE_ROWS,
                        dir.resolve("short-pages" + TableFile.extension(format)));
            }
            java.nio.file.Path local = dir.resolve("part" + TableFile.extension(format));
            write(format, schema, row, rows, PAGE_ROWS, local);
            return Files.size(local) > 0;
        } catch (IOException | RuntimeException e) {
            LOG.debug("table writer warm-up failed (harmless)", e);
            return false;
        } finally {
            if (dir != null) {
                deleteBelow(dir);
            }
        }
    }

    private static void write(TableFormat format, StructType schema, Object[] row, int rows, int pageRows,
            java.nio.file.Path local) throws IOException {
        Configuration conf = new Configuration(false);
        // Its own file system object, so that this bare configuration never seeds the cached one.
        conf.setBoolean("fs.file.impl.disable.cache", true);
        conf.setInt(ParquetOutputFormat.PAGE_ROW_COUNT_LIMIT, pageRows);
        try (TableFile table = TableFile.create(format, schema, new Path(local.toUri()), conf)) {
            Object[] varied = row.clone();
            // a string and ints (the motion table) go the way its rows go: TableFile.write(String, int[])
            int[] ints = stringAndInts(row) ? new int[row.length - 1] : null;
            for (int i = 0; i < rows; i++) {
                for (int c = 0; c < varied.length; c++) {
                    if (row[c] instanceof Long) {
                        varied[c] = (long) i * 37; // offsets that grow, as in a table's part
                    } else if (row[c] instanceof Integer) {
                        varied[c] = intValue(i, c);
                    } else if (row[c] instanceof String text && i % STRING_RUN == 0) {
                        // another string now and then, as a table's next file or signature: a writer's
                        // branch for a new string is then compiled with the rest, not when the job's first
                        // comes, which would throw the compiled row writer away and compile it again
                        varied[c] = text + "/" + i / STRING_RUN;
                    }
                }
                if (ints != null) {
                    for (int c = 1; c < varied.length; c++) {
                        ints[c - 1] = (Integer) varied[c];
                    }
                    table.write((String) varied[0], ints);
                } else {
                    table.write(varied);
                }
            }
        }
    }

    /**
     * Int column {@code c}'s value in row {@code i}: equal for runs of {@link #INT_RUNS} rows, scattered below
     * 1,024, and for odd columns shifted to [−512, 512), as numbers, lengths, vectors and scores are.
     */
    static int intValue(int i, int c) {
        int k = i / INT_RUNS[c % INT_RUNS.length];
        int v = (int) (((k + 31L * c) * 2_654_435_761L) >>> 7) & 0x3FF;
        return c % 2 == 1 ? v - 512 : v;
    }

    private static boolean stringAndInts(Object[] row) {
        if (row.length == 0 || !(row[0] instanceof String)) {
            return false;
        }
        for (int c = 1; c < row.length; c++) {
            if (!(row[c] instanceof Integer)) {
                return false;
            }
        }
        return true;
    }

    private static void deleteBelow(java.nio.file.Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            LOG.debug("cannot remove {}", dir, e);
        }
    }
}
