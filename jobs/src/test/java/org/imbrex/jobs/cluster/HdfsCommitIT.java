package org.imbrex.jobs.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.imbrex.jobs.search.MatchTable;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.testing.CommandRun;
import org.imbrex.jobs.testing.LocalHdfs;
import org.imbrex.jobs.testing.LocalSpark;
import org.imbrex.jobs.testing.RenameHold;
import org.imbrex.jobs.testing.SuiteHdfs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A search killed during its commit on HDFS leaves no table that reads as complete, and a rerun with {@code
 * --overwrite} writes the whole table. The job runs in a JVM of its own ({@link LocalImbrex}, local mode);
 * the NameNode holds the driver's first rename of a part file out of {@code _temporary} ({@link
 * RenameHold}), so the driver is stopped inside the commit, one part moved and the others not, and is
 * then killed (SIGKILL):
 * <pre>
 *   /HdfsCommitIT/fresh/.matches_imbrex_incomplete_ID/part-00000-…         moved: the held rename
 *                                                    /_temporary/attempt-N/part-00001-…   not moved
 *                                                    (no _SUCCESS)
 *   /HdfsCommitIT/fresh/matches                      absent; with a table there before, that old table
 * </pre>
 * The input: {@link SearchInput}'s planted data (4 MiB, four blocks), whose reference table holds exactly
 * the planted matches.
 */
