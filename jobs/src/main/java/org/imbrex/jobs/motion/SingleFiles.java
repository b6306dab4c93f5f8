package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.imbrex.jobs.spark.OutputFileSystem;

/**
 * Creates the files users open one by one ({@code motion.csv}, the PNGs) on any Hadoop file system, through
 * {@link OutputFileSystem}: on the local file system without Hadoop's {@code .name.crc} side files, which
 * only Hadoop reads and which would double the listing of a directory of pictures.
 *
 * <p>Example: {@code try (OutputStream out = SingleFiles.create(new Path(dir, "motion.csv"), conf)) {...}}.
 */
final class SingleFiles {
    private SingleFiles() {
    }

    /** Creates (or replaces) {@code file}. */
    static OutputStream create(Path file, Configuration conf) throws IOException {
        return OutputFileSystem.of(file, conf).create(file, true);
    }
}
