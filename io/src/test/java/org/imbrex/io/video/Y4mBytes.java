package org.imbrex.io.video;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Builds YUV4MPEG2 streams in memory for tests. */
final class Y4mBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Y4mBytes(String header) {
        text(header + "\n");
    }

    Y4mBytes text(String text) {
        out.writeBytes(text.getBytes(StandardCharsets.US_ASCII));
        return this;
    }

    /** A frame line, then {@code lumaBytes} luma bytes valued {@code index·16 + (i % 7)}, then chroma of 0x80. */
    Y4mBytes frame(String line, int index, int lumaBytes, long chromaBytes) {
        text(line + "\n");
        for (int i = 0; i < lumaBytes; i++) {
            out.write(lumaValue(index, i));
        }
        for (long i = 0; i < chromaBytes; i++) {
            out.write(0x80);
        }
        return this;
    }

    static int lumaValue(int frame, int i) {
        return (frame * 16 + i % 7) & 0xFF;
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    /** The stream without its last {@code n} bytes. */
    byte[] cut(int n) {
        byte[] all = bytes();
        return java.util.Arrays.copyOf(all, all.length - n);
    }
}
