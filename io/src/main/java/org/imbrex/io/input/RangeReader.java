package org.imbrex.io.input;

import java.io.Closeable;
import java.io.EOFException;
import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Positioned reads of one input file, for the tiles of a range. On Hadoop's local file system the file is
 * opened as a {@link FileChannel}: {@code RawLocalFileSystem.open} first asks for the file's status and then
 * wraps the stream in buffers and I/O statistics, which costs about 25 µs a file, as much as scanning 8 KiB;
 * a collection of small files pays it for every file. Every other file system (HDFS, object stores, a
 * checksummed local one a caller chose, a subclass of the local one) is read through {@code FileSystem.open}.
 * <pre>
 *   path                        fs                                 read through
 *   file:/data/a.bin            RawLocalFileSystem                 FileChannel of /data/a.bin
 *   file:/data/a.bin            LocalFileSystem (checksums)        fs.open (verifies the .crc files)
 *   hdfs://nn/data/a.bin        DistributedFileSystem              fs.open
 * </pre>
 * Reads past the end of the file throw {@link EOFException}, as {@link FSDataInputStream#readFully} does.
 * Example: {@code try (RangeReader in = RangeReader.open(fs, range)) { in.readFully(4096, bytes, 0, 512); }}
 */
public abstract class RangeReader implements PositionedReadable, Closeable {

    /** Opens the file of {@code range} on {@code fs}. */
    public static RangeReader open(FileSystem fs, ByteRange range) throws IOException {
        // Exactly Hadoop's class: a subclass may read differently (a test's faulty one does).
        String local = fs.getClass() == RawLocalFileSystem.class ? localPath(range.path()) : null;
        if (local != null) {
            return new ChannelReader(local);
        }
        return new StreamReader(fs.open(range.toPath()));
    }

    /**
     * The local path of a {@code file:} path as Hadoop prints it ({@code file:/data/a b.bin}: the scheme, then
     * the decoded path), or null for any other form (an authority, another scheme), which Hadoop's own
     * parsing then handles.
     */
    public static String localPath(String path) {
        if (path.startsWith("file:/") && !path.startsWith("file://")) {
            return path.substring("file:".length());
        }
        return null;
    }

    @Override
    public void readFully(long position, byte[] buffer) throws IOException {
        readFully(position, buffer, 0, buffer.length);
    }

    /**
     * A local file through its channel, at most {@link #CHUNK_BYTES} per read: the JDK reads a heap array
     * through a temporary direct buffer as large as the read, and keeps only a few of them per thread, so
     * whole-file reads of files of many sizes each allocated and zeroed a new one (400 MiB of binaries read
     * whole: 0.7 s of zeroing and as much again in page faults). Chunks reuse one.
     * <pre>
     *   readFully(0, data[3.5 MiB])   →   read 1 MiB @0, 1 MiB @1Mi, 1 MiB @2Mi, 0.5 MiB @3Mi
     * </pre>
     */
    static final class ChannelReader extends RangeReader {
        static final int CHUNK_BYTES = 1 << 20;
        private final FileChannel channel;

        ChannelReader(String path) throws IOException {
            File file = new File(path);
            try {
                this.channel = FileChannel.open(file.toPath(), StandardOpenOption.READ);
            } catch (NoSuchFileException e) {
                FileNotFoundException missing = new FileNotFoundException("File file:" + path + " does not exist");
                missing.initCause(e);
                throw missing;
            }
            if (file.isDirectory()) {
                channel.close();
                throw new FileNotFoundException(path + " (Is a directory)");
            }
        }

        @Override
        public int read(long position, byte[] buffer, int offset, int length) throws IOException {
            return channel.read(ByteBuffer.wrap(buffer, offset, Math.min(length, CHUNK_BYTES)), position);
        }

        @Override
        public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
            ByteBuffer target = ByteBuffer.wrap(buffer, offset, length);
            long at = position;
            while (target.position() < offset + length) {
                target.limit(Math.min(offset + length, target.position() + CHUNK_BYTES));
                int n = channel.read(target, at);
                if (n < 0) {
                    throw new EOFException("End of file reached before reading fully: " + length + " bytes at "
                            + position + ", " + (at - position) + " read");
                }
                at += n;
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Any file system's stream. */
    private static final class StreamReader extends RangeReader {
        private final FSDataInputStream in;

        StreamReader(FSDataInputStream in) {
            this.in = in;
        }

        @Override
        public int read(long position, byte[] buffer, int offset, int length) throws IOException {
            return in.read(position, buffer, offset, length);
        }

        @Override
        public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
            in.readFully(position, buffer, offset, length);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
