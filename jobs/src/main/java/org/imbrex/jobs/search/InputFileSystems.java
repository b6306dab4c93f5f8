package org.imbrex.jobs.search;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.imbrex.io.input.RangeReader;

/**
 * The file systems a task reads its inputs through, looked up once per scheme and authority: on {@code
 * file:} the raw local one under Hadoop's checksum layer, so that reading is one plain positioned read
 * ({@link RangeReader} opens it as a channel) and opening a file does not look for its {@code .crc};
 * elsewhere (HDFS, object stores) the one the path names.
 * <pre>
 *   file:/data/a.bin          RawLocalFileSystem (LocalFileSystem.getRawFileSystem())
 *   hdfs://nn:8020/data/b     DistributedFileSystem of nn:8020
 * </pre>
 * Not thread-safe: one per task. Example: {@code RangeReader.open(inputs.of(range.path()), range)}.
 */
final class InputFileSystems {
    private static final String LOCAL_KEY = "file://null";

    private final Configuration conf;
    private final Map<String, FileSystem> fileSystems = new HashMap<>();

    InputFileSystems(Configuration conf) {
        this.conf = conf;
    }

    /** The file system to read {@code path} through. */
    FileSystem of(String path) throws IOException {
        // A local path as Hadoop prints it ("file:/…", no authority): its key without parsing it, once per range.
        if (RangeReader.localPath(path) != null) {
            FileSystem local = fileSystems.get(LOCAL_KEY);
            if (local != null) {
                return local;
            }
        }
        Path hadoopPath = new Path(path);
        String key = hadoopPath.toUri().getScheme() + "://" + hadoopPath.toUri().getAuthority();
        FileSystem fs = fileSystems.get(key);
        if (fs == null) {
            fs = hadoopPath.getFileSystem(conf);
            if (fs instanceof LocalFileSystem local) {
                fs = local.getRawFileSystem();
            }
            fileSystems.put(key, fs);
        }
        return fs;
    }
}
