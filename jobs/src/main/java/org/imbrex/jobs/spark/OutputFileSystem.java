package org.imbrex.jobs.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

/**
 * The file system imbrex writes its tables, directories and single files through: a path's own, except on
 * the local file system, where it is a raw local file system that sets permissions itself.
 *
 * <pre>
 *   file:/out/t/part-0.parquet   Hadoop's LocalFileSystem   chmod child process, .part-0.parquet.crc beside it
 *                                → {@link LocalWrites}     open(2) and chmod(2), nothing beside the file
 *   hdfs://nn/out/t/part-0…      DistributedFileSystem     unchanged
 * </pre>
 * Hadoop's checksummed local file system writes a {@code .crc} side file beside every file, which only
 * Hadoop reads; and without Hadoop's native library its raw one gives every file and directory it creates
 * its permission by running {@code chmod} in a child process (about 5 ms each; a search made a dozen).
 * The permissions are the same (0644 and 0755 under the usual umask 022). Example: {@code
 * OutputFileSystem.of(path, conf).mkdirs(path)}.
 */
public final class OutputFileSystem {
    private OutputFileSystem() {
    }

    /**
     * The file system to write {@code path} through: {@link LocalWrites} where the path's is Hadoop's own
     * local one (a class configured as {@code fs.file.impl} in its place is kept).
     */
    public static FileSystem of(Path path, Configuration conf) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        if (fs.getClass() != LocalFileSystem.class && fs.getClass() != RawLocalFileSystem.class) {
            return fs;
        }
        LocalWrites local = new LocalWrites();
        local.initialize(fs.getUri(), conf);
        return local;
    }

    /**
     * {@code path} as a Parquet output file, written through {@link #of}; a local one's directory is made
     * first, as Hadoop's {@code create} makes it.
     */
    static OutputFile parquetFile(Path path, Configuration conf) throws IOException {
        FileSystem fs = of(path, conf);
        if (!(fs instanceof LocalWrites)) {
            return HadoopOutputFile.fromPath(path, conf);
        }
        Path qualified = fs.makeQualified(path);
        if (qualified.getParent() != null && !fs.mkdirs(qualified.getParent())) {
            throw new IOException("cannot create " + qualified.getParent());
        }
        return new LocalOutputFile(Paths.get(qualified.toUri()));
    }

    /** Hadoop's raw local file system, with permissions set by {@link Files#setPosixFilePermissions}. */
    static final class LocalWrites extends RawLocalFileSystem {
        @Override
        public void setPermission(Path p, FsPermission permission) throws IOException {
            String symbolic = permission.toString(); // "rw-r--r--"; a sticky bit adds a tenth letter
            if (NativeIO.isAvailable() || symbolic.length() != 9) {
                super.setPermission(p, permission);
                return;
            }
            try {
                Files.setPosixFilePermissions(pathToFile(p).toPath(), PosixFilePermissions.fromString(symbolic));
            } catch (UnsupportedOperationException notPosix) {
                super.setPermission(p, permission);
            }
        }
    }
}
