package org.imbrex.io.video;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Reads a YUV4MPEG2 stream frame by frame, keeping only the luma plane; never holds more than one frame.
 *
 * <pre>
 *   YUV4MPEG2 W64 H48 F25:1 Ip A1:1 C420jpeg\n      stream header ({@link Y4mHeader})
 *   FRAME[ params]\n  Y (W·H bytes)  Cb  Cr          frame 0
 *   FRAME[ params]\n  Y  Cb  Cr                       frame 1 …
 * </pre>
 * Frame headers may carry parameters; they are ignored. A last frame cut short (in its {@code FRAME} line
 * or its planes) is reported to the warning sink, naming the source and the frame, and reading ends with
 * the complete frames before it. Anything else where a frame should start is a {@link Y4mFormatException}.
 *
 * <pre>{@code
 * try (Y4mReader reader = Y4mFiles.open(new Path(uri), conf)) {       // or new Y4mReader(stream, name)
 *     for (LumaFrame frame = reader.readFrame(); frame != null; frame = reader.readFrame()) { ... }
 * }
 * }</pre>
 */
public final class Y4mReader implements Closeable {
    /** Longest stream or frame header line accepted; real ones are well under 100 bytes. */
    static final int MAX_LINE = 64 * 1024;
    private static final byte[] FRAME = "FRAME".getBytes(StandardCharsets.US_ASCII);
    private static final System.Logger LOG = System.getLogger(Y4mReader.class.getName());

    private final InputStream in;
    private final String source;
    private final Consumer<String> warnings;
    private final Y4mHeader header;
    private final byte[] skip = new byte[64 * 1024];
    private long offset;
    private int framesRead;
    private boolean ended;
    private boolean truncated;

    /**
     * Reads the stream header of {@code in}; {@code source} names the stream in messages, {@code warnings}
     * receives the truncated-frame warning. The reader closes {@code in}.
     */
    public Y4mReader(InputStream in, String source, Consumer<String> warnings) throws IOException {
        this.in = in instanceof BufferedInputStream ? in : new BufferedInputStream(in, 256 * 1024);
        this.source = source;
        this.warnings = warnings;
        try {
            this.header = readHeader();
        } catch (IOException | RuntimeException e) {
            this.in.close();
            throw e;
        }
    }

    /** A reader whose warnings go to the {@code System.Logger} of this class. */
    public Y4mReader(InputStream in, String source) throws IOException {
        this(in, source, message -> LOG.log(System.Logger.Level.WARNING, message));
    }

    public Y4mHeader header() {
        return header;
    }

    /** The name used in messages. */
    public String source() {
        return source;
    }

    /** Complete frames returned so far. */
    public int framesRead() {
        return framesRead;
    }

    /** True once reading ended at a truncated last frame. */
    public boolean truncated() {
        return truncated;
    }

    /** The next frame's luma, or null at the end of the stream (or at a truncated last frame). */
    public LumaFrame readFrame() throws IOException {
        if (ended) {
            return null;
        }
        byte[] line = readLine(true);
        if (line == null) {
            ended = true;
            return null;
        }
        if (!startsWithFrame(line)) {
            throw new Y4mFormatException(source, "expected 'FRAME' at byte " + (offset - line.length - 1)
                    + " (frame " + framesRead + "), found '" + Y4mHeader.printable(line, 16) + "'");
        }
        int lumaBytes = header.width() * header.height();
        byte[] luma = in.readNBytes(lumaBytes);
        offset += luma.length;
        long chromaBytes = header.colourSpace().chromaBytes(header.width(), header.height());
        long chroma = luma.length < lumaBytes ? 0 : skipChroma(chromaBytes);
        if (luma.length < lumaBytes || chroma < chromaBytes) {
            return truncatedFrame((luma.length + chroma) + " of " + header.frameBytes() + " bytes");
        }
        return new LumaFrame(framesRead++, header.width(), header.height(), luma);
    }

    /** Reads and drops the chroma planes; returns how many of their bytes the stream had. */
    private long skipChroma(long bytes) throws IOException {
        long left = bytes;
        while (left > 0) {
            int n = in.read(skip, 0, (int) Math.min(skip.length, left));
            if (n < 0) {
                break;
            }
            left -= n;
            offset += n;
        }
        return bytes - left;
    }

    private LumaFrame truncatedFrame(String what) {
        ended = true;
        truncated = true;
        warnings.accept(source + ": frame " + framesRead + " is truncated (" + what + "); using the "
                + framesRead + " complete frame" + (framesRead == 1 ? "" : "s") + " before it");
        return null;
    }

    private static boolean startsWithFrame(byte[] line) {
        if (line.length < FRAME.length || (line.length > FRAME.length && line[FRAME.length] != ' ')) {
            return false;
        }
        for (int i = 0; i < FRAME.length; i++) {
            if (line[i] != FRAME[i]) {
                return false;
            }
        }
        return true;
    }

    private Y4mHeader readHeader() throws IOException {
        byte[] start = in.readNBytes(Y4mHeader.MAGIC.length());
        offset += start.length;
        String magic = new String(start, StandardCharsets.ISO_8859_1);
        if (!magic.equals(Y4mHeader.MAGIC)) {
            throw new Y4mFormatException(source, start.length == 0 ? "empty file, not a YUV4MPEG2 stream"
                    : "not a YUV4MPEG2 file: it starts with '" + Y4mHeader.printable(start, 10)
                            + "' instead of 'YUV4MPEG2 '");
        }
        byte[] rest = readLine(false);
        if (rest == null) {
            throw new Y4mFormatException(source, "malformed YUV4MPEG2 header: the stream ends before the "
                    + "header's newline");
        }
        return Y4mHeader.parse(magic + new String(rest, StandardCharsets.ISO_8859_1), source);
    }

    /**
     * The bytes up to the next newline (dropped). At the end of the stream: null if nothing was read; a
     * line cut short by the end is a truncated frame header when {@code frameLine}, else null.
     */
    private byte[] readLine(boolean frameLine) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (frameLine && line.size() > 0) {
                    truncatedFrame("its FRAME line has " + line.size() + " bytes and no newline");
                }
                return null;
            }
            offset++;
            if (b == '\n') {
                return line.toByteArray();
            }
            if (line.size() >= MAX_LINE) {
                throw new Y4mFormatException(source, (frameLine ? "frame " + framesRead + " header" : "header")
                        + " line has no newline within " + MAX_LINE + " bytes");
            }
            line.write(b);
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
