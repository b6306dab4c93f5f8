package org.imbrex.jobs.search;

import java.io.IOException;
import org.imbrex.io.input.PackedSplit;
import org.imbrex.io.input.ByteRange;
import org.apache.spark.util.LongAccumulator;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.api.java.JavaRDD;
import java.util.Set;
import java.util.HashSet;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.input.InputLister;
import org.imbrex.io.yara.rules.IncludeWarning;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.SkippedRule;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.jobs.search.RuleSources.RuleText;
import org.imbrex.jobs.spark.CommandSession;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.JobProgress;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.TableFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;

/**
 * The {@code search} job for YARA rule files: finds the atoms of every rule's strings with the tile scan,
 * checks them and evaluates the rules per file (in the scan task when it holds the whole file), and writes the {@code rules}, {@code
 * strings} and {@code skipped} tables ({@link RuleTables}) atomically.
 *
 * <pre>
 *   driver:  read the rule files (YARA's refusals here), skip the rules imbrex cannot run, plan the atoms
 *            (RuleScanPlan), list the inputs, check the output                  (no task has started)
 *   scan:    splits → ScanAndEvaluate: ScanPartition over the atoms, exactly as a signature search; each
 *            file the task holds whole is evaluated there (FileEvaluation: read it, check the atoms' starts,
 *            evaluate the conditions, write rules/ and strings/ part files), even without atoms (filesize,
 *            uint16(0), pe.* and "not $a" need no string)
 *   rest:    files cut into several ranges, and empty files: cogroup with their atoms by path (persisted
 *            from the scan), EvaluateRules per part, the same evaluation           (skipped when none)
 *   commit:  the reported files into staging/rules and staging/strings, the driver's skipped/ table,
 *            then the staging directory renamed to --output
 * </pre>
 * Example: {@code new RuleSearchJob(options).run()} returns the process exit code.
 */
public final class RuleSearchJob {
    /** The largest file rules are evaluated on: the evaluation holds the whole file in one array. */
    static final long MAX_FILE_BYTES = Integer.MAX_VALUE - 8;
    private static final Logger LOG = LoggerFactory.getLogger(RuleSearchJob.class);

    private final SearchOptions options;

    public RuleSearchJob(SearchOptions options) {
        this.options = options;
    }

    /** Runs the job in the JVM's Spark session (starting one if none runs); returns 0 on success. */
    public int run() {
        Prepared prepared = prepare();
        try (CommandSession session = CommandSession.open("imbrex search", options.master())) {
            run(session.spark(), prepared).print(System.out);
            return 0;
        }
    }

    /** Runs the job in an existing session. */
    public RuleSearchSummary run(SparkSession spark) {
        return run(spark, prepare());
    }

    private record Prepared(long checkNanos, List<RuleText> sources, List<RuleFile> ruleFiles, RuleScanPlan plan,
            List<LocatedFileStatus> listed, List<InputFile> files, OutputDirectory output) {
    }

