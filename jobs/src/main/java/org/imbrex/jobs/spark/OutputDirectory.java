package org.imbrex.jobs.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A job's output directory, committed atomically: the table is written to a staging directory beside
 * the output and renamed into place only when the whole write succeeded.
 *
 * <pre>
 *   out/                         (absent, empty, or replaced only with --overwrite)
 *   .out._imbrex_incomplete_ID/  staging: what a failed or killed job leaves behind, never "out"
 * </pre>
 * So a table at {@code out} always reads as complete. Example: {@code OutputDirectory dir =
 * OutputDirectory.prepare("file:/data/matches", false, conf); ...write to dir.staging()...; dir.commit();}
 */
public final class OutputDirectory {
    /** Marks staging directories: a directory with this in its name is an unfinished job's output. */
    public static final String INCOMPLETE_MARK = "_imbrex_incomplete_";
    private static final String TEMPORARY = "_temporary";

    private final FileSystem fs;
    private final Path output;
    private final Path staging;
    private final boolean overwrite;

    private OutputDirectory(FileSystem fs, Path output, Path staging, boolean overwrite) {
        this.fs = fs;
        this.output = output;
        this.staging = staging;
        this.overwrite = overwrite;
    }

    /**
     * Checks the output before any work starts: an existing non-empty directory (or a file) is refused
     * unless {@code overwrite}; so is a path below a regular file, or in a directory imbrex cannot write.
     */
    public static OutputDirectory prepare(String location, boolean overwrite, Configuration conf) {
        return prepare("--output", location, overwrite, conf);
    }

    /** {@link #prepare(String, boolean, Configuration)} for the directory of {@code option} (e.g. {@code --render}). */
    public static OutputDirectory prepare(String option, String location, boolean overwrite, Configuration conf) {
        try {
            Path path = new Path(location);
            FileSystem fs = OutputFileSystem.of(path, conf);
            Path output = fs.makeQualified(path);
            if (fs.exists(output) && !overwrite) {
                FileStatus status = fs.getFileStatus(output);
                if (!status.isDirectory()) {
                    throw new IllegalArgumentException(option + " " + location
                            + " exists and is a file; choose another path or pass --overwrite");
                }
                if (fs.listStatus(output).length > 0) {
                    throw new IllegalArgumentException(option + " " + location
                            + " exists and is not empty; choose another path or pass --overwrite");
                }
            }
            refuseInsideAFile(fs, output, option + " " + location);
            String id = Long.toString(System.currentTimeMillis(), 36)
                    + Long.toString(ProcessHandle.current().pid(), 36);
            Path staging = new Path(output.getParent(), "." + output.getName() + INCOMPLETE_MARK + id);
            probeWritable(fs, staging, option + " " + location);
            return new OutputDirectory(fs, output, staging, overwrite);
        } catch (IOException e) {
            throw new UncheckedIOException(option + " " + location + ": " + e.getMessage(), e);
        }
    }

    /** The nearest existing ancestor of the output must be a directory: a path below a regular file cannot be made. */
    private static void refuseInsideAFile(FileSystem fs, Path output, String argument) throws IOException {
        Path ancestor = output.getParent();
        while (ancestor != null && !fs.exists(ancestor)) {
            ancestor = ancestor.getParent();
        }
        if (ancestor != null && !fs.getFileStatus(ancestor).isDirectory()) {
            throw new IllegalArgumentException(argument + " is inside " + ancestor
                    + ", which is a file, not a directory");
        }
    }

    /**
     * Creates and removes the staging directory, so that an output the job cannot write is refused before any
     * task runs, not after the last one.
     */
    private static void probeWritable(FileSystem fs, Path staging, String argument) {
        try {
            if (!fs.mkdirs(staging)) {
                throw new IOException("mkdirs returned false");
            }
            fs.delete(staging, true);
        } catch (IOException e) {
            throw new IllegalArgumentException(argument + " cannot be written: " + staging.getParent()
                    + " does not let imbrex create a directory (" + e.getClass().getSimpleName() + ": "
                    + e.getMessage() + ")");
        }
    }

