package org.imbrex.io.video;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The frame index must see a file exactly as {@link Y4mReader} does: the same frames with the same luma,
 * the same truncation warning, the same errors.
 */
class Y4mFrameIndexTest {
    private static final String[] SPACES = {"C420jpeg", "C420mpeg2", "C420paldv", "C420", "C422", "C444", "Cmono", ""};

    @TempDir
    java.nio.file.Path dir;

    private final FileSystem fs = local();

    @ParameterizedTest
    @CsvSource({"C420jpeg, 7, 5", "C420mpeg2, 8, 6", "C420paldv, 9, 3", "C420, 7, 5", "C422, 7, 5", "C444, 7, 5",
        "Cmono, 7, 5", "'', 5, 7"})
    void read_eachColourSpace_findsEveryFramesLuma(String tag, int width, int height) throws IOException {
        String header = "YUV4MPEG2 W" + width + " H" + height + " F25:1" + (tag.isEmpty() ? "" : " " + tag);
        long chroma = Y4mHeader.parse(header, "s").frameBytes() - (long) width * height;
        byte[] stream = new Y4mBytes(header).frame("FRAME", 0, width * height, chroma)
                .frame("FRAME Ib", 1, width * height, chroma).frame("FRAME", 2, width * height, chroma).bytes();

        Agreement agreement = compare(stream);

        assertThat(agreement.index().frames()).isEqualTo(3);
        assertThat(agreement.index().truncated()).isFalse();
    }

    @Test
    void read_frameLinesWithParameters_offsetsFollowEachLine() throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W4 H2 Cmono").frame("FRAME Ib XTAG=1", 0, 8, 0)
                .frame("FRAME", 1, 8, 0).frame("FRAME A1:1 Xnote", 2, 8, 0).bytes();
        int header = "YUV4MPEG2 W4 H2 Cmono\n".length();

        Y4mFrameIndex index = compare(stream).index();

