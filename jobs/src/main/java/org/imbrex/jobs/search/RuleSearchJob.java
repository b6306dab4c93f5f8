package org.imbrex.jobs.search;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.input.InputLister;
import org.imbrex.io.scan.TileBytes;
import org.imbrex.io.yara.rules.IncludeWarning;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.SkippedRule;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.jobs.search.RuleSources.RuleText;
import org.imbrex.jobs.spark.CommandSession;
import org.imbrex.jobs.spark.StartupWarmUp;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.JobProgress;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.SharedValue;
import org.imbrex.jobs.spark.TableFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Tuple2;
import scala.reflect.ClassTag$;

/**
 * The {@code search} job for YARA rule files: finds the atoms of every rule's strings with the tile scan,
 * gathers them by file, checks them and evaluates the rules per file, and writes the {@code rules}, {@code
 * strings} and {@code skipped} tables ({@link RuleTables}) atomically.
 *
 * <pre>
 *   driver:  read the rule files (YARA's refusals here), skip the rules imbrex cannot run, plan the atoms
 *            (RuleScanPlan), list the inputs, check the output                  (no task has started)
 *   whole:   files of one split at most, in runs of even weight (WholeFileRuns), each run one task
 *            (ScanAndEvaluate): scan its files for the atoms, then evaluate the rules on each, as below
 *   larger:  splits → ScanPartition over the atoms, exactly as a signature search → (path, atom, offset),
 *            cogrouped with every such file by path, then EvaluateRules per part
 *   rules:   per file, in path order: read it if a rule needs its bytes, check the atoms' starts
 *            (StringMatcher), evaluate the conditions (RuleEvaluation), write rules/ and strings/ part files;
 *            a file without atoms is evaluated too (filesize, uint16(0), pe.* and "not $a" need no string)
 *   commit:  the reported files into staging/rules and staging/strings, the driver's skipped/ table,
 *            then the staging directory renamed to --output
 * </pre>
 * Example: {@code new RuleSearchJob(options).run()} returns the process exit code.
 */
public final class RuleSearchJob {
    /** The largest file rules are evaluated on: the evaluation holds the whole file in one array. */
    static final long MAX_FILE_BYTES = Integer.MAX_VALUE - 8;
    private static final Logger LOG = LoggerFactory.getLogger(RuleSearchJob.class);

    /** Rule-evaluating tasks per table part ({@code spark.imbrex.search.table-parts}). */
    static final int EVALUATION_PARTS_PER_PART = 4;

    /**
     * Lists a job's inputs beside the driver's reading of the rules: a daemon thread of its own, since the
     * common pool's threads are parsing the rule files then.
     */
    private static final Executor INPUT_LISTING = task -> {
        Thread thread = new Thread(task, "imbrex-input-listing");
        thread.setDaemon(true);
        thread.start();
    };

    private final SearchOptions options;

    public RuleSearchJob(SearchOptions options) {
        this.options = options;
    }

