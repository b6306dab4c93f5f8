package org.imbrex.io.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RangeReaderTest {
    @TempDir
    Path dir;

    @Test
    void localPath_ofHadoopsFileForm_isTheDecodedPath() {
        assertThat(RangeReader.localPath("file:/data/a b%20c.bin")).isEqualTo("/data/a b%20c.bin");
        assertThat(RangeReader.localPath("file:/")).isEqualTo("/");
        assertThat(RangeReader.localPath("file://host/data/a.bin")).isNull();
        assertThat(RangeReader.localPath("hdfs://nn:8020/data/a.bin")).isNull();
        assertThat(RangeReader.localPath("/data/a.bin")).isNull();
    }

    /** Names Hadoop prints unescaped: spaces, percent signs, colons, non-ASCII, glob characters. */
    @ParameterizedTest
    @ValueSource(strings = {"plain.bin", "with space.bin", "100%.bin", "a:b.bin", "\u00e9t\u00e9 \u6587.bin",
            "[x]{y}*?.bin"})
    void readFully_onTheLocalFileSystem_readsWhatHadoopsStreamReads(String name) throws IOException {
        byte[] content = new byte[70_000];
        new Random(name.hashCode()).nextBytes(content);
        Path file = Files.write(dir.resolve(name), content);
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        ByteRange range = ByteRange.wholeFile(fs.makeQualified(new org.apache.hadoop.fs.Path(file.toUri())).toString(),
                content.length);
        Random random = new Random(7);
        try (RangeReader local = RangeReader.open(fs, range); FSDataInputStream hadoop = fs.open(range.toPath())) {
            for (int trial = 0; trial < 50; trial++) {
                int at = random.nextInt(content.length);
                int n = random.nextInt(content.length - at + 1);
                byte[] ours = new byte[n + 3];
                byte[] theirs = new byte[n + 3];
                local.readFully(at, ours, 3, n);
                hadoop.readFully(at, theirs, 3, n);
                assertThat(ours).isEqualTo(theirs);
            }
        }
    }

    /** Reads longer than a chunk, at every kind of edge: a chunk's end inside the target, past the file's end. */
    @Test
    void readFully_ofSeveralChunks_readsEveryByteOnce() throws IOException {
        int chunk = RangeReader.ChannelReader.CHUNK_BYTES;
        byte[] content = new byte[2 * chunk + 12_345];
        new Random(3).nextBytes(content);
        Path file = Files.write(dir.resolve("large.bin"), content);
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        try (RangeReader in = RangeReader.open(fs, ByteRange.wholeFile("file:" + file, content.length))) {
            for (int[] read : new int[][] {{0, content.length}, {1, chunk}, {chunk - 1, chunk + 2},
                    {7, content.length - 7}}) {
                byte[] buffer = new byte[read[1] + 5];
                in.readFully(read[0], buffer, 5, read[1]);
                assertThat(Arrays.copyOfRange(buffer, 5, buffer.length))
                        .isEqualTo(Arrays.copyOfRange(content, read[0], read[0] + read[1]));
            }
            byte[] once = new byte[chunk + 100];
            assertThat(in.read(content.length - 10, once, 0, once.length)).isEqualTo(10);
            assertThat(in.read(0, once, 0, once.length)).isEqualTo(chunk);
            assertThatThrownBy(() -> in.readFully(chunk, new byte[content.length], 0, content.length))
                    .isInstanceOf(EOFException.class);
        }
    }

    @Test
    void readFully_pastTheEnd_throwsEndOfFile() throws IOException {
        Path file = Files.write(dir.resolve("short.bin"), new byte[10]);
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        try (RangeReader in = RangeReader.open(fs, ByteRange.wholeFile("file:" + file, 20))) {
            byte[] buffer = new byte[20];
            in.readFully(0, buffer, 0, 10);
            assertThatThrownBy(() -> in.readFully(5, buffer, 0, 6)).isInstanceOf(EOFException.class);
        }
    }

    @Test
    void open_missingFile_throwsFileNotFoundNamingIt() {
        FileSystem fs = new RawLocalFileSystem();
        String path = "file:" + dir.resolve("gone.bin");
        assertThatThrownBy(() -> RangeReader.open(fs, ByteRange.wholeFile(path, 1)))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining(path);
    }

    @Test
    void open_aDirectory_isRefused() {
        FileSystem fs = new RawLocalFileSystem();
        assertThatThrownBy(() -> RangeReader.open(fs, ByteRange.wholeFile("file:" + dir, 1)))
                .isInstanceOf(FileNotFoundException.class).hasMessageContaining("Is a directory");
    }

    @Test
    void open_otherFileSystems_goThroughTheirOwnOpen() throws IOException {
        Path file = Files.write(dir.resolve("sub.bin"), new byte[] {1, 2, 3, 4});
        AtomicInteger opens = new AtomicInteger();
        RawLocalFileSystem subclass = new RawLocalFileSystem() {
            @Override
            public FSDataInputStream open(org.apache.hadoop.fs.Path f, int bufferSize) throws IOException {
                opens.incrementAndGet();
                return super.open(f, bufferSize);
            }
        };
        subclass.initialize(java.net.URI.create("file:///"), new Configuration());
        FileSystem checksummed = FileSystem.getLocal(new Configuration());
        for (FileSystem fs : new FileSystem[] {subclass, checksummed}) {
            try (RangeReader in = RangeReader.open(fs, ByteRange.wholeFile("file:" + file, 4))) {
                byte[] buffer = new byte[4];
                in.readFully(0, buffer);
                assertThat(buffer).containsExactly(1, 2, 3, 4);
            }
        }
        assertThat(opens).hasValue(1);
    }
}
