package org.imbrex.io.video;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where the luma plane of every complete frame of a YUV4MPEG2 file starts, found without reading the
 * planes: the header is read, then each frame's {@code FRAME} line, and the planes between are skipped by
 * position. With it, frames (or rows of frames) can be read from anywhere in the file.
 *
 * <pre>
 *   0                       "YUV4MPEG2 W.. H.. ..\n"        header ({@link Y4mHeader})
 *   frameStart(0)           "FRAME[ params]\n"              a FRAME line: its length varies with its params
 *   lumaOffset(0)           Y (W·H) | Cb | Cr               frameBytes() = W·H + chroma
 *   frameStart(1) = lumaOffset(0) + frameBytes              "FRAME ...\n"
 *   lumaOffset(1) ...
 *   row y of frame f starts at lumaOffset(f) + y·W
 * </pre>
 * The rules are {@link Y4mReader}'s, with its messages: a last frame cut short (in its FRAME line or its
 * planes) is reported to the warning sink and left out; anything else where a frame should start, and
 * every header problem, is a {@link Y4mFormatException}. The index costs one small positioned read per
 * frame and 8 bytes per frame of memory.
 *
 * <pre>{@code
 * Y4mFrameIndex index = Y4mFrameIndex.read(fs, new Path("hdfs:///clips/a.y4m"), warnings::add);
 * try (FSDataInputStream in = fs.open(path)) {
 *     LumaFrame frame = Y4mFrameIndex.readRows(in, index.lumaOffset(12), 12, w, h, 0, h);   // frame 12
 * }
 * }</pre>
 */
public final class Y4mFrameIndex {
    private static final byte[] FRAME = {'F', 'R', 'A', 'M', 'E'};
    private static final int FIRST_LINE_READ = 128;

    private final String source;
    private final Y4mHeader header;
    private final long[] lumaOffsets;
    private final boolean truncated;

    private Y4mFrameIndex(String source, Y4mHeader header, long[] lumaOffsets, boolean truncated) {
        this.source = source;
        this.header = header;
        this.lumaOffsets = lumaOffsets;
        this.truncated = truncated;
    }

    /** Indexes {@code path} on {@code fs}; the truncated-frame warning goes to {@code warnings}. */
    public static Y4mFrameIndex read(FileSystem fs, Path path, Consumer<String> warnings) throws IOException {
        String source = path.toString();
        long length = fs.getFileStatus(path).getLen();
        try (FSDataInputStream in = fs.open(path)) {
            return read(in, source, length, warnings);
        }
    }

    /** Indexes the first {@code length} bytes of {@code in}, named {@code source} in messages. */
    static Y4mFrameIndex read(FSDataInputStream in, String source, long length, Consumer<String> warnings)
            throws IOException {
        return new Builder(in, source, length, warnings).build();
    }

    /** The name used in messages (the path as given). */
    public String source() {
        return source;
    }

    public Y4mHeader header() {
        return header;
    }

    /** Complete frames. */
    public int frames() {
        return lumaOffsets.length;
    }

    /** Byte offset of frame {@code frame}'s luma plane (frames count from 0). */
    public long lumaOffset(int frame) {
        return lumaOffsets[frame];
    }

    /** The luma offsets of frames {@code [from, to)}. */
    public long[] lumaOffsets(int from, int to) {
        return Arrays.copyOfRange(lumaOffsets, from, to);
    }

    /** True when the file ends in a truncated frame (left out of the index). */
    public boolean truncated() {
        return truncated;
    }

    /**
     * Reads rows {@code [firstRow, endRow)} of the luma plane at {@code lumaOffset} into a full-size
     * {@code width × height} frame; its other rows stay 0 and must not be used. A whole frame is {@code
     * readRows(in, offset, index, w, h, 0, h)}. {@code index} is the frame's number in the file.
     */
    public static LumaFrame readRows(FSDataInputStream in, long lumaOffset, int index, int width, int height,
            int firstRow, int endRow) throws IOException {
        if (firstRow < 0 || endRow > height || firstRow > endRow) {
            throw new IllegalArgumentException("rows " + firstRow + ".." + endRow + " are outside a frame of "
                    + height + " rows");
        }
        byte[] luma = new byte[width * height];
        in.seek(lumaOffset + (long) firstRow * width);
        in.readFully(luma, firstRow * width, (endRow - firstRow) * width);
        return new LumaFrame(index, width, height, luma);
    }

    /** One pass over a file's FRAME lines. */
    private static final class Builder {
        private final FSDataInputStream in;
        private final String source;
        private final long length;
        private final Consumer<String> warnings;

        Builder(FSDataInputStream in, String source, long length, Consumer<String> warnings) {
            this.in = in;
            this.source = source;
            this.length = length;
            this.warnings = warnings;
        }

        Y4mFrameIndex build() throws IOException {
            byte[] start = read(0, (int) Math.min(length, Y4mHeader.MAGIC.length() + Y4mReader.MAX_LINE + 1));
            Y4mHeader header;
            // Y4mReader checks the header (magic, line limit, parameters) with the messages users know.
            try (Y4mReader reader = new Y4mReader(new ByteArrayInputStream(start), source, warnings)) {
                header = reader.header();
            }
            long position = indexOf(start, 0, start.length) + 1;
            long[] offsets = new long[16];
            int frames = 0;
            boolean truncated = false;
            while (position < length) {
                byte[] line = frameLine(position, frames);
                if (line == null) {
                    truncated = true;
                    break;
                }
                long luma = position + line.length + 1;
                if (luma + header.frameBytes() > length) {
                    truncated = warnTruncated(frames, (length - luma) + " of " + header.frameBytes() + " bytes");
                    break;
                }
                if (frames == offsets.length) {
                    offsets = Arrays.copyOf(offsets, 2 * frames);
                }
                offsets[frames++] = luma;
                position = luma + header.frameBytes();
            }
            return new Y4mFrameIndex(source, header, Arrays.copyOf(offsets, frames), truncated);
        }

        /**
         * The FRAME line at {@code position} without its newline, or null (after the warning) when the file
         * ends inside it.
         */
        private byte[] frameLine(long position, int frame) throws IOException {
            int want = FIRST_LINE_READ;
            while (true) {
                int limit = Y4mReader.MAX_LINE + 1;
                byte[] bytes = read(position, (int) Math.min(length - position, Math.min(want, limit)));
                int newline = indexOf(bytes, 0, bytes.length);
                if (newline >= 0) {
                    byte[] line = Arrays.copyOf(bytes, newline);
                    if (!startsWithFrame(line)) {
                        throw new Y4mFormatException(source, "expected 'FRAME' at byte " + position + " (frame "
                                + frame + "), found '" + Y4mHeader.printable(line, 16) + "'");
                    }
                    return line;
                }
                if (position + bytes.length == length && bytes.length <= Y4mReader.MAX_LINE) {
                    warnTruncated(frame, "its FRAME line has " + bytes.length + " bytes and no newline");
                    return null;
                }
                if (bytes.length == limit) {
                    throw new Y4mFormatException(source, "frame " + frame + " header line has no newline within "
                            + Y4mReader.MAX_LINE + " bytes");
                }
                want *= 8;
            }
        }

        private boolean warnTruncated(int frame, String what) {
            warnings.accept(source + ": frame " + frame + " is truncated (" + what + "); using the " + frame
                    + " complete frame" + (frame == 1 ? "" : "s") + " before it");
            return true;
        }

        private byte[] read(long position, int count) throws IOException {
            byte[] bytes = new byte[count];
            in.readFully(position, bytes, 0, count);
            return bytes;
        }
    }

    private static int indexOf(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
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
}