    private Prepared prepare() {
        long started = System.nanoTime();
        if (options.keepsBest()) {
            throw new IllegalArgumentException("--best " + options.best() + " applies to signature files; YARA "
                    + "rules report every match of the rules that match");
        }
        Configuration conf = HadoopConf.fromSystemProperties();
        List<RuleText> sources = RuleSources.read(options.signatures(), conf);
        List<RuleFile> ruleFiles = RuleSources.parse(sources);
        for (RuleFile file : ruleFiles) {
            for (IncludeWarning include : file.includes()) {
                LOG.warn("{}", include);
            }
            for (SkippedRule skipped : file.skipped()) {
                LOG.info("search: {} line {}: rule {} skipped: {}", skipped.namespace(), skipped.line(),
                        skipped.rule(), skipped.reason());
            }
        }
        RuleScanPlan plan = RuleScanPlan.of(ruleFiles);
        options.checkTileSize(plan.maxAtomLength());
        List<LocatedFileStatus> listed = SearchJob.listInputs(options, conf);
        List<InputFile> files = InputLister.files(listed);
        for (InputFile file : files) {
            if (file.length() > MAX_FILE_BYTES) {
                throw new IllegalArgumentException("--input " + file.path() + " has " + file.length() + " bytes; "
                        + "YARA rules are evaluated on whole files in memory, at most " + MAX_FILE_BYTES + " bytes");
            }
        }
        OutputDirectory output = OutputDirectory.prepare(options.output(), options.overwrite(), conf);
        output.checkHoldsNone(files.stream().map(InputFile::path).toList(), "input file");
        output.checkHoldsNone(options.signatures().stream().map(s -> SearchJob.qualified(s, conf)).toList(),
                "rule file");
        LOG.info("search: {} rules ({} skipped) with {} atoms over {} files", plan.rules().size(),
                ruleFiles.stream().mapToInt(f -> f.skipped().size()).sum(), plan.signatures().size(), files.size());
        return new Prepared(System.nanoTime() - started, sources, ruleFiles, plan, listed, files, output);
    }

    private RuleSearchSummary run(SparkSession spark, Prepared prepared) {
        try {
            return scanAndWrite(spark, prepared);
        } catch (Throwable failure) {
            prepared.output().abort();
            throw failure;
        }
    }

    private RuleSearchSummary scanAndWrite(SparkSession spark, Prepared prepared) {
        long started = System.nanoTime();
        RuleScanPlan plan = prepared.plan();
        List<InputFile> files = prepared.files();
        OutputDirectory output = prepared.output();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JobProgress progress = new JobProgress(sc, "search");
        long bytes = files.stream().mapToLong(InputFile::length).sum();
        HadoopConf hadoop = HadoopConf.shared(sc);
        int parts = SearchJob.tableParts(sc);
        String job = UUID.randomUUID().toString();
        EvaluateRules.share(prepared.sources(), plan);
        EvaluateRules.Spec spec = new EvaluateRules.Spec(output.staging(), job, options.format(), hadoop,
                options.maxSad());
        try {
            List<WrittenRules> written = evaluate(sc, prepared, spec, hadoop, progress, parts);
            if (!progress.awaitTasks(Duration.ofSeconds(30))) {
                LOG.warn("search: a task still runs after the job ended; {} may keep its file", output.staging());
            }
            output.commitTable(RuleTables.RULES, written.stream().map(WrittenRules::rules).filter(Objects::nonNull)
                    .toList());
            output.commitTable(RuleTables.STRINGS, written.stream().map(WrittenRules::strings)
                    .filter(Objects::nonNull).toList());
            writeSkipped(prepared, job, hadoop);
            output.commitTable(RuleTables.SKIPPED, List.of());
            output.dropTemporary();
            output.commit();
            double seconds = (prepared.checkNanos() + System.nanoTime() - started) / 1e9;
            return RuleSearchSummary.of(files.size(), bytes, prepared.ruleFiles(), plan, written, output.output(),
                    options.format(), seconds);
        } catch (Throwable failure) {
            if (!progress.cancelAndAwaitTasks(Duration.ofSeconds(30))) {
                LOG.warn("search: tasks of the failed job still run; {} may keep some of their files",
                        output.staging());
            }
            throw failure;
        } finally {
            progress.done();
        }
    }

