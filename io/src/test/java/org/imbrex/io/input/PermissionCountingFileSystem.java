package org.imbrex.io.input;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The local disk under the scheme {@code counting:}, counting how often a listed file's permissions, owner or
 * group are read: what the local file system finds out by running {@code ls} once per file.
 *
 * <p>Example: {@code conf.set("fs.counting.impl", PermissionCountingFileSystem.class.getName())}, then list
 * {@code counting:///tmp/data} and read {@link #READS}.
 */
public final class PermissionCountingFileSystem extends RawLocalFileSystem {
    /** Reads of a permission, owner or group of any status this file system gave, since the last reset. */
    public static final AtomicInteger READS = new AtomicInteger();

    @Override
    public URI getUri() {
        return URI.create("counting:///");
    }

    @Override
    public String getScheme() {
        return "counting";
    }

    @Override
    public File pathToFile(Path path) {
        checkPath(path);
        Path absolute = path.isAbsolute() ? path : new Path(getWorkingDirectory(), path);
        return new File(absolute.toUri().getPath());
    }

    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
        return new CountingStatus(super.getFileStatus(path));
    }

    @Override
    public FileStatus[] listStatus(Path path) throws IOException {
        FileStatus[] statuses = super.listStatus(path);
        for (int i = 0; i < statuses.length; i++) {
            statuses[i] = new CountingStatus(statuses[i]);
        }
        return statuses;
    }

    private static final class CountingStatus extends FileStatus {
        private static final long serialVersionUID = 1L;

        CountingStatus(FileStatus status) {
            super(status.getLen(), status.isDirectory(), status.getReplication(), status.getBlockSize(),
                    status.getModificationTime(), status.getAccessTime(), FsPermission.getFileDefault(), "imbrex",
                    "imbrex", status.getPath());
        }

        @Override
        public FsPermission getPermission() {
            READS.incrementAndGet();
            return super.getPermission();
        }

        @Override
        public String getOwner() {
            READS.incrementAndGet();
            return super.getOwner();
        }

        @Override
        public String getGroup() {
            READS.incrementAndGet();
            return super.getGroup();
        }
    }
}
