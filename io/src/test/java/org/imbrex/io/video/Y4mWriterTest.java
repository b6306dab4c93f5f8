package org.imbrex.io.video;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class Y4mWriterTest {

    @ParameterizedTest
    @EnumSource(Y4mColourSpace.class)
    void write_eachColourSpace_readsBackTheSameLuma(Y4mColourSpace space) throws IOException {
        Random random = new Random(space.ordinal());
        Y4mHeader header = new Y4mHeader(7, 5, space);
        LumaFrame[] frames = new LumaFrame[3];
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Y4mWriter writer = new Y4mWriter(bytes, header)) {
            for (int i = 0; i < frames.length; i++) {
                byte[] luma = new byte[35];
                random.nextBytes(luma);
                frames[i] = new LumaFrame(i, 7, 5, luma);
                writer.write(frames[i], i == 1 ? "Ib XNOTE=1" : "");
            }
        }

        try (Y4mReader reader = new Y4mReader(new ByteArrayInputStream(bytes.toByteArray()), "clip.y4m",
                message -> { throw new AssertionError(message); })) {
            assertThat(reader.header()).isEqualTo(header);
            for (LumaFrame expected : frames) {
                assertThat(reader.readFrame().luma()).isEqualTo(expected.luma());
            }
            assertThat(reader.readFrame()).isNull();
        }
        String headerLine = "YUV4MPEG2 W7 H5 F25:1 Ip A1:1 C" + space.tag() + "\n";
        assertThat(bytes.size()).isEqualTo(headerLine.length() + 3 * ("FRAME\n".length() + header.frameBytes())
                + " Ib XNOTE=1".length());
    }

    @Test
    void write_frameOfAnotherSize_isRefused() throws IOException {
        try (Y4mWriter writer = new Y4mWriter(new ByteArrayOutputStream(), new Y4mHeader(4, 4, Y4mColourSpace.C422))) {
            assertThatThrownBy(() -> writer.write(new LumaFrame(0, 4, 2, new byte[8])))
                    .isInstanceOf(IllegalArgumentException.class).hasMessage("a 4x2 frame in a 4x4 stream");
        }
    }
}
