package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Creates the files users open one by one ({@code motion.csv}, the PNGs) on any Hadoop file system. On
 * the local file system they are written without Hadoop's {@code .name.crc} side files, which only
 * Hadoop reads and which would double the listing of a directory of pictures.
 *
 * <p>Example: {@code try (OutputStream out = SingleFiles.create(new Path(dir, "motion.csv"), conf)) {...}}.
 */
final class SingleFiles {
    private SingleFiles() {
    }

    /** Creates (or replaces) {@code file}. */
    static OutputStream create(Path file, Configuration conf) throws IOException {
        FileSystem fs = file.getFileSystem(conf);
        if (fs instanceof ChecksumFileSystem checksummed) {
            fs = checksummed.getRawFileSystem();
        }
        return fs.create(file, true);
    }
}
