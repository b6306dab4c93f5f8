package org.imbrex.jobs.search;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.row_number;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.ByteRangeInputFormat;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.input.InputLister;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.signature.Signature;
import org.imbrex.io.signature.SignatureParser;
import org.imbrex.io.signature.SignatureSet;
import org.imbrex.io.signature.SignatureWarning;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.CommandSession;
import org.imbrex.jobs.spark.JobProgress;
import org.imbrex.jobs.spark.OutputDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code search} job: checks everything on the driver, scans every split of every input file tile
 * by tile on the executors, keeps the matches ({@code --max-sad}) or the K best per signature ({@code
 * --best}), and writes the match table atomically.
 *
 * <pre>
 *   driver: parse signatures → list inputs → check output      (errors here: no task has started)
 *   scan:   newAPIHadoopRDD(ByteRangeInputFormat)  one record per range; small files and tails packed into
 *                                                   tasks of about --split-size, block locality kept
 *           → mapPartitions(ScanPartition)          tiles → msad4 Dispatches → match rows, streamed
 *   reduce: --best K: row_number() over (signature order by sad, path, offset) ≤ K
 *   write:  hash-partitioned by signature, each part sorted by signature, path, offset → staging dir
 *   summary: counts and best matches read back from the staging table → rename it to --output
 * </pre>
 * Example: {@code new SearchJob(options).run()} returns the process exit code.
 */
public final class SearchJob {
    private static final Logger LOG = LoggerFactory.getLogger(SearchJob.class);

    private final SearchOptions options;

    public SearchJob(SearchOptions options) {
        this.options = options;
    }

    /**
     * Runs the job in the JVM's Spark session, starting one (and stopping it at the end) if none is running;
     * returns 0 on success. Bad input throws before Spark starts.
     */
    public int run() {
        Prepared prepared = prepare();
        try (CommandSession session = CommandSession.open("imbrex search", options.master())) {
            run(session.spark(), prepared).print(System.out);
            return 0;
        }
    }

    /** Runs the job in an existing session (the demo runs several jobs in one). */
    public SearchSummary run(SparkSession spark) {
        return run(spark, prepare());
    }

    /**
     * What the driver checks before any task starts, and how long checking took (the summary's time counts
     * it, but not the start of a Spark session).
     */
    private record Prepared(long checkNanos, SearchPlan plan, List<InputFile> files, OutputDirectory output) {
    }

    private Prepared prepare() {
        long started = System.nanoTime();
        Configuration conf = HadoopConf.fromSystemProperties();
        SearchPlan plan = SearchPlan.compile(readSignatures(conf));
        options.checkTileSize(plan.maxLength());
        List<InputFile> files = listInputs(conf);
        OutputDirectory output = OutputDirectory.prepare(options.output(), options.overwrite(), conf);
        output.checkHoldsNone(files.stream().map(InputFile::path).toList(), "input file");
        output.checkHoldsNone(List.of(qualified(options.signatures(), conf)), "signature file");
        LOG.info("search: {} signatures over {} files", plan.signatureCount(), files.size());
        return new Prepared(System.nanoTime() - started, plan, files, output);
    }

    private SearchSummary run(SparkSession spark, Prepared prepared) {
        try {
            return scanAndWrite(spark, prepared);
        } catch (Throwable failure) {
            // Spark's job failures are SparkExceptions, checked exceptions that Java does not see coming.
            prepared.output().abort();
            throw failure;
        }
    }

    private List<Signature> readSignatures(Configuration conf) {
        Path path = new Path(options.signatures());
        try {
            FileSystem fs = path.getFileSystem(conf);
            if (!fs.exists(path)) {
                throw new IllegalArgumentException("--signatures " + options.signatures() + " does not exist");
            }
            SignatureSet set = SignatureParser.parse(fs, path);
            for (SignatureWarning warning : set.warnings()) {
                LOG.warn("{}", warning);
            }
            if (set.isEmpty()) {
                throw new IllegalArgumentException("--signatures " + options.signatures() + " holds no signature");
            }
            return set.signatures();
        } catch (IOException e) {
            throw new IllegalArgumentException("--signatures " + options.signatures() + ": cannot read it ("
                    + e.getMessage() + ")", e);
        }
    }

