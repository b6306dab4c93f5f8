package org.imbrex.io.video;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;

/**
 * A byte array as Hadoop's seekable, positioned-read stream, so that {@link Y4mFrameIndex} can index bytes
 * held in memory as it indexes a file.
 *
 * <p>Example: {@code Y4mFrameIndex.read(SeekableBytes.open(bytes), "clip.y4m", bytes.length, warnings::add)}.
 */
final class SeekableBytes extends ByteArrayInputStream implements Seekable, PositionedReadable {

    private SeekableBytes(byte[] bytes) {
        super(bytes);
    }

    /** {@code bytes} as an {@link FSDataInputStream} positioned at 0. */
    static FSDataInputStream open(byte[] bytes) {
        return new FSDataInputStream(new SeekableBytes(bytes));
    }

    @Override
    public synchronized void seek(long position) throws IOException {
        if (position < 0 || position > count) {
            throw new EOFException("seek to " + position + " outside 0.." + count);
        }
        pos = (int) position;
    }

    @Override
    public synchronized long getPos() {
        return pos;
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
        return false;
    }

    @Override
    public int read(long position, byte[] buffer, int offset, int length) {
        if (position >= count) {
            return -1;
        }
        int n = (int) Math.min(length, count - position);
        System.arraycopy(buf, (int) position, buffer, offset, n);
        return n;
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
        if (position < 0 || position + length > count) {
            throw new EOFException("read of " + length + " bytes at " + position + " past the end (" + count + ")");
        }
        System.arraycopy(buf, (int) position, buffer, offset, length);
    }

    @Override
    public void readFully(long position, byte[] buffer) throws IOException {
        readFully(position, buffer, 0, buffer.length);
    }
}
