package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.AccessControlException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirectoryTest {
    private final Configuration conf = new Configuration();

    @TempDir
    Path dir;

    /** What a job does between prepare and commit: writes its table into the staging directory. */
    private static void writeTable(OutputDirectory output, String content) throws IOException {
        Path staging = Path.of(java.net.URI.create(output.staging()));
        Files.createDirectories(staging);
        Files.writeString(staging.resolve("part-00000"), content);
    }

    private List<String> siblings() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void commit_missingOutputWithMissingParents_createsThemAndLeavesNoStaging() throws IOException {
        Path out = dir.resolve("new/deeper/matches");
        OutputDirectory output = OutputDirectory.prepare(out.toString(), false, conf);
        writeTable(output, "rows");

        output.commit();

        assertThat(out.resolve("part-00000")).hasContent("rows");
        try (Stream<Path> files = Files.list(out.getParent())) {
            assertThat(files).containsExactly(out);
        }
    }

    @Test
    void commitParts_twoAttemptsOfAPart_keepsOnlyTheAcceptedOneAndMarksTheTableComplete() throws IOException {
        OutputDirectory output = OutputDirectory.prepare(dir.resolve("matches").toString(), false, conf);
        Path accepted = attempt(output, 7, "part-00000-j-c000.csv", "rows of attempt 7");
        attempt(output, 9, "part-00000-j-c000.csv", "rows of attempt 9");
        Path other = attempt(output, 8, "part-00001-j-c000.csv", "rows of part 1");

        output.commitParts(List.of(accepted.toUri().toString(), other.toUri().toString()));
        output.commit();

        Path out = dir.resolve("matches");
        try (Stream<Path> files = Files.list(out)) {
            // (Hadoop's local file system adds hidden .crc files beside what it writes.)
            assertThat(files.map(p -> p.getFileName().toString()).filter(name -> !name.startsWith(".")))
                    .containsExactlyInAnyOrder(
                    "part-00000-j-c000.csv", "part-00001-j-c000.csv", "_SUCCESS");
        }
        assertThat(out.resolve("part-00000-j-c000.csv")).hasContent("rows of attempt 7");
        assertThat(out.resolve("part-00001-j-c000.csv")).hasContent("rows of part 1");
    }

    private static Path attempt(OutputDirectory output, long attempt, String name, String content)
            throws IOException {
        Path file = Path.of(OutputDirectory.attemptFile(output.staging(), attempt, name).toUri());
        Files.createDirectories(file.getParent());
        return Files.writeString(file, content);
    }

    @Test
    void prepare_stagingDirectory_isHiddenBesideTheOutputAndMarkedIncomplete() {
        OutputDirectory output = OutputDirectory.prepare(dir.resolve("matches").toString(), false, conf);

        assertThat(output.output()).isEqualTo("file:" + dir.resolve("matches"));
        assertThat(output.staging()).startsWith("file:" + dir.resolve(".matches" + OutputDirectory.INCOMPLETE_MARK));
    }

    @Test
    void prepare_emptyExistingDirectory_isAcceptedAndReplaced() throws IOException {
        Path out = Files.createDirectory(dir.resolve("matches"));
        OutputDirectory output = OutputDirectory.prepare(out.toString(), false, conf);
        writeTable(output, "rows");

        output.commit();

        assertThat(out.resolve("part-00000")).hasContent("rows");
    }

    @Test
    void prepare_outputBelowARegularFile_isRefusedNamingTheFile() throws IOException {
        Path file = Files.writeString(dir.resolve("data.bin"), "bytes");
        String out = file.resolve("tables/matches").toString();

        assertThatThrownBy(() -> OutputDirectory.prepare(out, false, conf))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--output " + out + " is inside file:" + file + ", which is a file, not a directory");
        assertThat(file).hasContent("bytes");
    }

    /** A local file system on which no directory can be made, as a read-only mount or a denied HDFS path is. */
    public static final class NoDirectories extends LocalFileSystem {
        @Override
        public boolean mkdirs(org.apache.hadoop.fs.Path path, FsPermission permission) throws IOException {
            throw new AccessControlException("Permission denied: " + path);
        }

        @Override
        public boolean mkdirs(org.apache.hadoop.fs.Path path) throws IOException {
            throw new AccessControlException("Permission denied: " + path);
        }
    }

    @Test
    void prepare_directoryThatCannotBeWritten_isRefusedBeforeAnyTask() {
        Configuration readOnly = new Configuration(conf);
        readOnly.setClass("fs.file.impl", NoDirectories.class, FileSystem.class);
        readOnly.setBoolean("fs.file.impl.disable.cache", true);
        String out = dir.resolve("matches").toString();

        assertThatThrownBy(() -> OutputDirectory.prepare("--render", out, false, readOnly))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--render " + out + " cannot be written: file:" + dir
                        + " does not let imbrex create a directory (AccessControlException: Permission denied");
    }

    @Test
    void prepare_writableOutput_leavesNothingBehind() throws IOException {
        OutputDirectory.prepare(dir.resolve("matches").toString(), false, conf);

        assertThat(siblings()).isEmpty();
    }

    @Test
    void prepare_nonEmptyDirectoryWithoutOverwrite_isRefused() throws IOException {
        Path out = Files.createDirectory(dir.resolve("matches"));
        Files.writeString(out.resolve("old"), "old");

        assertThatThrownBy(() -> OutputDirectory.prepare(out.toString(), false, conf))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--output " + out + " exists and is not empty; choose another path or pass --overwrite");
    }

    @Test
    void commit_overwrite_replacesTheOldTableOnlyAtCommit() throws IOException {
        Path out = Files.createDirectory(dir.resolve("matches"));
        Files.writeString(out.resolve("old"), "old");
        OutputDirectory output = OutputDirectory.prepare(out.toString(), true, conf);
        writeTable(output, "new");

        assertThat(out.resolve("old")).hasContent("old");
        output.commit();

        assertThat(out.resolve("old")).doesNotExist();
        assertThat(out.resolve("part-00000")).hasContent("new");
        assertThat(siblings()).containsExactly("matches");
    }

    @Test
    void commit_overwriteOfAFile_replacesIt() throws IOException {
        Path out = Files.writeString(dir.resolve("matches"), "a file");
        OutputDirectory output = OutputDirectory.prepare(out.toString(), true, conf);
        writeTable(output, "rows");

        output.commit();

        assertThat(out.resolve("part-00000")).hasContent("rows");
    }

    @Test
    void abort_afterAPartialWrite_removesStagingAndKeepsTheOldTable() throws IOException {
        Path out = Files.createDirectory(dir.resolve("matches"));
        Files.writeString(out.resolve("old"), "old");
        OutputDirectory output = OutputDirectory.prepare(out.toString(), true, conf);
        writeTable(output, "half a table");

        output.abort();

        assertThat(siblings()).containsExactly("matches");
        assertThat(out.resolve("old")).hasContent("old");
    }

    @Test
    void commit_outputFilledMeanwhileWithoutOverwrite_isRefused() throws IOException {
        Path out = dir.resolve("matches");
        OutputDirectory output = OutputDirectory.prepare(out.toString(), false, conf);
        writeTable(output, "rows");
        Files.createDirectory(out);
        Files.writeString(out.resolve("theirs"), "theirs");

        assertThatThrownBy(output::commit).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("was filled by someone else meanwhile");
        assertThat(out.resolve("theirs")).hasContent("theirs");
    }

    @Test
    void checkHoldsNone_inputInsideOrEqualToTheOutput_isRefused() {
        OutputDirectory output = OutputDirectory.prepare(dir.resolve("data").toString(), true, conf);
        String inside = "file:" + dir.resolve("data/sub/a.bin");

        assertThatThrownBy(() -> output.checkHoldsNone(List.of("file:/elsewhere/a.bin", inside), "input file"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--output file:" + dir.resolve("data") + " holds the input file " + inside
                        + "; writing the table there would delete it");
        assertThatThrownBy(() -> output.checkHoldsNone(List.of("file:" + dir.resolve("data")), "signature file"))
                .hasMessageContaining("holds the signature file");
    }

    @Test
    void checkHoldsNone_siblingWithTheSamePrefix_isAccepted() {
        OutputDirectory output = OutputDirectory.prepare(dir.resolve("data").toString(), true, conf);

        output.checkHoldsNone(List.of("file:" + dir.resolve("data2/a.bin"), "file:" + dir.resolve("data.bin")),
                "input file");

        assertThat(output.output()).isEqualTo("file:" + dir.resolve("data"));
    }
}
