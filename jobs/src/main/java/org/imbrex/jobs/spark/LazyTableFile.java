package org.imbrex.jobs.spark;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.types.StructType;

/**
 * A task's part file of one table, created at its first row (or by {@link #open()}, for the part that must
 * exist even without rows), so that a task without rows leaves no file. A task that was killed before the
 * file exists does not create it.
 * <pre>
 *   new LazyTableFile(path, schema, format, conf)   nothing on disk
 *   write(row)                                      the file is created, the row written
 *   close()                                         the file is complete; written() is its path, or null
 * </pre>
 * Example: {@code try (LazyTableFile part = new LazyTableFile(path, MatchTable.SCHEMA, format, conf)) {
 * part.write(row); }}.
 */
public final class LazyTableFile implements AutoCloseable {
    private final Path path;
    private final StructType schema;
    private final TableFormat format;
    private final Configuration conf;
    private TableFile file;
    private boolean closed;

    public LazyTableFile(Path path, StructType schema, TableFormat format, Configuration conf) {
        this.path = path;
        this.schema = schema;
        this.format = format;
        this.conf = conf;
    }

    /** Creates the file now, if it does not exist yet. */
    public void open() throws IOException {
        if (file == null) {
            TaskContext task = TaskContext.get();
            if (task != null && task.isInterrupted()) {
                throw new IOException("the task was killed before it opened " + path);
            }
            file = TableFile.create(format, schema, path, conf);
        }
    }

    public void write(Object[] row) throws IOException {
        open();
        file.write(row);
    }

    /** The file's path once it exists, or null when it was never created. */
    public String written() {
        return file == null ? null : path.toString();
    }

    @Override
    public void close() throws IOException {
        if (file != null && !closed) {
            closed = true;
            file.close();
        }
    }
}
