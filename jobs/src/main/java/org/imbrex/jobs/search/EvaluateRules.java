package org.imbrex.jobs.search;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.RangeReader;
import org.imbrex.io.yara.rules.MatchedRule;
import org.imbrex.io.yara.rules.YaraRule;
import org.imbrex.io.yara.scan.FileRules;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.io.yara.strings.StringDefinition;
import org.imbrex.io.yara.strings.StringMatch;
import org.imbrex.io.yara.strings.StringModifier;
import org.imbrex.jobs.search.RuleSources.RuleText;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.TableFile;
import org.imbrex.jobs.spark.TableFormat;
import scala.Tuple2;

/**
 * One rule-evaluating task: for each file of its part (every input file, with the atoms the scan found in it,
 * gathered by path), reads the file, checks the atoms' starts exactly, evaluates the rules ({@link
 * FileRules}), and writes the file's rows to its part files of the {@code rules} and {@code strings}
 * tables, then reports them ({@link WrittenRules}).
 *
 * <pre>
 *   in   (path, ([length], [[atom << 32 | offset, ...], ...]))   per file, the task's files sorted by path
 *   out  rules/part-00002-JOB-c000.snappy.parquet    (source, rule, tags, path)
 *        strings/part-00002-JOB-c000.snappy.parquet  (source, signature, path, offset, length, sad)
 * </pre>
 * Part 0 always writes both files, so that empty tables still have their schema on disk. Example: {@code
 * grouped.mapPartitionsWithIndex(new EvaluateRules(sources, spec, files, matches), false).collect()}.
 */