    /**
     * Refuses an output that is or holds one of {@code paths} (qualified), e.g. an input file: replacing the
     * output would delete it.
     *
     * @param role what the paths are, for the message, e.g. "input file"
     */
    public void checkHoldsNone(List<String> paths, String role) {
        String directory = output.toString().endsWith("/") ? output.toString() : output + "/";
        for (String path : paths) {
            if (path.equals(output.toString()) || path.startsWith(directory)) {
                throw new IllegalArgumentException("--output " + output + " holds the " + role + " " + path
                        + "; writing the table there would delete it");
            }
        }
    }

    /** Where the job writes its table. */
    public String staging() {
        return staging.toString();
    }

    /**
     * Where a task attempt writes its part file of the table: below {@code _temporary} in the staging
     * directory, in a directory of its own, so that attempts of the same part (a retry, a speculative copy)
     * never write the same file. Only the files the driver accepts are moved into the table ({@link
     * #commitParts}).
     *
     * <pre>
     *   .out._imbrex_incomplete_ID/_temporary/attempt-17/part-00003-JOB-c000.snappy.parquet   attempt 17
     *   .out._imbrex_incomplete_ID/part-00003-JOB-c000.snappy.parquet                         after commitParts
     * </pre>
     */
    public static Path attemptFile(String staging, long taskAttempt, String name) {
        return new Path(new Path(new Path(staging, TEMPORARY), "attempt-" + taskAttempt), name);
    }

    /**
     * Moves the accepted part files (written at {@link #attemptFile}) into the staged table, removes what
     * other attempts left in {@code _temporary}, and marks the table complete with {@code _SUCCESS}.
     */
    public void commitParts(List<String> attemptFiles) {
        commitInto(staging, attemptFiles);
        dropTemporary();
    }

    /**
     * For a job that writes several tables below its output ({@code out/rules}, {@code out/strings}): moves
     * the accepted part files of table {@code table} (written at {@link #attemptFile} as {@code
     * table/part-…}) into {@code staging/table/} and marks that table complete with {@code _SUCCESS}. The
     * caller drops {@code _temporary} ({@link #dropTemporary}) once every table is committed.
     */
    public void commitTable(String table, List<String> attemptFiles) {
        commitInto(new Path(staging, table), attemptFiles);
    }

    /** Moves the accepted part files into {@code directory} and writes its {@code _SUCCESS}. */
    private void commitInto(Path directory, List<String> attemptFiles) {
        try {
            fs.mkdirs(directory);
            for (String file : attemptFiles) {
                Path from = new Path(file);
                Path to = new Path(directory, from.getName());
                if (!fs.rename(from, to)) {
                    throw new IOException("rename " + from + " → " + to + " failed");
                }
            }
            fs.create(new Path(directory, "_SUCCESS"), true).close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot commit the parts of " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Removes {@code _temporary} below the staging directory: the attempts' files, once what counts was copied. */
    public void dropTemporary() {
        try {
            fs.delete(new Path(staging, TEMPORARY), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean " + staging + ": " + e.getMessage(), e);
        }
    }

    /** The final location. */
    public String output() {
        return output.toString();
    }

    /** Moves the finished table into place (replacing the old one when overwriting). */
    public void commit() {
        try {
            if (fs.exists(output)) {
                if (!overwrite && fs.listStatus(output).length > 0) {
                    throw new IllegalStateException("--output " + output + " was filled by someone else meanwhile");
                }
                fs.delete(output, true);
            }
            if (output.getParent() != null) {
                fs.mkdirs(output.getParent());
            }
            if (!fs.rename(staging, output)) {
                throw new IOException("rename " + staging + " → " + output + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot commit the table to " + output + ": " + e.getMessage(), e);
        }
    }

    /** Removes the staging directory after a failure (best effort: a killed driver leaves it marked). */
    public void abort() {
        try {
            fs.delete(staging, true);
        } catch (IOException ignored) {
            // The directory name already marks it as incomplete.
        }
    }
}
