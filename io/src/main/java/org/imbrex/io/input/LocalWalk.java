package org.imbrex.io.input;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The files below a directory of Hadoop's local file system, as a walk of its {@code listStatus} finds them,
 * with one {@code stat} per entry: {@code RawLocalFileSystem.listStatus} asks five times per entry (exists,
 * length, is-directory, modification and access time) and builds three Hadoop paths, about 27 µs an entry,
 * half a second for 20,000 files. The statuses are the ones Hadoop's walk gives, field for field:
 * <pre>
 *   entry                       gives
 *   file (or fifo, device)      a file: length, the file system's block size, modification and access time,
 *                               the file system's block locations, path = directory's path + "/" + name
 *   directory (or link to one)  its entries, recursively
 *   .name.crc                   nothing, on the checksummed file system (LocalFileSystem hides them)
 *   broken link, vanished       nothing (Hadoop skips an entry gone between listing and stat)
 * </pre>
 * A name Hadoop's {@link Path} would escape or reparse (anything outside letters, digits and {@code
 * ._-+,=@~ }, or one ending in a space) gets its path from Hadoop's own construction instead, so every path
 * string is the one Hadoop prints. Example: {@code LocalWalk.filesBelow(fs, fs.getFileStatus(dir), files)}.
 */
final class LocalWalk {
    private LocalWalk() {
    }

    /** True when {@code fs} is exactly Hadoop's local file system (a subclass may list differently). */
    static boolean applies(FileSystem fs) {
        return fs.getClass() == org.apache.hadoop.fs.LocalFileSystem.class
                || fs.getClass() == org.apache.hadoop.fs.RawLocalFileSystem.class;
    }

    /** Adds the files at or below {@code status} to {@code files}. */
    static void filesBelow(FileSystem fs, FileStatus status, List<LocatedFileStatus> files) throws IOException {
        if (!status.isDirectory()) {
            files.add(new LocatedFileStatus(status.getLen(), false, status.getReplication(), status.getBlockSize(),
                    status.getModificationTime(), status.getAccessTime(), null, null, null, null, status.getPath(),
                    fs.getFileBlockLocations(status, 0, status.getLen())));
            return;
        }
        walk(fs, status.getPath(), fs instanceof ChecksumFileSystem, files);
    }

    private static void walk(FileSystem fs, Path directory, boolean hideChecksums, List<LocatedFileStatus> files)
            throws IOException {
        File local = new File(directory.toUri().getPath());
        String[] names = local.list();
        if (names == null) {
            throw new IOException("cannot list " + directory);
        }
        String parent = directory.toString();
        for (String name : names) {
            if (hideChecksums && name.startsWith(".") && name.endsWith(".crc")) {
                continue;
            }
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(new File(local, name).toPath(), BasicFileAttributes.class);
            } catch (NoSuchFileException gone) {
                continue;
            }
            Path child = isPlain(name)
                    ? new Path(parent.endsWith("/") ? parent + name : parent + "/" + name)
                    : hadoopChild(fs, directory, name);
            if (attributes.isDirectory()) {
                walk(fs, child, hideChecksums, files);
            } else {
                files.add(located(fs, child, attributes.size(), attributes.lastModifiedTime().toMillis(),
                        attributes.lastAccessTime().toMillis()));
            }
        }
    }

    private static LocatedFileStatus located(FileSystem fs, Path path, long length, long modified, long accessed)
            throws IOException {
        long blockSize = fs.getDefaultBlockSize(path);
        FileStatus status = new FileStatus(length, false, 1, blockSize, modified, path);
        return new LocatedFileStatus(length, false, 1, blockSize, modified, accessed, null, null, null, null, path,
                fs.getFileBlockLocations(status, 0, length));
    }

    /** The child's path as {@code RawLocalFileSystem.listStatus} makes it, for names it would reparse. */
    private static Path hadoopChild(FileSystem fs, Path directory, String name) {
        File file = new File(new Path(directory, new Path(null, null, name)).toUri().getPath());
        return new Path(file.getPath()).makeQualified(fs.getUri(), fs.getWorkingDirectory());
    }

    /** A name that a Hadoop path holds as it is: no escaping, no separator, no scheme, no trailing space. */
    static boolean isPlain(String name) {
        if (name.isEmpty() || name.endsWith(" ") || name.equals(".") || name.equals("..")) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || ".-_+,=@~ ".indexOf(c) >= 0;
            if (!plain) {
                return false;
            }
        }
        return true;
    }
}
