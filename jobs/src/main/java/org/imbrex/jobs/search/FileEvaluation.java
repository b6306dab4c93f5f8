package org.imbrex.jobs.search;

import java.io.EOFException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.TaskContext;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.RangeReader;
import org.imbrex.io.yara.rules.FileContent;
import org.imbrex.io.yara.rules.MatchedRule;
import org.imbrex.io.yara.scan.FileRules;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.io.yara.strings.StringDefinition;
import org.imbrex.io.yara.strings.StringMatch;
import org.imbrex.io.yara.strings.StringModifier;
import org.imbrex.jobs.spark.LazyTableFile;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.TableFile;

/**
 * The files one task evaluates the rules on, and the part files their rows go to: for each file, check the
 * atoms' starts and evaluate ({@link FileRules}, which reads the file if a rule needs its bytes), write its rows of the {@code rules} and {@code
 * strings} tables; then {@link #finish()} reports them ({@link WrittenRules}).
 * <pre>
 *   rules/part-00002-JOB-c000.snappy.parquet    (source, rule, tags, path)
 *   strings/part-00002-JOB-c000.snappy.parquet  (source, signature, path, offset, length, sad)
 * </pre>
 * Part 0 always writes both files, so that empty tables still have their schema on disk. Example: {@code
 * evaluation.evaluate(path, length, hits)} for each file, in path order, then {@code evaluation.finish()}.
 */
final class FileEvaluation implements AutoCloseable {
    private final RuleScanPlan plan;
    private final EvaluateRules.Spec spec;
    private final int part;
    private final Configuration conf;
    private final InputFileSystems inputs;
    private final LongAccumulator filesEvaluated;
    private final LongAccumulator ruleMatches;
    private final LazyTableFile ruleRows;
    private final LazyTableFile stringRows;
    private final long[] filesPerRule;
    /**
     * Per rule ({@link RuleScanPlan#ruleIndex}), made when it first matches: its tags joined by commas, and
     * each string's {@code signature} ({@code rule:$id}, null for a private string). The same objects row after
     * row, which the table writers format once.
     */
    private final String[] tags;
    private final String[][] signatures;
    private long files;
    private long strings;

    FileEvaluation(RuleScanPlan plan, EvaluateRules.Spec spec, int part, LongAccumulator filesEvaluated,
            LongAccumulator ruleMatches) throws IOException {
        this.plan = plan;
        this.spec = spec;
        this.part = part;
        this.conf = spec.hadoop().toConfiguration();
        this.inputs = new InputFileSystems(conf);
        this.filesEvaluated = filesEvaluated;
        this.ruleMatches = ruleMatches;
        this.filesPerRule = new long[plan.rules().size()];
        this.tags = new String[plan.rules().size()];
        this.signatures = new String[plan.rules().size()][];
        TaskContext task = TaskContext.get();
        long attempt = task == null ? 0 : task.taskAttemptId();
        String name = TableFile.partName(part, spec.job(), spec.format());
        this.ruleRows = new LazyTableFile(OutputDirectory.attemptFile(spec.staging(), attempt, RuleTables.RULES + "/"
                + name), RuleTables.RULES_SCHEMA, spec.format(), conf);
        this.stringRows = new LazyTableFile(OutputDirectory.attemptFile(spec.staging(), attempt, RuleTables.STRINGS + "/"
                + name), RuleTables.STRINGS_SCHEMA, spec.format(), conf);
        if (part == 0) {
            ruleRows.open();
            stringRows.open();
        }
    }

    /** Evaluates the file at {@code path} of {@code length} bytes, where the scan found {@code hits}. */
    void evaluate(String path, long length, Iterable<long[]> hits) throws IOException {
        // read only if a rule needs the bytes: a file where the scan found no atom usually does not. A local
        // file's first bytes alone tell the pe module a non-PE; on a remote store each open is a request, and a
        // PE file would cost two, so there the file is read whole, and so is a file with atoms, whose checks
        // read it anyway (an open, a stat and a close fewer: a thousand files, 1.5% of the tasks' CPU)
        FileContent content = RangeReader.localPath(path) != null && !anyAtom(hits)
                ? FileContent.lazy(length, () -> read(path, length), head -> readHead(path, length, head))
                : FileContent.lazy(length, () -> read(path, length));
        FileRules fileRules = new FileRules(plan, content, spec.maxSad());
        for (long[] run : hits) {
            FileAtoms.found(fileRules, run);
        }
        for (MatchedRule matched : fileRules.matches()) {
            String source = matched.match().namespace();
            int rule = plan.ruleIndex(matched.rule());
            if (signatures[rule] == null) {
                name(rule, matched);
            }
            ruleRows.write(new Object[] {source, matched.match().rule(), tags[rule], path});
            filesPerRule[rule]++;
            ruleMatches.add(1);
            for (int s = 0; s < matched.strings().size(); s++) {
                String signature = signatures[rule][s];
                if (signature == null) {
                    continue;
                }
                for (StringMatch match : matched.strings().get(s)) {
                    stringRows.write(new Object[] {source, signature, path, (long) match.offset(), match.length(),
                        match.sad()});
                    strings++;
                }
            }
        }
        files++;
        filesEvaluated.add(1);
    }

    private static boolean anyAtom(Iterable<long[]> hits) {
        for (long[] run : hits) {
            if (run.length > 0) {
                return true;
            }
        }
        return false;
    }

    private void name(int rule, MatchedRule matched) {
        tags[rule] = String.join(",", matched.match().tags());
        List<StringDefinition> strings = matched.rule().strings();
        String[] names = new String[strings.size()];
        for (int s = 0; s < names.length; s++) {
            StringDefinition string = strings.get(s);
            names[s] = string.has(StringModifier.PRIVATE) ? null : matched.match().rule() + ":$" + string.identifier();
        }
        signatures[rule] = names;
    }

    /** Closes the part files and says what they hold. */
    WrittenRules finish() throws IOException {
        ruleRows.close();
        stringRows.close();
        return new WrittenRules(part, ruleRows.written(), stringRows.written(), files, strings, filesPerRule);
    }

    @Override
    public void close() throws IOException {
        try {
            ruleRows.close();
        } finally {
            stringRows.close();
        }
    }

    private void readHead(String path, long length, byte[] head) throws IOException {
        try (RangeReader reader = RangeReader.open(inputs.of(path), ByteRange.wholeFile(path, length))) {
            reader.readFully(0, head);
        }
    }

    private byte[] read(String path, long length) throws IOException {
        if (length > RuleSearchJob.MAX_FILE_BYTES) {
            throw new IOException(path + " has " + length + " bytes; rules are evaluated on files of at most "
                    + RuleSearchJob.MAX_FILE_BYTES);
        }
        byte[] data = new byte[(int) length];
        try (RangeReader reader = RangeReader.open(inputs.of(path), ByteRange.wholeFile(path, length))) {
            reader.readFully(0, data);
        } catch (EOFException shorter) {
            throw ScanRows.shrunk(path, length, shorter);
        }
        return data;
    }
}