    /**
     * Scans for the atoms and evaluates the rules on every input file; returns what the tasks wrote.
     * <pre>
     *   scan stage     splits → ScanAndEvaluate: the atoms of each range; a file the task holds whole is
     *                  evaluated there, a file cut into ranges gives (path, hits) per range
     *   rest stage     only when some file is cut into ranges or empty (no range): those files cogrouped by
     *                  path with their hits (persisted from the scan stage) → EvaluateRules
     * </pre>
     * Without atoms (rules without strings only) there is nothing to scan, and every file is in the rest.
     */
    private List<WrittenRules> evaluate(JavaSparkContext sc, Prepared prepared, EvaluateRules.Spec spec,
            HadoopConf hadoop, JobProgress progress, int parts) {
        RuleScanPlan plan = prepared.plan();
        List<InputFile> files = prepared.files();
        LongAccumulator filesEvaluated = progress.counter("files evaluated");
        LongAccumulator ruleMatches = progress.counter("rule matches");
        List<WrittenRules> written = new ArrayList<>();
        JavaPairRDD<String, long[]> partHits = JavaPairRDD.fromJavaRDD(sc.emptyRDD());
        List<InputFile> rest = files;
        int scanParts = 0;
        JavaRDD<RuleScanOutput> scanned = null;
        if (!plan.signatures().isEmpty()) {
            List<PackedSplit> splits = SearchJob.packedSplits(prepared.listed(), sc.hadoopConfiguration(), options);
            rest = notWholeInARange(files, splits);
            ScanPartition.Counters counters = new ScanPartition.Counters(progress.bytesScanned(), progress.tiles(),
                    progress.counter("atoms found"));
            scanned = SearchJob.rangesOf(sc, splits, options).mapPartitionsWithIndex(new ScanAndEvaluate(
                    new ScanPartition(plan.signatures(), hadoop, options, counters), prepared.sources(), spec,
                    filesEvaluated, ruleMatches), false);
            if (!rest.isEmpty()) {
                scanned = scanned.persist(StorageLevel.MEMORY_AND_DISK_SER());
            }
            progress.phase("scan " + files.size() + " files for " + plan.signatures().size() + " atoms, evaluating "
                    + plan.rules().size() + " rules on each file a task holds whole");
            written.addAll(scanned.filter(RuleScanOutput::isWritten).map(RuleScanOutput::written).collect());
            scanParts = scanned.getNumPartitions();
            partHits = scanned.filter(out -> !out.isWritten()).mapToPair(out -> new Tuple2<>(out.path(), out.hits()));
        }
        try {
            if (!rest.isEmpty()) {
                List<Tuple2<String, Long>> lengths = rest.stream().map(f -> new Tuple2<>(f.path(), f.length())).toList();
                JavaPairRDD<String, Long> inputs = sc.parallelizePairs(lengths, Math.max(1, Math.min(parts,
                        lengths.size())));
                progress.phase("evaluate " + plan.rules().size() + " rules on " + rest.size()
                        + " files cut into ranges or empty");
                written.addAll(inputs.cogroup(partHits, new HashPartitioner(parts))
                        .mapPartitionsWithIndex(new EvaluateRules(prepared.sources(), spec, scanParts, filesEvaluated,
                                ruleMatches), false)
                        .collect());
            }
            return written;
        } finally {
            if (scanned != null && !rest.isEmpty()) {
                scanned.unpersist(false);
            }
        }
    }

    /** The files the scan tasks do not evaluate: those cut into several ranges, and those without any. */
    static List<InputFile> notWholeInARange(List<InputFile> files, List<PackedSplit> splits) {
        Set<String> whole = new HashSet<>();
        for (PackedSplit split : splits) {
            for (ByteRange range : split.ranges()) {
                if (ScanAndEvaluate.whole(range)) {
                    whole.add(range.path());
                }
            }
        }
        return files.stream().filter(file -> !whole.contains(file.path())).toList();
    }

    /** The skipped table: one part file, written by the driver, every skipped rule in file and rule order. */
    private void writeSkipped(Prepared prepared, String job, HadoopConf hadoop) {
        Path file = new Path(new Path(prepared.output().staging(), RuleTables.SKIPPED),
                TableFile.partName(0, job, options.format()));
        try (TableFile table = TableFile.create(options.format(), RuleTables.SKIPPED_SCHEMA, file,
                hadoop.toConfiguration())) {
            for (RuleFile ruleFile : prepared.ruleFiles()) {
                for (SkippedRule skipped : ruleFile.skipped()) {
                    table.write(new Object[] {skipped.namespace(), skipped.rule(), skipped.line(), skipped.reason()});
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
