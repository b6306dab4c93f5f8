package org.imbrex.io.video;

import java.io.IOException;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Opens YUV4MPEG2 files on any Hadoop file system (local, HDFS, object stores) as {@link Y4mReader}s. Kept
 * apart from the reader so that reading from a plain {@code InputStream} needs no Hadoop classes.
 *
 * <p>Example: {@code Y4mFiles.open(new Path("hdfs:///videos/clip.y4m"), conf)}; messages name the path.
 */
public final class Y4mFiles {
    private Y4mFiles() {
    }

    /** Opens {@code path} on {@code fs}; the truncated-frame warning goes to {@code warnings}. */
    public static Y4mReader open(FileSystem fs, Path path, Consumer<String> warnings) throws IOException {
        return new Y4mReader(fs.open(path), path.toString(), warnings);
    }

    /** Opens {@code path} on the file system its URI names; warnings are logged. */
    public static Y4mReader open(Path path, Configuration conf) throws IOException {
        return new Y4mReader(path.getFileSystem(conf).open(path), path.toString());
    }
}