    private static String qualified(String location, Configuration conf) {
        Path path = new Path(location);
        try {
            return path.getFileSystem(conf).makeQualified(path).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<InputFile> listInputs(Configuration conf) {
        try {
            return InputLister.list(conf, options.inputs());
        } catch (IOException e) {
            throw new IllegalArgumentException("--input: " + e.getMessage(), e);
        }
    }

    private SearchSummary scanAndWrite(SparkSession spark, Prepared prepared) {
        long started = System.nanoTime();
        SearchPlan plan = prepared.plan();
        List<InputFile> files = prepared.files();
        OutputDirectory output = prepared.output();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JobProgress progress = new JobProgress(sc, "search");
        long bytes = files.stream().mapToLong(InputFile::length).sum();
        HadoopConf hadoop = HadoopConf.of(sc.hadoopConfiguration());

        JavaRDD<ByteRange> ranges = splits(sc);
        JavaRDD<Row> rows = ranges.mapPartitions(new ScanPartition(plan.signatures(), hadoop, options,
                new ScanPartition.Counters(progress.bytesScanned(), progress.tiles(), progress.matches())));
        Dataset<Row> matches = spark.createDataFrame(rows, MatchTable.SCHEMA);
        if (options.keepsBest()) {
            matches = matches.withColumn("rank", row_number().over(Window.partitionBy(MatchTable.SIGNATURE)
                    .orderBy(col(MatchTable.SAD), col(MatchTable.PATH), col(MatchTable.OFFSET))))
                    .where(col("rank").leq(options.best())).drop("rank");
        }
        try {
            // One pass over the inputs: a global orderBy would sample, i.e. scan, them a second time.
            progress.phase("scan " + files.size() + " files (" + bytes + " bytes) for " + plan.signatureCount()
                    + " signatures, keeping " + (options.keepsBest() ? "the " + options.best() + " best" : "scores")
                    + (options.maxSad() == SearchOptions.UNLIMITED ? "" : " ≤ " + options.maxSad())
                    + ", and write the " + options.format().sparkFormat() + " table");
            matches.repartition(col(MatchTable.SIGNATURE))
                    .sortWithinPartitions(MatchTable.SIGNATURE, MatchTable.PATH, MatchTable.OFFSET)
                    .write().format(options.format().sparkFormat()).option("header", "true").save(output.staging());
            progress.phase("count the matches per signature in the written table");
            String[] parts = output.stagedFiles();
            Dataset<Row> table = parts.length == 0 ? spark.createDataFrame(List.of(), MatchTable.SCHEMA)
                    : MatchTable.read(spark, options.format(), parts);
            List<Row> counts = table.groupBy(MatchTable.SIGNATURE).count().collectAsList();
            progress.phase("collect the " + options.show() + " best matches for the summary");
            List<Row> best = options.show() == 0 ? List.of()
                    : table.orderBy(MatchTable.SAD, MatchTable.SIGNATURE, MatchTable.PATH, MatchTable.OFFSET)
                            .limit(options.show()).collectAsList();
            output.commit();
            double seconds = (prepared.checkNanos() + System.nanoTime() - started) / 1e9;
            return new SearchSummary(files.size(), bytes, plan, counts, best, output.output(), options.format(),
                    seconds);
        } finally {
            progress.done();
        }
    }

    /**
     * One record per range of the inputs, listed by the same rules as {@link InputLister}: one partition per
     * packed split, or the ranges spread over {@code --partitions N}.
     */
    private JavaRDD<ByteRange> splits(JavaSparkContext sc) {
        try {
            Job job = Job.getInstance(new Configuration(sc.hadoopConfiguration()));
            // The inputs as given, expanded once more by the same InputLister code: passing the listed files
            // would expand (glob) each of them again, one call per file, and misread names holding [ or {.
            ByteRangeInputFormat.setInputs(job, options.inputs());
            // Both bounds: FileInputFormat otherwise caps a split at the file system's block size (32 MiB on
            // file:), and --split-size would not mean what it says.
            FileInputFormat.setMaxInputSplitSize(job, options.splitSize());
            FileInputFormat.setMinInputSplitSize(job, options.splitSize());
            ByteRangeInputFormat.setOpenCost(job, options.openCost());
            JavaRDD<ByteRange> ranges = sc.newAPIHadoopRDD(job.getConfiguration(), ByteRangeInputFormat.class,
                    ByteRange.class, NullWritable.class).keys();
            return options.partitions() > 0 ? ranges.repartition(options.partitions()) : ranges;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
