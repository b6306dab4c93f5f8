package org.imbrex.jobs.search;

import java.io.IOException;
import java.util.Iterator;
import org.imbrex.io.input.ByteRange;

/**
 * One task of a search without {@code --best}: scans its ranges ({@link ScanPartition}) and writes their
 * matches as part file number {@code part} ({@link WriteTablePart#write}: sorted by signature, path, offset,
 * spilling sorted runs when they are many), so the matches never leave the task but as rows of the table.
 * <pre>
 *   task 2   ranges of c.bin, d.bin → tiles → matches → sorted → part-00002-JOB-c000.snappy.parquet
 *            → WrittenPart (the file, its rows per signature, its best rows)
 * </pre>
 * Without a {@code --best} limit no match depends on another task's, so there is nothing to shuffle. Example:
 * {@code new RangeTasks<>(sc, tasks, new ScanAndWritePart(scan, write), tag).collect()}.
 */
final class ScanAndWritePart implements RangeTasks.Task<WrittenPart> {
    private static final long serialVersionUID = 1L;

    private final ScanPartition scan;
    private final WriteTablePart write;

    ScanAndWritePart(ScanPartition scan, WriteTablePart write) {
        this.scan = scan;
        this.write = write;
    }

    @Override
    public Iterator<WrittenPart> run(int part, Iterator<ByteRange> ranges) throws IOException {
        return write.write(part, scan.call(ranges));
    }
}
