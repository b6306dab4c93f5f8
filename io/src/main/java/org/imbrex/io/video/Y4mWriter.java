package org.imbrex.io.video;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes luma frames as an 8-bit YUV4MPEG2 stream: the header, then per frame a {@code FRAME} line, the luma
 * plane and neutral chroma (128) in the header's colour space. For generated clips (the demo, tests,
 * benchmarks); anything that reads Y4M reads them, FFmpeg included.
 *
 * <pre>
 *   YUV4MPEG2 W320 H192 F25:1 Ip A1:1 C420jpeg\n
 *   FRAME\n  Y (W·H)  Cb Cr (128 each, {@link Y4mColourSpace#chromaBytes})
 * </pre>
 * Example: {@code try (Y4mWriter w = new Y4mWriter(out, new Y4mHeader(320, 192, Y4mColourSpace.C420JPEG))) {
 * w.write(frame); }}. The writer closes {@code out}.
 */
public final class Y4mWriter implements Closeable {
    private final OutputStream out;
    private final Y4mHeader header;
    private final byte[] chroma;

    public Y4mWriter(OutputStream out, Y4mHeader header) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.header = header;
        long chromaBytes = header.colourSpace().chromaBytes(header.width(), header.height());
        this.chroma = new byte[(int) chromaBytes];
        Arrays.fill(chroma, (byte) 128);
        text(Y4mHeader.MAGIC + "W" + header.width() + " H" + header.height() + " F25:1 Ip A1:1 C"
                + header.colourSpace().tag() + "\n");
    }

    /** Writes a frame after a bare {@code FRAME} line. */
    public void write(LumaFrame frame) throws IOException {
        write(frame, "");
    }

    /** Writes a frame after a {@code FRAME} line carrying {@code parameters} (e.g. {@code "Ib XNOTE=1"}). */
    public void write(LumaFrame frame, String parameters) throws IOException {
        if (frame.width() != header.width() || frame.height() != header.height()) {
            throw new IllegalArgumentException("a " + frame.width() + "x" + frame.height() + " frame in a "
                    + header.width() + "x" + header.height() + " stream");
        }
        text(parameters.isEmpty() ? "FRAME\n" : "FRAME " + parameters + "\n");
        out.write(frame.luma());
        out.write(chroma);
    }

    private void text(String line) throws IOException {
        out.write(line.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
