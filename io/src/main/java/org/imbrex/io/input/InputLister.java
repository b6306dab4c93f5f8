package org.imbrex.io.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Expands the inputs of a search into the files to scan, on any Hadoop file system ({@code file:},
 * {@code hdfs:}, {@code s3a:} …).
 * <pre>
 *   input                          gives
 *   /data/a.bin                    that file
 *   /data/dumps                    every file below it, at any depth (hidden files too)
 *   hdfs:///logs/2024-*.bin        every match of the glob; a matched directory gives every file below it
 * </pre>
 * Files are sorted by qualified path, each listed once however many inputs name it; empty files are
 * listed. {@link ByteRangeInputFormat} lists with this same code, so the driver and the splits agree on
 * the file set. Each input must give at least one file:
 * <pre>{@code
 * InputLister.list(conf, List.of("/data/dumps", "/data/x*.bin"));
 * // [InputFile[path=file:/data/dumps/a.bin, length=4096], InputFile[path=file:/data/x1.bin, length=0]]
 * // or InputException: input '/data/x*.bin' matches no file
 * }</pre>
 * Files are listed, not opened: a file that cannot be read fails when a task opens it, naming the file.
 */
public final class InputLister {
    private InputLister() {
    }

    /** The files of {@code inputs}, sorted and distinct. */
    public static List<InputFile> list(Configuration conf, List<String> inputs) throws IOException {
        return files(located(conf, inputs));
    }

    /** The files of {@code inputs} with their block locations, sorted and distinct. */
    public static List<LocatedFileStatus> located(Configuration conf, List<String> inputs) throws IOException {
        List<Path> paths = new ArrayList<>();
        for (String input : inputs) {
            paths.add(toPath(input));
        }
        return statuses(conf, paths, inputs);
    }

    /** Path and length of each listed file. */
    public static List<InputFile> files(List<LocatedFileStatus> statuses) {
        List<InputFile> files = new ArrayList<>();
        for (LocatedFileStatus status : statuses) {
            files.add(new InputFile(status.getPath().toString(), status.getLen()));
        }
        return files;
    }

    /** The located statuses of the files of {@code inputs}, sorted and distinct; {@code names} label errors. */
    static List<LocatedFileStatus> statuses(Configuration conf, List<Path> inputs, List<String> names)
            throws IOException {
        Map<String, LocatedFileStatus> files = new TreeMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            expand(conf, inputs.get(i), names.get(i), files);
        }
        return new ArrayList<>(files.values());
    }

    private static void expand(Configuration conf, Path input, String name, Map<String, LocatedFileStatus> files)
            throws InputException {
        try {
            FileSystem fs = input.getFileSystem(conf);
            FileStatus[] matches = fs.globStatus(input);
            if (matches == null || (matches.length == 0 && !isGlob(name))) {
                throw new InputException(name, "does not exist", null);
            }
            if (matches.length == 0) {
                throw new InputException(name, "matches no file", null);
            }
            int found = 0;
            for (FileStatus match : matches) {
                for (LocatedFileStatus file : filesBelow(fs, match)) {
                    files.putIfAbsent(file.getPath().toString(), file);
                    found++;
                }
            }
            if (found == 0) {
                throw new InputException(name, isGlob(name) ? "matches only empty directories"
                        : "is an empty directory", null);
            }
        } catch (InputException problem) {
            throw problem;
        } catch (IOException | IllegalArgumentException problem) {
            throw new InputException(name, "cannot be listed: " + problem.getMessage(), problem);
        }
    }

    /**
     * The files at or below {@code match}. On the local file system by a walk of {@code listStatus}, because
     * its {@code listFiles} reads each file's permissions, by running {@code ls} once per file without
     * Hadoop's native library (about 3 ms a file: a minute for 20,000 files); on Hadoop's own local file
     * system classes by {@link LocalWalk}, which gives the same statuses with one {@code stat} per entry;
     * elsewhere by {@code listFiles}, which object stores answer with one flat listing instead of a walk.
     */
    private static List<LocatedFileStatus> filesBelow(FileSystem fs, FileStatus match) throws IOException {
        List<LocatedFileStatus> files = new ArrayList<>();
        if (LocalWalk.applies(fs)) {
            LocalWalk.filesBelow(fs, match, files);
            return files;
        }
        if (fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem) {
            walk(fs, match, files);
            return files;
        }
        RemoteIterator<LocatedFileStatus> below = fs.listFiles(match.getPath(), true);
        while (below.hasNext()) {
            LocatedFileStatus file = below.next();
            if (file.isFile()) {
                files.add(file);
            }
        }
        return files;
    }

    /** The files at or below {@code status} by a walk of Hadoop's {@code listStatus}. */
    static void walk(FileSystem fs, FileStatus status, List<LocatedFileStatus> files) throws IOException {
        if (status.isFile()) {
            // Not new LocatedFileStatus(status, blocks): it copies the permissions, which is what costs.
            files.add(new LocatedFileStatus(status.getLen(), false, status.getReplication(), status.getBlockSize(),
                    status.getModificationTime(), status.getAccessTime(), null, null, null, null, status.getPath(),
                    fs.getFileBlockLocations(status, 0, status.getLen())));
        } else if (status.isDirectory()) {
            for (FileStatus child : fs.listStatus(status.getPath())) {
                walk(fs, child, files);
            }
        }
    }

    private static Path toPath(String input) throws InputException {
        if (input == null || input.isBlank()) {
            throw new InputException(String.valueOf(input), "is empty", null);
        }
        try {
            return new Path(input);
        } catch (IllegalArgumentException problem) {
            throw new InputException(input, "is not a path: " + problem.getMessage(), problem);
        }
    }

    /** True when Hadoop's glob syntax would expand the input ({@code * ? [ ] { }}). */
    static boolean isGlob(String input) {
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            if (c == '*' || c == '?' || c == '[' || c == '{') {
                return true;
            }
        }
        return false;
    }
}
