package org.imbrex.io.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputListerTest {

    @TempDir
    java.nio.file.Path dir;

    private final Configuration conf = new Configuration();

    /** dir/a.bin (3), dir/sub/b.bin (5), dir/sub/deeper/.hidden (1), dir/sub/deeper/c.dat (0), dir/empty/ */
    @BeforeEach
    void files() throws IOException {
        Files.write(dir.resolve("a.bin"), new byte[3]);
        Files.createDirectories(dir.resolve("sub/deeper"));
        Files.write(dir.resolve("sub/b.bin"), new byte[5]);
        Files.write(dir.resolve("sub/deeper/.hidden"), new byte[1]);
        Files.write(dir.resolve("sub/deeper/c.dat"), new byte[0]);
        Files.createDirectories(dir.resolve("empty"));
    }

    private String uri(String relative) {
        return new org.apache.hadoop.fs.Path(dir.resolve(relative).toUri()).toString();
    }

    @Test
    void list_directory_givesEveryFileBelowSortedHiddenAndEmptyIncluded() throws IOException {
        assertThat(InputLister.list(conf, List.of(dir.toString()))).containsExactly(
                new InputFile(uri("a.bin"), 3),
                new InputFile(uri("sub/b.bin"), 5),
                new InputFile(uri("sub/deeper/.hidden"), 1),
                new InputFile(uri("sub/deeper/c.dat"), 0));
    }

    @Test
    void list_fileUri_givesThatFile() throws IOException {
        assertThat(InputLister.list(conf, List.of(uri("sub/b.bin")))).containsExactly(new InputFile(uri("sub/b.bin"), 5));
    }

    @Test
    void list_glob_expandsAndDescendsIntoMatchedDirectories() throws IOException {
        assertThat(InputLister.list(conf, List.of(dir + "/s*")))
                .extracting(InputFile::path)
                .containsExactly(uri("sub/b.bin"), uri("sub/deeper/.hidden"), uri("sub/deeper/c.dat"));
        assertThat(InputLister.list(conf, List.of(dir + "/*/*.bin"))).extracting(InputFile::path)
                .containsExactly(uri("sub/b.bin"));
    }

    @Test
    void list_overlappingInputs_listEachFileOnce() throws IOException {
        assertThat(InputLister.list(conf, List.of(uri("sub/b.bin"), dir.resolve("sub").toString(), dir + "/sub/*.bin")))
                .extracting(InputFile::path)
                .containsExactly(uri("sub/b.bin"), uri("sub/deeper/.hidden"), uri("sub/deeper/c.dat"));
    }

    @Test
    void list_missingFile_namesTheInput() {
        String missing = dir.resolve("nope.bin").toString();

        assertThatThrownBy(() -> InputLister.list(conf, List.of(uri("a.bin"), missing)))
                .isInstanceOf(InputException.class)
                .hasMessage("input '" + missing + "' does not exist")
                .extracting(e -> ((InputException) e).input()).isEqualTo(missing);
    }

    @Test
    void list_globMatchingNothing_namesTheInput() {
        String glob = dir + "/*.none";

        assertThatThrownBy(() -> InputLister.list(conf, List.of(glob)))
                .hasMessage("input '" + glob + "' matches no file");
    }

    @Test
    void list_emptyDirectory_isRefused() {
        String empty = dir.resolve("empty").toString();

        assertThatThrownBy(() -> InputLister.list(conf, List.of(empty)))
                .hasMessage("input '" + empty + "' is an empty directory");
        assertThatThrownBy(() -> InputLister.list(conf, List.of(dir + "/emp*")))
                .hasMessage("input '" + dir + "/emp*' matches only empty directories");
    }

    @Test
    void list_unknownFileSystem_isRefusedNamingTheInput() {
        assertThatThrownBy(() -> InputLister.list(conf, List.of("nosuchfs://host/data")))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("input 'nosuchfs://host/data' cannot be listed: ")
                .hasMessageContaining("nosuchfs");
    }

    @Test
    void statuses_localFileSystem_locateFilesWithoutReadingTheirPermissions() throws IOException {
        conf.set("fs.counting.impl", PermissionCountingFileSystem.class.getName());
        String root = "counting://" + dir.toAbsolutePath().toUri().getPath();
        PermissionCountingFileSystem.READS.set(0);

        List<LocatedFileStatus> statuses = InputLister.statuses(conf, List.of(new Path(root)), List.of(root));

        assertThat(statuses).extracting(s -> s.getPath().getName()).containsExactly("a.bin", "b.bin", ".hidden",
                "c.dat");
        assertThat(statuses).extracting(s -> s.getBlockLocations().length).containsExactly(1, 1, 1, 0);
        assertThat(statuses.get(0).getBlockLocations()[0].getHosts()).containsExactly("localhost");
        assertThat(PermissionCountingFileSystem.READS).as("each read runs ls on a local disk").hasValue(0);
    }

    @Test
    void list_blankInput_isRefused() {
        assertThatThrownBy(() -> InputLister.list(conf, List.of(" "))).hasMessage("input ' ' is empty");
    }
}
