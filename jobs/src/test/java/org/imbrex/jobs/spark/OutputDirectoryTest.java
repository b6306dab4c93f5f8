package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
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
    void stagedFiles_tableWithSparkMarkers_listsOnlyTheDataFiles() throws IOException {
        OutputDirectory output = OutputDirectory.prepare(dir.resolve("matches").toString(), false, conf);
        writeTable(output, "rows");
        Path staging = Path.of(java.net.URI.create(output.staging()));
        Files.writeString(staging.resolve("part-00001"), "more rows");
        Files.writeString(staging.resolve("_SUCCESS"), "");
        Files.writeString(staging.resolve(".part-00000.crc"), "");
        Files.createDirectory(staging.resolve("_temporary"));

        assertThat(output.stagedFiles()).containsExactlyInAnyOrder(output.staging() + "/part-00000",
                output.staging() + "/part-00001");
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
