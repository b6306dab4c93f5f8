package org.imbrex.io.video;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class Y4mReaderTest {
    private final List<String> warnings = new ArrayList<>();

    @TempDir
    java.nio.file.Path dir;

    @ParameterizedTest
    @CsvSource({
        "C420jpeg, 7, 5, 24", "C420mpeg2, 7, 5, 24", "C420paldv, 7, 5, 24", "C420, 7, 5, 24",
        "C422, 7, 5, 40", "C444, 7, 5, 70", "Cmono, 7, 5, 0", "'', 7, 5, 24"})
    void readFrame_eachColourSpace_skipsItsChromaAndKeepsLuma(String tag, int width, int height, long chroma)
            throws IOException {
        String header = "YUV4MPEG2 W" + width + " H" + height + " F30000:1001 Ip A1:1" + (tag.isEmpty() ? "" : " " + tag);
        byte[] stream = new Y4mBytes(header).frame("FRAME", 0, width * height, chroma)
                .frame("FRAME", 1, width * height, chroma).frame("FRAME", 2, width * height, chroma).bytes();
        List<LumaFrame> frames = readAll(stream);
        assertThat(frames).hasSize(3);
        for (LumaFrame frame : frames) {
            assertThat(frame.width()).isEqualTo(width);
            assertThat(frame.height()).isEqualTo(height);
            for (int i = 0; i < width * height; i++) {
                assertThat(frame.luma()[i] & 0xFF).isEqualTo(Y4mBytes.lumaValue(frame.index(), i));
            }
        }
        assertThat(warnings).isEmpty();
    }

    @Test
    void header_colourSpaceTag_decidesFrameBytes() throws IOException {
        assertThat(Y4mHeader.parse("YUV4MPEG2 W7 H5 C420jpeg", "s").frameBytes()).isEqualTo(35 + 2 * 4 * 3);
        assertThat(Y4mHeader.parse("YUV4MPEG2 W7 H5 C422", "s").frameBytes()).isEqualTo(35 + 2 * 4 * 5);
        assertThat(Y4mHeader.parse("YUV4MPEG2 W7 H5 C444", "s").frameBytes()).isEqualTo(35 * 3);
        assertThat(Y4mHeader.parse("YUV4MPEG2 W7 H5 Cmono", "s").frameBytes()).isEqualTo(35);
        assertThat(Y4mHeader.parse("YUV4MPEG2 H5 W7", "s").colourSpace()).isEqualTo(Y4mColourSpace.C420JPEG);
    }

    @Test
    void readFrame_frameHeadersWithParametersAndIgnoredTags_readEveryFrame() throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W4 H2 F25:1 It A128:117 XYSCSS=420JPEG Cmono XCOLORRANGE=FULL")
                .frame("FRAME Ib XTAG=1", 0, 8, 0).frame("FRAME", 1, 8, 0).frame("FRAME A1:1 Xnote", 2, 8, 0)
                .bytes();
        List<LumaFrame> frames = readAll(stream);
        assertThat(frames).extracting(LumaFrame::index).containsExactly(0, 1, 2);
        assertThat(frames.get(2).pixel(1, 1)).isEqualTo(Y4mBytes.lumaValue(2, 5));
    }

    @Test
    void readFrame_truncatedLastFramePlanes_warnsNamingFileAndFrameAndKeepsCompleteFrames() throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W8 H4 C420").frame("FRAME", 0, 32, 16).frame("FRAME", 1, 32, 16)
                .frame("FRAME", 2, 32, 16).cut(20);
        try (Y4mReader reader = new Y4mReader(new ByteArrayInputStream(stream), "clip.y4m", warnings::add)) {
            assertThat(reader.readFrame().index()).isZero();
            assertThat(reader.readFrame().index()).isEqualTo(1);
            assertThat(reader.readFrame()).isNull();
            assertThat(reader.readFrame()).isNull();
            assertThat(reader.truncated()).isTrue();
            assertThat(reader.framesRead()).isEqualTo(2);
        }
        assertThat(warnings).containsExactly(
                "clip.y4m: frame 2 is truncated (28 of 48 bytes); using the 2 complete frames before it");
    }

    @Test
    void readFrame_truncatedChromaOnly_dropsTheFrame() throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W8 H4 C444").frame("FRAME", 0, 32, 64).cut(1);
        assertThat(readAll(stream)).isEmpty();
        assertThat(warnings).containsExactly(
                "clip.y4m: frame 0 is truncated (95 of 96 bytes); using the 0 complete frames before it");
    }

    @Test
    void readFrame_truncatedFrameLine_warns() throws IOException {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W2 H2 Cmono").frame("FRAME", 0, 4, 0).text("FRA").bytes();
        assertThat(readAll(stream)).hasSize(1);
        assertThat(warnings).containsExactly("clip.y4m: frame 1 is truncated (its FRAME line has 3 bytes and no "
                + "newline); using the 1 complete frame before it");
    }

    @Test
    void readFrame_headerOnly_hasNoFrames() throws IOException {
        assertThat(readAll(new Y4mBytes("YUV4MPEG2 W2 H2").bytes())).isEmpty();
        assertThat(warnings).isEmpty();
    }

    @Test
    void readFrame_garbageWhereAFrameStarts_failsWithOffset() {
        byte[] stream = new Y4mBytes("YUV4MPEG2 W2 H2 Cmono").frame("FRAME", 0, 4, 0).text("FRAMES\n").bytes();
        assertThatThrownBy(() -> readAll(stream)).isInstanceOf(Y4mFormatException.class)
                .hasMessage("clip.y4m: expected 'FRAME' at byte 32 (frame 1), found 'FRAMES'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "RIFF\u0001\u0002 WAVEfmt | clip.y4m: not a YUV4MPEG2 file: it starts with 'RIFF\\x01\\x02 WAV' instead of 'YUV4MPEG2 '",
        "YUV4MPEG2 W10 H10 C420p10 | clip.y4m: unsupported bit depth C420p10 (10-bit); imbrex reads 8-bit Y4M only",
        "YUV4MPEG2 W10 H10 Cmono16 | clip.y4m: unsupported bit depth Cmono16 (16-bit); imbrex reads 8-bit Y4M only",
        "YUV4MPEG2 W10 H10 C411 | clip.y4m: unsupported colour space C411; imbrex reads C420jpeg, C420mpeg2, C420paldv, C420, C422, C444, Cmono",
        "YUV4MPEG2 W10 C420 | clip.y4m: malformed YUV4MPEG2 header 'YUV4MPEG2 W10 C420': no H (frame height) parameter",
        "YUV4MPEG2 Wten H10 | clip.y4m: malformed YUV4MPEG2 header: Wten is not a positive width",
        "YUV4MPEG2 W10 H0 | clip.y4m: malformed YUV4MPEG2 header: H0 is not a positive height",
        "YUV4MPEG2 W10 H-4 | clip.y4m: malformed YUV4MPEG2 header: H-4 is not a positive height",
        "YUV4MPEG2 W70000 H70000 | clip.y4m: frames of 70000x70000 pixels have more luma than one Java array holds (2147483639 bytes)"})
    void open_badHeader_failsWithOneClearMessage(String header, String message) {
        assertThatThrownBy(() -> readAll(new Y4mBytes(header).bytes())).isInstanceOf(Y4mFormatException.class)
                .hasMessage(message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "YUV4"})
    void open_tooShortForTheMagic_isNotY4m(String content) {
        assertThatThrownBy(() -> new Y4mReader(new ByteArrayInputStream(content.getBytes()), "x.y4m", warnings::add))
                .isInstanceOf(Y4mFormatException.class).hasMessageStartingWith("x.y4m: ")
                .hasMessageContaining("YUV4MPEG2");
    }

    @Test
    void open_headerWithoutNewline_isMalformed() {
        byte[] stream = "YUV4MPEG2 W2 H2".getBytes();
        assertThatThrownBy(() -> new Y4mReader(new ByteArrayInputStream(stream), "x.y4m", warnings::add))
                .hasMessage("x.y4m: malformed YUV4MPEG2 header: the stream ends before the header's newline");
    }

    /** Found by {@code Y4mStreamFuzzTest}: header bytes quoted in the message could be control characters. */
    @Test
    void open_controlCharactersInTheHeader_areEscapedInTheMessage() {
        byte[] stream = "YUV4MPEG2 W2 H2 C444\u008C\r\nFRAME\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> new Y4mReader(new ByteArrayInputStream(stream), "x.y4m", warnings::add))
                .isInstanceOf(Y4mFormatException.class).hasMessage("x.y4m: unsupported colour space C444\\x8C\\x0D; "
                        + "imbrex reads C420jpeg, C420mpeg2, C420paldv, C420, C422, C444, Cmono");
    }

    @Test
    void open_headerLineWithoutEnd_isRefusedAfterTheLimit() {
        byte[] stream = ("YUV4MPEG2 W2 H2 X" + "a".repeat(Y4mReader.MAX_LINE + 10)).getBytes();
        assertThatThrownBy(() -> new Y4mReader(new ByteArrayInputStream(stream), "x.y4m", warnings::add))
                .hasMessage("x.y4m: header line has no newline within 65536 bytes");
    }

    @Test
    void open_hadoopLocalFileSystemPath_readsTheFile() throws IOException {
        java.nio.file.Path file = dir.resolve("clip.y4m");
        Files.write(file, new Y4mBytes("YUV4MPEG2 W3 H3 C444").frame("FRAME", 0, 9, 18).frame("FRAME", 1, 9, 18)
                .bytes());
        Path path = new Path(file.toUri());
        try (Y4mReader reader = Y4mFiles.open(FileSystem.getLocal(new Configuration()), path, warnings::add)) {
            assertThat(reader.header()).isEqualTo(new Y4mHeader(3, 3, Y4mColourSpace.C444));
            assertThat(reader.readFrame().pixel(2, 2)).isEqualTo(Y4mBytes.lumaValue(0, 8));
            assertThat(reader.readFrame().index()).isEqualTo(1);
            assertThat(reader.readFrame()).isNull();
            assertThat(reader.source()).endsWith("clip.y4m");
        }
    }

    private List<LumaFrame> readAll(byte[] stream) throws IOException {
        List<LumaFrame> frames = new ArrayList<>();
        try (Y4mReader reader = new Y4mReader(new ByteArrayInputStream(stream), "clip.y4m", warnings::add)) {
            for (LumaFrame frame = reader.readFrame(); frame != null; frame = reader.readFrame()) {
                frames.add(frame);
            }
        }
        return frames;
    }
}