final class EvaluateRules implements Function2<Integer, Iterator<Tuple2<String, Tuple2<Iterable<Long>,
        Iterable<long[]>>>>, Iterator<WrittenRules>> {
    private static final long serialVersionUID = 1L;
    /** The plan of the last rule files a task of this JVM read: the tasks of one job share it. */
    private static volatile Tuple2<List<RuleText>, RuleScanPlan> lastPlan;

    /** Where and how the tables are written, and the SAD limit of hex strings ({@code --max-sad}, 0 = exact). */
    record Spec(String staging, String job, TableFormat format, HadoopConf hadoop, int maxSad)
            implements Serializable {
    }

    private final ArrayList<RuleText> sources;
    private final Spec spec;
    private final LongAccumulator filesEvaluated;
    private final LongAccumulator ruleMatches;

    EvaluateRules(List<RuleText> sources, Spec spec, LongAccumulator filesEvaluated, LongAccumulator ruleMatches) {
        this.sources = new ArrayList<>(sources);
        this.spec = spec;
        this.filesEvaluated = filesEvaluated;
        this.ruleMatches = ruleMatches;
    }

    /**
     * Lets the tasks of this JVM use the driver's plan of {@code sources} instead of parsing the rule files
     * again (local mode); executors of a cluster parse them once each.
     */
    static void share(List<RuleText> sources, RuleScanPlan plan) {
        lastPlan = new Tuple2<>(List.copyOf(sources), plan);
    }

    static RuleScanPlan plan(List<RuleText> sources) {
        Tuple2<List<RuleText>, RuleScanPlan> last = lastPlan;
        if (last != null && last._1().equals(sources)) {
            return last._2();
        }
        RuleScanPlan plan = RuleScanPlan.of(RuleSources.parse(sources));
        lastPlan = new Tuple2<>(List.copyOf(sources), plan);
        return plan;
    }

    @Override
    public Iterator<WrittenRules> call(Integer part, Iterator<Tuple2<String, Tuple2<Iterable<Long>, Iterable<long[]>>>>
            grouped) throws IOException {
        RuleScanPlan plan = plan(sources);
        List<Tuple2<String, Tuple2<Iterable<Long>, Iterable<long[]>>>> files = new ArrayList<>();
        grouped.forEachRemaining(files::add);
        files.sort(Comparator.comparing(Tuple2::_1));
        TaskContext task = TaskContext.get();
        long attempt = task == null ? 0 : task.taskAttemptId();
        String name = TableFile.partName(part, spec.job(), spec.format());
        Configuration conf = spec.hadoop().toConfiguration();
        List<YaraRule> rules = plan.rules();
        long[] filesPerRule = new long[rules.size()];
        long stringRows = 0;
        try (PartFile ruleRows = new PartFile(OutputDirectory.attemptFile(spec.staging(), attempt,
                RuleTables.RULES + "/" + name), RuleTables.RULES_SCHEMA, spec.format(), conf);
                PartFile stringRowsFile = new PartFile(OutputDirectory.attemptFile(spec.staging(), attempt,
                        RuleTables.STRINGS + "/" + name), RuleTables.STRINGS_SCHEMA, spec.format(), conf)) {
            if (part == 0) {
                ruleRows.open();
                stringRowsFile.open();
            }
            for (Tuple2<String, Tuple2<Iterable<Long>, Iterable<long[]>>> file : files) {
                String path = file._1();
                FileRules fileRules = new FileRules(plan, read(path, length(path, file._2()._1()), conf),
                        spec.maxSad());
                for (long[] hits : file._2()._2()) {
                    for (long hit : hits) {
                        fileRules.found((int) (hit >>> 32), hit & 0xFFFF_FFFFL);
                    }
                }
                for (MatchedRule matched : fileRules.matches()) {
                    String source = matched.match().namespace();
                    ruleRows.write(new Object[] {source, matched.match().rule(),
                        String.join(",", matched.match().tags()), path});
                    filesPerRule[plan.ruleIndex(matched.rule())]++;
                    ruleMatches.add(1);
                    for (int s = 0; s < matched.strings().size(); s++) {
                        StringDefinition string = matched.rule().strings().get(s);
                        if (string.has(StringModifier.PRIVATE)) {
                            continue;
                        }
                        String signature = matched.match().rule() + ":$" + string.identifier();
                        for (StringMatch match : matched.strings().get(s)) {
                            stringRowsFile.write(new Object[] {source, signature, path, (long) match.offset(),
                                match.length(), match.sad()});
                            stringRows++;
                        }
                    }
                }
                filesEvaluated.add(1);
            }
            ruleRows.close();
            stringRowsFile.close();
            return List.of(new WrittenRules(part, ruleRows.written(), stringRowsFile.written(), files.size(),
                    stringRows, filesPerRule)).iterator();
        }
    }

    private static long length(String path, Iterable<Long> lengths) {
        Iterator<Long> listed = lengths.iterator();
        if (!listed.hasNext()) {
            throw new IllegalStateException("the scan found atoms in " + path + ", which is no input file");
        }
        return listed.next();
    }

    private static byte[] read(String path, long length, Configuration conf) throws IOException {
        if (length > RuleSearchJob.MAX_FILE_BYTES) {
            throw new IOException(path + " has " + length + " bytes; rules are evaluated on files of at most "
                    + RuleSearchJob.MAX_FILE_BYTES);
        }
        byte[] data = new byte[(int) length];
        FileSystem fs = new Path(path).getFileSystem(conf);
        try (RangeReader reader = RangeReader.open(fs, ByteRange.wholeFile(path, length))) {
            reader.readFully(0, data);
        }
        return data;
    }

    /** A part file of one table, created at its first row. */
    private static final class PartFile implements AutoCloseable {
        private final Path path;
        private final StructType schema;
        private final TableFormat format;
        private final Configuration conf;
        private TableFile file;
        private boolean closed;

        PartFile(Path path, StructType schema, TableFormat format, Configuration conf) {
            this.path = path;
            this.schema = schema;
            this.format = format;
            this.conf = conf;
        }

        void open() throws IOException {
            if (file == null) {
                TaskContext task = TaskContext.get();
                if (task != null && task.isInterrupted()) {
                    throw new IOException("the task was killed before it opened " + path);
                }
                file = TableFile.create(format, schema, path, conf);
            }
        }

        void write(Object[] row) throws IOException {
            open();
            file.write(row);
        }

        String written() {
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
}
