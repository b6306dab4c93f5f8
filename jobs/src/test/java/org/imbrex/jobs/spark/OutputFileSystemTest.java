package org.imbrex.jobs.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.imbrex.jobs.search.MatchTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OutputFileSystemTest {
    @TempDir
    Path dir;

    private static org.apache.hadoop.fs.Path hadoop(Path path) {
        return new org.apache.hadoop.fs.Path(path.toUri());
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    private Stream<String> names() throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.map(p -> dir.relativize(p).toString()).toList().stream();
        }
    }

    @Test
    void of_localPath_isRawWithoutChecksums() throws IOException {
        org.apache.hadoop.fs.Path path = hadoop(dir.resolve("t"));
        assertThat(path.getFileSystem(new Configuration())).isInstanceOf(LocalFileSystem.class);

        FileSystem fs = OutputFileSystem.of(path, new Configuration());

        assertThat(fs).isInstanceOf(OutputFileSystem.LocalWrites.class);
        assertThat(fs.getUri()).isEqualTo(path.getFileSystem(new Configuration()).getUri());
    }

    @Test
    void of_configuredLocalFileSystem_isKept() throws IOException {
        Configuration conf = new Configuration();
        conf.setClass("fs.file.impl", OutputDirectoryTest.NoDirectories.class, FileSystem.class);
        conf.setBoolean("fs.file.impl.disable.cache", true);

        assertThat(OutputFileSystem.of(hadoop(dir), conf)).isInstanceOf(OutputDirectoryTest.NoDirectories.class);
    }

    @ParameterizedTest
    @EnumSource(TableFormat.class)
    void tableFile_onLocalDisk_leavesNoCrcAndHasTheUmaskPermissions(TableFormat format) throws IOException {
        Path file = dir.resolve("a/b/part" + TableFile.extension(format));

        try (TableFile table = TableFile.create(format, MatchTable.SCHEMA, hadoop(file), new Configuration())) {
            table.write(new Object[] {"mz", "file:/x", 0L, 2, 0});
        }

        assertThat(names()).noneMatch(name -> name.endsWith(".crc"));
        assertThat(Files.size(file)).isPositive();
        // What java.nio gives a new file and directory here, under this process's umask.
        Path plainFile = Files.createFile(dir.resolve("plain"));
        Path plainDir = Files.createDirectory(dir.resolve("plain-dir"));
        assertThat(mode(file)).isEqualTo(mode(plainFile));
        assertThat(mode(file.getParent())).isEqualTo(mode(plainDir));
    }

    @Test
    void tableFile_existingFile_isRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("part.snappy.parquet"), "x");

        assertThatThrownBy(() -> TableFile.create(TableFormat.PARQUET, MatchTable.SCHEMA, hadoop(file),
                new Configuration())).isInstanceOf(IOException.class);
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void setPermission_setsTheBits() throws IOException {
        Path file = Files.createFile(dir.resolve("f"));
        FileSystem fs = OutputFileSystem.of(hadoop(file), new Configuration());

        fs.setPermission(hadoop(file), new FsPermission((short) 0640));
        assertThat(mode(file)).isEqualTo("rw-r-----");
        fs.setPermission(hadoop(file), new FsPermission((short) 0755));
        assertThat(mode(file)).isEqualTo("rwxr-xr-x");
    }

    @Test
    void mkdirsAndCreate_writeThrough() throws IOException {
        org.apache.hadoop.fs.Path out = hadoop(dir.resolve("x/y/motion.csv"));
        FileSystem fs = OutputFileSystem.of(out, new Configuration());

        try (OutputStream stream = fs.create(out, false)) {
            stream.write("a,b\n".getBytes());
        }

        assertThat(Files.readString(dir.resolve("x/y/motion.csv"))).isEqualTo("a,b\n");
        assertThat(names()).noneMatch(name -> name.endsWith(".crc"));
    }
}
