package org.imbrex.jobs.search;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.yara.scan.FileRules;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.jobs.search.RuleSources.RuleText;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.SharedValue;
import org.imbrex.jobs.spark.TableFormat;
import scala.Tuple2;

/**
 * One rule-evaluating task: the files of its part (the input files larger than a split, each with the atoms the
 * scan found in it, gathered by path; {@link ScanAndEvaluate} evaluates the others through {@link #evaluate}),
 * evaluated in path order by a {@link FileEvaluation}: read each file, check the atoms'
 * starts exactly, evaluate the rules, write the rows to the task's part files of the {@code rules} and
 * {@code strings} tables, and report them ({@link WrittenRules}).
 *
 * <pre>
 *   in   (path, ([length], [[atom << 32 | offset, ...], ...]))   per file, the task's files sorted by path
 *   out  rules/part-00002-JOB-c000.snappy.parquet    (source, rule, tags, path)
 *        strings/part-00002-JOB-c000.snappy.parquet  (source, signature, path, offset, length, sad)
 * </pre>
 * Example: {@code grouped.mapPartitionsWithIndex(new EvaluateRules(sources, spec, files, matches, 0), false)
 * .collect()}.
 */
final class EvaluateRules implements Function2<Integer, Iterator<Tuple2<String, Tuple2<Iterable<Long>,
        Iterable<long[]>>>>, Iterator<WrittenRules>> {
    private static final long serialVersionUID = 1L;
    /** The plan of the last rule files a task of this JVM read: the tasks of one job share it. */
    private static volatile SharedPlan lastPlan;

    /** A plan and what it was made of: the rule files and whether the search is exact. */
    private record SharedPlan(List<RuleText> sources, boolean exact, RuleScanPlan plan) {
    }

    /** Where and how the tables are written, and the SAD limit of hex strings ({@code --max-sad}, 0 = exact). */
    record Spec(String staging, String job, TableFormat format, HadoopConf hadoop, int maxSad)
            implements Serializable {
    }

    /** A file to evaluate: its length, and the runs of atoms the scan found in it ({@link FileAtoms}). */
    record FileHits(String path, long length, Iterable<long[]> hits) {
    }

    /** The rule files' text, broadcast: every task of the job reads the same megabyte or so. */
    private final SharedValue<ArrayList<RuleText>> sources;
    private final Spec spec;
    private final LongAccumulator filesEvaluated;
    private final LongAccumulator ruleMatches;
    /** The table part of partition 0: parts before it are another RDD's of the same job. */
    private final int firstPart;

    EvaluateRules(SharedValue<ArrayList<RuleText>> sources, Spec spec, LongAccumulator filesEvaluated,
            LongAccumulator ruleMatches, int firstPart) {
        this.sources = sources;
        this.spec = spec;
        this.filesEvaluated = filesEvaluated;
        this.ruleMatches = ruleMatches;
        this.firstPart = firstPart;
    }

    /**
     * Lets the tasks of this JVM use the driver's plan of {@code sources} instead of parsing the rule files
     * again (local mode); executors of a cluster parse them once each.
     */
    static void share(List<RuleText> sources, int maxSad, RuleScanPlan plan) {
        lastPlan = new SharedPlan(List.copyOf(sources), maxSad == 0, plan);
    }

    /** The plan {@link RuleScanPlan#forScan} makes of {@code sources} for {@code maxSad}. */
    static RuleScanPlan plan(List<RuleText> sources, int maxSad) {
        SharedPlan last = lastPlan;
        if (last != null && last.sources().equals(sources) && last.exact() == (maxSad == 0)) {
            return last.plan();
        }
        RuleScanPlan plan = RuleScanPlan.forScan(RuleSources.parse(sources), maxSad);
        share(sources, maxSad, plan);
        return plan;
    }

    @Override
    public Iterator<WrittenRules> call(Integer part, Iterator<Tuple2<String, Tuple2<Iterable<Long>, Iterable<long[]>>>>
            grouped) throws IOException {
        List<FileHits> files = new ArrayList<>();
        grouped.forEachRemaining(file -> files.add(new FileHits(file._1(), length(file._1(), file._2()._1()),
                file._2()._2())));
        return evaluate(firstPart + part, files);
    }

    /**
     * Evaluates {@code files} in path order into table part {@code part} (the part itself: {@link #call} adds
     * the first part of its partitions, this does not); its one {@link WrittenRules}.
     */
    Iterator<WrittenRules> evaluate(int part, List<FileHits> files) throws IOException {
        RuleScanPlan plan = plan(sources.get(), spec.maxSad());
        List<FileHits> sorted = new ArrayList<>(files);
        sorted.sort(Comparator.comparing(FileHits::path));
        try (FileEvaluation evaluation = new FileEvaluation(plan, spec, part, filesEvaluated, ruleMatches)) {
            for (FileHits file : sorted) {
                evaluation.evaluate(file.path(), file.length(), file.hits());
            }
            return List.of(evaluation.finish()).iterator();
        }
    }

    private static long length(String path, Iterable<Long> lengths) {
        Iterator<Long> listed = lengths.iterator();
        if (!listed.hasNext()) {
            throw new IllegalStateException("the scan found atoms in " + path + ", which is no input file");
        }
        return listed.next();
    }
}