        long first = header + "FRAME Ib XTAG=1\n".length();
        long second = first + 8 + "FRAME\n".length();
        long third = second + 8 + "FRAME A1:1 Xnote\n".length();
        assertThat(index.lumaOffsets(0, 3)).containsExactly(first, second, third);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 20, 47, 48, 49, 50, 53})
    void read_truncatedLastFrame_warnsAsTheReaderDoes(int cut) throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W8 H4 C420").frame("FRAME", 0, 32, 16).frame("FRAME", 1, 32, 16)
                .frame("FRAME Ixyz", 2, 32, 16).cut(cut);

        Agreement agreement = compare(stream);

        assertThat(agreement.index().frames()).isEqualTo(2);
        assertThat(agreement.index().truncated()).isTrue();
        assertThat(agreement.warnings()).singleElement().asString().contains("frame 2 is truncated");
    }

    @Test
    void read_garbageWhereAFrameStarts_failsAsTheReaderDoes() throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W2 H2 Cmono").frame("FRAME", 0, 4, 0).text("FRAMES\n").bytes();

        assertThatThrownBy(() -> index(stream, new ArrayList<>())).isInstanceOf(Y4mFormatException.class)
                .hasMessageEndingWith("clip.y4m: expected 'FRAME' at byte 32 (frame 1), found 'FRAMES'");
    }

    @Test
    void read_frameLineWithoutEnd_isRefusedAfterTheLimit() {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W2 H2 Cmono").frame("FRAME", 0, 4, 0)
                .text("FRAME X" + "a".repeat(Y4mReader.MAX_LINE + 3)).bytes();

        assertThatThrownBy(() -> index(stream, new ArrayList<>())).isInstanceOf(Y4mFormatException.class)
                .hasMessageEndingWith("clip.y4m: frame 1 header line has no newline within 65536 bytes");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "YUV4", "RIFF\u0001\u0002 WAVEfmt\n", "YUV4MPEG2 W10 H10 C420p10\n",
        "YUV4MPEG2 W10 H10 C411\n", "YUV4MPEG2 W10 C420\n", "YUV4MPEG2 W2 H2"})
    void read_badHeader_failsWithTheReadersMessage(String content) throws IOException {
        byte[] stream = content.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        String expected;
        try {
            new Y4mReader(new ByteArrayInputStream(stream), "clip.y4m", message -> { }).close();
            throw new AssertionError("the reader accepted " + content);
        } catch (Y4mFormatException e) {
            expected = e.getMessage().substring("clip.y4m".length());
        }

        assertThatThrownBy(() -> index(stream, new ArrayList<>())).isInstanceOf(Y4mFormatException.class)
                .hasMessageEndingWith(expected);
    }

    @Test
    void read_randomStreams_agreeWithTheReader() throws IOException {
        Random random = new Random(3);
        int truncatedCases = 0;
        for (int trial = 0; trial < 60; trial++) {
            int width = 1 + random.nextInt(9);
            int height = 1 + random.nextInt(7);
            String tag = SPACES[random.nextInt(SPACES.length)];
            String header = "YUV4MPEG2 W" + width + " H" + height + (tag.isEmpty() ? "" : " " + tag) + " Ip";
            long chroma = Y4mHeader.parse(header, "s").frameBytes() - (long) width * height;
            Y4mBytes bytes = new Y4mBytes(header);
            int frames = random.nextInt(6);
            for (int f = 0; f < frames; f++) {
                bytes.frame(random.nextBoolean() ? "FRAME" : "FRAME X" + "p".repeat(random.nextInt(300)), f,
                        width * height, chroma);
            }
            byte[] stream = bytes.bytes();
            int longestCut = Math.min(stream.length - header.length() - 1, 40);
            int cut = random.nextInt(3) == 0 ? 0 : random.nextInt(longestCut + 1);
            Agreement agreement = compare(Arrays.copyOf(stream, stream.length - cut));
            truncatedCases += agreement.index().truncated() ? 1 : 0;
        }
        assertThat(truncatedCases).isGreaterThan(10);
    }

    @Test
    void readRows_stripeOfAFrame_readsOnlyThoseRows() throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W5 H6 C444").frame("FRAME", 0, 30, 60).frame("FRAME Ib", 1, 30, 60)
                .bytes();
        Y4mFrameIndex index = index(stream, new ArrayList<>());
        Path path = new Path(dir.resolve("clip.y4m").toUri());

        LumaFrame rows;
        try (FSDataInputStream in = fs.open(path)) {
            rows = Y4mFrameIndex.readRows(in, index.lumaOffset(1), 1, 5, 6, 2, 4);
        }

        for (int y = 0; y < 6; y++) {
            for (int x = 0; x < 5; x++) {
                int expected = y >= 2 && y < 4 ? Y4mBytes.lumaValue(1, y * 5 + x) : 0;
                assertThat(rows.pixel(x, y)).as("pixel (%d,%d)", x, y).isEqualTo(expected);
            }
        }
        assertThat(rows.index()).isEqualTo(1);
    }

    @Test
    void readRows_rowsOutsideTheFrame_areRefused() throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W2 H2 Cmono").frame("FRAME", 0, 4, 0).bytes();
        Y4mFrameIndex index = index(stream, new ArrayList<>());
        try (FSDataInputStream in = fs.open(new Path(dir.resolve("clip.y4m").toUri()))) {
            assertThatThrownBy(() -> Y4mFrameIndex.readRows(in, index.lumaOffset(0), 0, 2, 2, 1, 3))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rows 1..3");
        }
    }

    /** The index and the reader over the same stream, with their warnings, checked frame by frame. */
    private record Agreement(Y4mFrameIndex index, List<String> warnings) {
    }

    private Agreement compare(byte[] stream) throws IOException {
        List<String> readerWarnings = new ArrayList<>();
        List<LumaFrame> frames = new ArrayList<>();
        try (Y4mReader reader = new Y4mReader(new ByteArrayInputStream(stream), "clip.y4m", readerWarnings::add)) {
            for (LumaFrame frame = reader.readFrame(); frame != null; frame = reader.readFrame()) {
                frames.add(frame);
            }
        }
        List<String> warnings = new ArrayList<>();
        Y4mFrameIndex index = index(stream, warnings);
        assertThat(index.frames()).isEqualTo(frames.size());
        assertThat(warnings).hasSameSizeAs(readerWarnings);
        for (int i = 0; i < warnings.size(); i++) {
            // the index names the file by its path, the reader by the name it was given
            assertThat(warnings.get(i)).endsWith(readerWarnings.get(i));
        }
        try (FSDataInputStream in = fs.open(new Path(dir.resolve("clip.y4m").toUri()))) {
            for (LumaFrame expected : frames) {
                LumaFrame read = Y4mFrameIndex.readRows(in, index.lumaOffset(expected.index()), expected.index(),
                        expected.width(), expected.height(), 0, expected.height());
                assertThat(read.luma()).isEqualTo(expected.luma());
            }
        }
        return new Agreement(index, warnings);
    }

    private Y4mFrameIndex index(byte[] stream, List<String> warnings) throws IOException {
        java.nio.file.Path file = dir.resolve("clip.y4m");
        Files.write(file, stream);
        return Y4mFrameIndex.read(fs, new Path(file.toUri()), warnings::add);
    }

    private static FileSystem local() {
        try {
            return FileSystem.getLocal(new Configuration());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
