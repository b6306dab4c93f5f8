package org.imbrex.jobs.search;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.cli.ByteSize;
import org.imbrex.jobs.spark.TableFormat;

/**
 * What the driver prints when a search is done: files, bytes, signatures, matches per signature, elapsed
 * time and throughput, where the table is, and the best matches.
 *
 * <pre>
 * imbrex search: 6 files, 6.0 MiB, 5 signatures: 40 matches in 3.1 s (1.9 MiB/s, 104.2 M byte-differences/s)
 *   signature                 matches
 *   elf64-header                    8
 *   ...
 * </pre>
 * Byte differences are bytes scanned × the summed signature lengths: the work msad4 does. The time is the
 * driver's checks plus the Spark jobs, without starting the Spark session (seconds that depend on the
 * machine, not on the search).
 */
public record SearchSummary(int files, long bytes, SearchPlan plan, List<Row> counts, List<Row> best,
        String table, TableFormat format, double seconds) {

    /** Prints the summary for users. */
    public void print(PrintStream out) {
        Map<String, Long> perSignature = new HashMap<>();
        long total = 0;
        for (Row row : counts) {
            perSignature.put(row.getString(0), row.getLong(1));
            total += row.getLong(1);
        }
        long signatureBytes = plan.signatures().stream().mapToLong(Signature::length).sum();
        double diffs = (double) bytes * signatureBytes;
        out.printf(Locale.ROOT, "imbrex search: %d files, %s, %d signatures: %d matches in %.1f s "
                + "(%s/s, %.1f M byte-differences/s)%n", files, ByteSize.format(bytes), plan.signatureCount(),
                total, seconds, ByteSize.format((long) (bytes / Math.max(seconds, 1e-9))), diffs / seconds / 1e6);
        out.printf(Locale.ROOT, "  %-32s %10s%n", "signature", "matches");
        for (Signature s : plan.signatures()) {
            out.printf(Locale.ROOT, "  %-32s %10d%n", s.name(), perSignature.getOrDefault(s.name(), 0L));
        }
        out.printf("table: %s (%s)%n", table, format.sparkFormat());
        if (!best.isEmpty()) {
            out.printf(Locale.ROOT, "best matches:%n  %-24s %6s %14s  %s%n", "signature", "sad", "offset", "path");
            for (Row row : best) {
                out.printf(Locale.ROOT, "  %-24s %6d %14d  %s%n", row.getString(0), row.getInt(4), row.getLong(2),
                        row.getString(1));
            }
        }
    }
}