@ExtendWith(SuiteHdfs.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HdfsCommitIT {
    private static final String ROOT = "/HdfsCommitIT";
    private static final Duration JOB_START = Duration.ofMinutes(3);

    private static String signatures;
    private static String data;
    private static ResultTable reference;

    @BeforeAll
    static void putInputAndSearchIt(LocalHdfs hdfs) {
        LocalSpark.session();
        SearchInput input = SearchInput.write(BuildLayout.testDir().resolve("hdfs-commit-input"), 4 << 20, 20261202);
        signatures = hdfs.put(input.signatures(), ROOT + "/input/signatures.txt");
        data = hdfs.put(input.data(), ROOT + "/input/data.bin");
        String table = hdfs.uri(ROOT + "/reference/matches");
        CommandRun run = CommandRun.of(search(table));
        assertThat(run.exitCode()).as(run.err()).isZero();
        reference = ResultTable.read(table, MatchTable.SCHEMA);
        assertThat(reference.rows()).as("the reference run finds exactly the planted matches")
                .map(row -> new SearchInput.Planted((String) row.get(0), (Long) row.get(2), (Integer) row.get(4)))
                .containsExactlyInAnyOrderElementsOf(input.planted());
    }

    @Test
    void search_killedDuringTheCommit_leavesNoOutputAndTheRerunWritesTheWholeTable(LocalHdfs hdfs) {
        String output = ROOT + "/fresh/matches";

        String committed = killDuringCommit(hdfs, "hdfs-commit-fresh", output);

        assertThat(hdfs.exists(output)).as("--output after the kill").isFalse();
        assertStagingLeftOver(hdfs, output, committed);
        CommandRun rerun = CommandRun.of(search(hdfs.uri(output), "--overwrite"));
        assertThat(rerun.exitCode()).as(rerun.err()).isZero();
        assertThat(ResultTable.read(hdfs.uri(output), MatchTable.SCHEMA).rows())
                .containsExactlyElementsOf(reference.rows());
    }

    @Test
    void search_overwriteKilledDuringTheCommit_leavesTheOldTableAndTheRerunReplacesIt(LocalHdfs hdfs) {
        String output = ROOT + "/replaced/matches";
        CommandRun old = CommandRun.of(search(hdfs.uri(output), "--best", "1"));
        assertThat(old.exitCode()).as(old.err()).isZero();
        List<List<Object>> oldRows = ResultTable.read(hdfs.uri(output), MatchTable.SCHEMA).rows();
        assertThat(oldRows).hasSize(3).isNotEqualTo(reference.rows());

        String committed = killDuringCommit(hdfs, "hdfs-commit-overwrite", output, "--overwrite");

        assertThat(ResultTable.read(hdfs.uri(output), MatchTable.SCHEMA).rows()).as("--output after the kill")
                .containsExactlyElementsOf(oldRows);
        assertThat(hdfs.list(output)).contains("_SUCCESS");
        assertStagingLeftOver(hdfs, output, committed);
        CommandRun rerun = CommandRun.of(search(hdfs.uri(output), "--overwrite"));
        assertThat(rerun.exitCode()).as(rerun.err()).isZero();
        assertThat(ResultTable.read(hdfs.uri(output), MatchTable.SCHEMA).rows())
                .containsExactlyElementsOf(reference.rows());
    }

    /**
     * Runs the search to {@code output} in a JVM of its own, holds its first rename of a part file into the
     * staging directory, kills the JVM while it waits for that rename, and returns the part's new path.
     */
    private static String killDuringCommit(LocalHdfs hdfs, String name, String output, String... extra) {
        String staging = output.substring(0, output.lastIndexOf('/') + 1) + "."
                + output.substring(output.lastIndexOf('/') + 1) + OutputDirectory.INCOMPLETE_MARK;
        List<String> args = new ArrayList<>(List.of("--conf", "spark.sql.adaptive.enabled=false", "--conf",
                "spark.imbrex.search.table-parts=4"));
        args.addAll(List.of(search(hdfs.uri(output), extra)));
        args.addAll(List.of("--master", "local[2]"));
        Process job = null;
        try (RenameHold.Hold hold = hdfs.holdRename(source -> source.startsWith(staging)
                && source.contains("/_temporary/"))) {
            job = LocalImbrex.launch(name, "2g", args.toArray(String[]::new));
            assertThat(heldBeforeTheJobEnded(hold, job))
                    .as("the job renamed a part out of _temporary; it printed:\n%s",
                            LocalImbrex.read(LocalImbrex.log(name)))
                    .isTrue();
            assertThat(job.isAlive()).as("the job waits for its rename").isTrue();
            job.destroyForcibly();
            assertThat(job.waitFor(1, TimeUnit.MINUTES)).as("the killed JVM ended").isTrue();
            assertThat(job.exitValue()).as("exit status of a JVM killed by SIGKILL").isEqualTo(128 + 9);
            return hold.destination();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } finally {
            if (job != null) {
                job.destroyForcibly();
            }
        }
    }

    /** Waits until the hold holds a rename of the job; false if the job ended first, or after {@link #JOB_START}. */
    private static boolean heldBeforeTheJobEnded(RenameHold.Hold hold, Process job) {
        long deadline = System.nanoTime() + JOB_START.toNanos();
        while (job.isAlive() && System.nanoTime() < deadline) {
            if (hold.awaitHeld(Duration.ofSeconds(1))) {
                return true;
            }
        }
        return hold.awaitHeld(Duration.ZERO);
    }

    /**
     * Beside {@code output} lies the killed job's staging directory: hidden, marked incomplete, holding the
     * part that was moved, parts still in {@code _temporary}, and no {@code _SUCCESS}.
     */
    private static void assertStagingLeftOver(LocalHdfs hdfs, String output, String committed) {
        String parent = output.substring(0, output.lastIndexOf('/'));
        List<String> staging = hdfs.list(parent).stream().filter(n -> n.contains(OutputDirectory.INCOMPLETE_MARK))
                .toList();
        assertThat(staging).hasSize(1).allMatch(n -> n.startsWith("."));
        String dir = parent + "/" + staging.get(0);
        List<String> files = hdfs.filesBelow(dir);
        assertThat(committed).startsWith(dir + "/part-");
        assertThat(files).as("files of %s", dir).contains(committed)
                .anyMatch(file -> file.startsWith(dir + "/_temporary/") && file.contains("/part-"))
                .noneMatch(file -> file.endsWith("/_SUCCESS"));
    }

    private static String[] search(String output, String... extra) {
        List<String> args = new ArrayList<>(List.of("search", "--signatures", signatures, "--input", data,
                "--output", output, "--max-sad", Integer.toString(SearchInput.MAX_SAD), "--tile-size", "256k",
                "--split-size", "1m", "--show", "0"));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }
}