    /** Runs the job in the JVM's Spark session (starting one if none runs); returns 0 on success. */
    public int run() {
        Prepared prepared = prepare();
        StartupWarmUp warmUp = RuleSearchWarmUps.start(options, prepared.plan(), prepared.files());
        try (CommandSession session = CommandSession.open("imbrex search", options.master())) {
            if (warmUp != null) {
                warmUp.stop();
            }
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
        // the inputs are listed while the rules are read and planned; a rule file's error still comes first
        CompletableFuture<List<LocatedFileStatus>> listing = CompletableFuture.supplyAsync(
                () -> SearchJob.listInputs(options, conf), INPUT_LISTING);
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
        RuleScanPlan plan = RuleScanPlan.forScan(ruleFiles, options.maxSad());
        options.checkTileSize(plan.maxAtomLength());
        List<LocatedFileStatus> listed = listed(listing);
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
        long checkNanos = System.nanoTime() - started;
        LOG.info("search: {} rules ({} skipped) with {} atoms over {} files; rules read and planned, inputs listed "
                + "in {} s", plan.rules().size(), ruleFiles.stream().mapToInt(f -> f.skipped().size()).sum(),
                plan.signatures().size(), files.size(), String.format("%.2f", checkNanos / 1e9));
        return new Prepared(checkNanos, sources, ruleFiles, plan, listed, files, output);
    }

    /** The inputs {@code listing} found, or its failure ({@code --input}'s message) thrown as it is. */
    private static List<LocatedFileStatus> listed(CompletableFuture<List<LocatedFileStatus>> listing) {
        try {
            return listing.join();
        } catch (CompletionException e) {
            throw RuleSearchJob.<RuntimeException>unchecked(e.getCause());
        }
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
        EvaluateRules.share(prepared.sources(), options.maxSad(), plan);
        EvaluateRules.Spec spec = new EvaluateRules.Spec(output.staging(), job, options.format(), hadoop,
                options.maxSad());
        try {
            // Files of one split at most are scanned and evaluated by one task each run (ScanAndEvaluate); larger
            // ones are scanned in splits, their atoms gathered by path with a shuffle, then evaluated.
            long splitSize = ScanSplits.splitSize(prepared.listed(), options, sc.defaultParallelism());
            List<LocatedFileStatus> whole = prepared.listed().stream().filter(f -> f.getLen() <= splitSize).toList();
            List<LocatedFileStatus> cut = prepared.listed().stream().filter(f -> f.getLen() > splitSize).toList();
            LongAccumulator filesEvaluated = progress.counter("files evaluated");
            LongAccumulator ruleMatches = progress.counter("rule matches");
            AtomsOfScan scan = atomsOfScan(sc, plan, hadoop, progress);
            SharedValue<ArrayList<RuleText>> sources = SharedValue.broadcast(sc, new ArrayList<>(prepared.sources()));
            progress.phase((plan.signatures().isEmpty() ? "" : "scan " + files.size() + " files (" + bytes
                    + " bytes) for " + plan.signatures().size() + " atoms, then ") + "evaluate "
                    + plan.rules().size() + " rules per file");
            // Runs of files of even bytes, four per table part on each side: a file's evaluation costs more with its
            // atoms than with its bytes, so the scheduler evens the tasks out (400 MiB of binaries, 3,000 rules: 2
            // parts took 2.4 s and 3.5 s, one core idle for a second; 8 parts cut the job by about 6%).
            List<RangeTasks.Ranges> runs = WholeFileRuns.of(whole, EVALUATION_PARTS_PER_PART * parts,
                    options.openCost(), sc.hadoopConfiguration());
            LOG.info("search: {} tasks scan and evaluate the {} files of at most {} bytes; {} larger files are "
                    + "scanned in splits", runs.size(), whole.size(), splitSize, cut.size());
            JavaRDD<WrittenRules> evaluated = JavaRDD.fromRDD(new RangeTasks<>(sc.sc(), runs, new ScanAndEvaluate(
                    scan, new EvaluateRules(sources, spec, filesEvaluated, ruleMatches, 0)),
                    ClassTag$.MODULE$.apply(WrittenRules.class)), ClassTag$.MODULE$.apply(WrittenRules.class));
            // Two jobs side by side: the larger files' evaluation waits for their scan stage, the whole files'
            // tasks wait for nothing (Spark's FIFO scheduler gives the first job's tasks the free cores first).
            JavaFutureAction<List<WrittenRules>> larger = null;
            if (!cut.isEmpty() || whole.isEmpty()) {
                // with no input file at all, one part still writes the tables' schemas
                List<InputFile> cutFiles = InputLister.files(cut);
                List<Tuple2<String, Long>> lengths = cutFiles.stream().map(f -> new Tuple2<>(f.path(), f.length()))
                        .toList();
                JavaPairRDD<String, Long> inputs = sc.parallelizePairs(lengths, Math.max(1, Math.min(parts,
                        lengths.size())));
                larger = inputs.cogroup(atoms(sc, cut, splitSize, scan), PathRuns.of(cutFiles,
                        EVALUATION_PARTS_PER_PART * parts, options.openCost()))
                        .mapPartitionsWithIndex(new EvaluateRules(sources, spec, filesEvaluated,
                                ruleMatches, runs.size()), false).collectAsync();
            }
            List<WrittenRules> written = new ArrayList<>(await(evaluated.collectAsync()));
            if (larger != null) {
                written.addAll(await(larger));
            }
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

    /** What {@code job} collected; its failure (a {@code SparkException} for a failed task) thrown as it is. */
    private static List<WrittenRules> await(JavaFutureAction<List<WrittenRules>> job) {
        try {
            return job.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("search: interrupted while waiting for its tasks", e);
        } catch (ExecutionException e) {
            throw RuleSearchJob.<RuntimeException>unchecked(e.getCause());
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E unchecked(Throwable failure) throws E {
        throw (E) failure;
    }

    /**
     * The scan tasks of a rule search, or null without atoms (rules without strings only): each task scans its
     * ranges twice when the plan has case-blind atoms: for the atoms as read, then, with A-Z lowercased, for
     * the nocase strings' atoms.
     */
    private AtomsOfScan atomsOfScan(JavaSparkContext sc, RuleScanPlan plan, HadoopConf hadoop,
            JobProgress progress) {
        if (plan.signatures().isEmpty()) {
            return null;
        }
        ScanPartition.Counters counters = new ScanPartition.Counters(progress.bytesScanned(), progress.tiles(),
                progress.counter("atoms found"));
        ScanPartition asRead = plan.asRead().isEmpty() ? null
                : new ScanPartition(SharedValue.broadcast(sc, new ArrayList<>(plan.asRead())), hadoop, options,
                        counters, TileBytes.AS_READ);
        ScanPartition caseBlind = plan.caseBlind().isEmpty() ? null
                : new ScanPartition(SharedValue.broadcast(sc, new ArrayList<>(plan.caseBlind())), hadoop, options,
                        new ScanPartition.Counters(progress.counter("bytes scanned case-blind"),
                                progress.counter("tiles case-blind"), counters.matches()), TileBytes.ASCII_LOWER);
        return new AtomsOfScan(asRead, caseBlind, plan.caseBlindFrom());
    }

    /**
     * Where the scan finds the plan's atoms in the {@code listed} files, cut into splits of {@code splitSize}:
     * (path, [atom << 32 | offset, ...]) per run of a file ({@link FileAtoms}), offsets below 2^31 since no file
     * is larger ({@link #MAX_FILE_BYTES}). Without atoms there is nothing to scan.
     */
    private JavaPairRDD<String, long[]> atoms(JavaSparkContext sc, List<LocatedFileStatus> listed, long splitSize,
            AtomsOfScan scan) {
        if (scan == null || listed.isEmpty()) {
            return JavaPairRDD.fromJavaRDD(sc.emptyRDD());
        }
        return JavaPairRDD.fromRDD(new RangeTasks<>(sc.sc(), ScanSplits.tasks(sc, listed, options, splitSize), scan,
                ClassTag$.MODULE$.apply(Tuple2.class)), ClassTag$.MODULE$.apply(String.class),
                ClassTag$.MODULE$.apply(long[].class));
    }

    /**
     * A scan task of a rule search: the atoms it found, a record per run of a file ({@link FileAtoms}); the
     * case-blind scan's atom indices follow the others' ({@link RuleScanPlan#caseBlindFrom()}).
     */
    private record AtomsOfScan(ScanPartition asRead, ScanPartition caseBlind, int caseBlindFrom)
            implements RangeTasks.Task<Tuple2<String, long[]>> {
        @Override
        public Iterator<Tuple2<String, long[]>> run(int partition, Iterator<ByteRange> ranges) {
            if (caseBlind == null) {
                return new FileAtoms().call(asRead.call(ranges));
            }
            List<ByteRange> list = new ArrayList<>();
            ranges.forEachRemaining(list::add);
            Iterator<Tuple2<String, long[]>> lowered = new FileAtoms(caseBlindFrom).call(caseBlind.call(
                    list.iterator()));
            if (asRead == null) {
                return lowered;
            }
            Iterator<Tuple2<String, long[]>> first = new FileAtoms().call(asRead.call(list.iterator()));
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return first.hasNext() || lowered.hasNext();
                }

                @Override
                public Tuple2<String, long[]> next() {
                    return first.hasNext() ? first.next() : lowered.next();
                }
            };
        }
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
