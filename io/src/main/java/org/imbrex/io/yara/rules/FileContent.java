package org.imbrex.io.yara.rules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The bytes of one file a rule set is evaluated on, read only if something needs them: its length is known
 * from the listing, and a file in which the scan found no atom usually needs nothing else (its rules are
 * false without their conditions being read, {@code StringGate}), so the evaluation does not read it again.
 * <pre>
 *   filesize                        length, no read
 *   a string checked, uint16(0),    bytes(): the whole file, read once on first use
 *   the pe module, a placed string
 *   the pe module of a file that    head(2): "MZ" or not, the rest unread (with a head reader)
 *   does not start with "MZ"
 * </pre>
 * Example: {@code FileContent.of(data)} for bytes in memory; {@code FileContent.lazy(length, () ->
 * read(path))} for a file read on first use.
 */
public final class FileContent {
    /** Reads a file's bytes. */
    @FunctionalInterface
    public interface Reader {
        byte[] read() throws IOException;
    }

    /**
     * Reads the file's first {@code into.length} bytes into {@code into} (never more than the file has). For a
     * file that starts with "MZ" the pe module reads the whole file after this: a second open, cheap for a local
     * file, a second request on a remote store (the search job gives a head reader for local files only).
     */
    @FunctionalInterface
    public interface HeadReader {
        void read(byte[] into) throws IOException;
    }

    private final long length;
    private final Reader reader;
    private final HeadReader headReader;
    private byte[] bytes;

    private FileContent(long length, Reader reader, HeadReader headReader, byte[] bytes) {
        this.length = length;
        this.reader = reader;
        this.headReader = headReader;
        this.bytes = bytes;
    }

    /** Bytes in memory. */
    public static FileContent of(byte[] data) {
        return new FileContent(data.length, null, null, data);
    }

    /** A file of {@code length} bytes that {@code reader} reads (once) when they are first needed. */
    public static FileContent lazy(long length, Reader reader) {
        return new FileContent(length, reader, null, null);
    }

    /**
     * The same, with {@code head} reading the file's first bytes alone: the pe module tells a file that does
     * not start with "MZ" from those, without reading the rest.
     */
    public static FileContent lazy(long length, Reader reader, HeadReader head) {
        return new FileContent(length, reader, head, null);
    }

    /** The file's size. */
    public long length() {
        return length;
    }

    /**
     * The file's first {@code n} bytes, or all of them if it is shorter: from memory if the file was read, else
     * through the head reader if there is one, else by reading the whole file.
     */
    public byte[] head(int n) {
        int count = (int) Math.min(n, length);
        if (bytes != null || headReader == null) {
            return Arrays.copyOf(bytes(), count);
        }
        byte[] head = new byte[count];
        try {
            headReader.read(head);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return head;
    }

    /**
     * The whole file, read now if it was not yet.
     *
     * @throws UncheckedIOException when reading fails, or gives another length than the listing's
     */
    public byte[] bytes() {
        if (bytes == null) {
            try {
                byte[] read = reader.read();
                if (read.length != length) {
                    throw new IOException("read " + read.length + " bytes of a file listed with " + length);
                }
                bytes = read;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return bytes;
    }
}
