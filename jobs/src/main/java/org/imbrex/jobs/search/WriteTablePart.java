package org.imbrex.jobs.search;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.LazyTableFile;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.TableFile;
import org.imbrex.jobs.spark.TableFormat;
import scala.Tuple2;

/**
 * One table-writing task: puts one part's matches in table order ({@link PartSorter}: in memory, spilling
 * sorted runs to disk if they are many), keeps the K best per signature with {@code --best K}, writes the
 * rows to the part file as they come, and reports what it wrote ({@link WrittenPart}).
 *
 * <pre>
 *   in (shuffled) the part's matches as the scan tasks sent them
 *   sorted        (mz, a, 0, sad 2) (mz, a, 9, sad 0) (mz, b, 4, sad 1) | (png, a, 3, sad 0) ...
 *   --best 2      scores counted as the rows come (BestQuota): mz has sad 0, 1, 2 → keep sad &lt; 2 → (mz, a, 9) (mz, b, 4)
 *   out           part-00001-JOB-c000.snappy.parquet below _temporary/attempt-N/, rows per signature, best rows
 * </pre>
 * Part 0 always writes a file, even without rows, so that an empty table still has its schema on disk.
 * Example: {@code shuffled.mapPartitionsWithIndex(new WriteTablePart(signatures, order, spec, spilled), false)
 * .collect()}.
 */
final class WriteTablePart implements Function2<Integer, Iterator<Tuple2<Match, Object>>, Iterator<WrittenPart>> {
    private static final long serialVersionUID = 1L;

    /**
     * How the table is written: where, in which format, under which job id, what the summary shows, and how
     * many bytes of matches a task sorts in memory before it spills a run ({@link PartSorter#RUN_BYTES}).
     */
    record Spec(String staging, String job, TableFormat format, HadoopConf hadoop, int best, int show,
            long runBytes) implements Serializable {
    }

    private final String[] names;
    private final int[] lengths;
    private final TableOrder order;
    private final Spec spec;
    private final LongAccumulator spilledRuns;

    /** {@code spilledRuns} counts the sorted runs the tasks spill to disk (the Spark UI shows it). */
    WriteTablePart(List<Signature> signatures, TableOrder order, Spec spec, LongAccumulator spilledRuns) {
        this.names = signatures.stream().map(Signature::name).toArray(String[]::new);
        this.lengths = signatures.stream().mapToInt(Signature::length).toArray();
        this.order = order;
        this.spec = spec;
        this.spilledRuns = spilledRuns;
    }

    /** The file name of part {@code part}, as Spark names them: {@code part-00003-JOB-c000.snappy.parquet}. */
    static String fileName(int part, String job, TableFormat format) {
        return TableFile.partName(part, job, format);
    }

    @Override
    public Iterator<WrittenPart> call(Integer part, Iterator<Tuple2<Match, Object>> shuffled) throws IOException {
        return write(part, new Iterator<>() {
            @Override
            public boolean hasNext() {
                return shuffled.hasNext();
            }

            @Override
            public Match next() {
                return shuffled.next()._1();
            }
        });
    }

    /** Writes {@code matches}, in any order, as part {@code part} of the table; reports what it wrote. */
    Iterator<WrittenPart> write(int part, Iterator<Match> matches) throws IOException {
        TaskContext task = TaskContext.get();
        Path file = OutputDirectory.attemptFile(spec.staging(), task == null ? 0 : task.taskAttemptId(),
                fileName(part, spec.job(), spec.format()));
        try (PartSorter parts = new PartSorter(order, spec.runBytes()); Part out = new Part(file)) {
            BestQuota best = spec.best() > 0 ? new BestQuota() : null;
            while (matches.hasNext()) {
                Match match = matches.next();
                parts.add(match);
                if (best != null) {
                    best.count(match);
                }
            }
            Iterator<Match> sorted = parts.sorted();
            spilledRuns.add(parts.spills());
            if (part == 0) {
                out.open();
            }
            if (best != null) {
                best.select(spec.best());
            }
            while (sorted.hasNext()) {
                Match match = sorted.next();
                if (best == null || best.keep(match)) {
                    out.write(match);
                }
            }
            out.close();
            return List.of(out.written(part)).iterator();
        }
    }

    /** The part file, opened at its first row, and the tallies of what went into it. */
    private final class Part implements AutoCloseable {
        private final List<Integer> signatures = new ArrayList<>();
        private final List<Long> rows = new ArrayList<>();
        private long currentRows;
        private final PriorityQueue<Match> best;
        private final LazyTableFile file;

        Part(Path path) {
            Comparator<Match> bestFirst = order.bestFirst();
            this.best = new PriorityQueue<>(bestFirst.reversed());
            this.file = new LazyTableFile(path, MatchTable.SCHEMA, spec.format(), spec.hadoop().toConfiguration());
        }

        void open() throws IOException {
            file.open();
        }

        void write(Match match) throws IOException {
            int s = match.signature();
            file.write(new Object[] {names[s], match.path(), match.offset(), lengths[s], match.sad()});
            if (signatures.isEmpty() || signatures.get(signatures.size() - 1) != s) {
                if (!signatures.isEmpty()) {
                    rows.add(currentRows);
                }
                signatures.add(s);
                currentRows = 0;
            }
            currentRows++;
            if (spec.show() > 0) {
                best.add(match);
                if (best.size() > spec.show()) {
                    best.poll();
                }
            }
        }

        WrittenPart written(int part) {
            if (rows.size() < signatures.size()) {
                rows.add(currentRows);
            }
            return new WrittenPart(part, file.written(),
                    signatures.stream().mapToInt(Integer::intValue).toArray(),
                    rows.stream().mapToLong(Long::longValue).toArray(), new ArrayList<>(best));
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }
}
