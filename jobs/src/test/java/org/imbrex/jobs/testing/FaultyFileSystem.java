package org.imbrex.jobs.testing;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.AccessDeniedException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The local disk under another scheme, {@code faulty:}, whose files named {@code *.unreadable} cannot be
 * opened: an input that lists fine on the driver and fails in the task that reads it, as a file without
 * read permission does on a cluster. Below a directory named {@code unwritable}, creating {@code part-*}
 * files fails as a full disk does: a table write that fails half-way. It also shows that inputs go
 * through Hadoop's {@code FileSystem} for whatever scheme they name.
 *
 * <p>Example: {@code faulty:///tmp/data/a.bin} is {@code /tmp/data/a.bin}; {@link LocalSpark} registers the
 * scheme ({@code spark.hadoop.fs.faulty.impl}).
 */
public final class FaultyFileSystem extends RawLocalFileSystem {
    public static final String SCHEME = "faulty";
    /** Files whose names end so cannot be opened. */
    public static final String UNREADABLE = ".unreadable";
    /** Table part files cannot be created below a directory of this name. */
    public static final String UNWRITABLE = "unwritable";

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FSDataInputStream open(Path path, int bufferSize) throws IOException {
        if (path.getName().endsWith(UNREADABLE)) {
            throw new AccessDeniedException(path.toString(), null, "Permission denied");
        }
        return super.open(path, bufferSize);
    }

    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
        return withoutLocalPermissions(super.getFileStatus(path));
    }

    @Override
    public FileStatus[] listStatus(Path path) throws IOException {
        FileStatus[] statuses = super.listStatus(path);
        for (int i = 0; i < statuses.length; i++) {
            statuses[i] = withoutLocalPermissions(statuses[i]);
        }
        return statuses;
    }

    /** The local file system reads permissions lazily through a {@code file:} URI, which this scheme is not. */
    private static FileStatus withoutLocalPermissions(FileStatus status) {
        return new FileStatus(status.getLen(), status.isDirectory(), status.getReplication(), status.getBlockSize(),
                status.getModificationTime(), status.getAccessTime(), FsPermission.getFileDefault(), "imbrex",
                "imbrex", status.getPath());
    }

    @Override
    public File pathToFile(Path path) {
        checkPath(path);
        Path absolute = path.isAbsolute() ? path : new Path(getWorkingDirectory(), path);
        return new File(absolute.toUri().getPath());
    }

    @Override
    protected OutputStream createOutputStreamWithMode(Path path, boolean append, FsPermission permission)
            throws IOException {
        if (path.getName().startsWith("part-") && path.toString().contains("/" + UNWRITABLE + "/")) {
            throw new IOException("No space left on device (writing " + path + ")");
        }
        return super.createOutputStreamWithMode(path, append, permission);
    }

    /** A local path as a {@code faulty:} URI string. */
    public static String uri(java.nio.file.Path path) {
        return SCHEME + "://" + path.toAbsolutePath().toUri().getPath();
    }
}
