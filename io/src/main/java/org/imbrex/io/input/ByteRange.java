package org.imbrex.io.input;

import java.io.Serializable;
import org.apache.hadoop.fs.Path;

/**
 * A byte range of a file to scan: its matches are those starting at offsets {@code [start, start +
 * length)}; their windows may run past the range end, never past the file end.
 *
 * <p>Example: {@code new ByteRange("hdfs://nn/data/a.bin", 134217728, 134217728, 300000000)} is the second
 * 128 MiB split of a 300 MB file.
 *
 * @param path       the file, as a fully qualified Hadoop path string
 * @param start      first offset of the range
 * @param length     bytes in the range, ≥ 0
 * @param fileLength the whole file's length, ≥ {@code start + length}
 */
public record ByteRange(String path, long start, long length, long fileLength) implements Serializable {
    private static final long serialVersionUID = 1L;

    public ByteRange {
        if (start < 0 || length < 0 || start > fileLength - length) {
            throw new IllegalArgumentException("range [" + start + ", +" + length + ") is not inside " + path
                    + " (" + fileLength + " bytes)");
        }
    }

    /** The whole file as one range. */
    public static ByteRange wholeFile(String path, long fileLength) {
        return new ByteRange(path, 0, fileLength, fileLength);
    }

    /** The first offset past the range. */
    public long end() {
        return start + length;
    }

    /** The path as a Hadoop {@link Path}. */
    public Path toPath() {
        return new Path(path);
    }
}
