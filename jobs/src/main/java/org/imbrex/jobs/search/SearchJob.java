package org.imbrex.jobs.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.MapOutputStatistics;
import org.apache.spark.ShuffleDependency;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.input.InputLister;
import org.imbrex.io.scan.SearchPlan;
import org.imbrex.io.scan.TileBytes;
import org.imbrex.io.signature.Signature;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.ImbrexSession;
import org.imbrex.jobs.spark.CommandSession;
import org.imbrex.jobs.spark.DriverWarmUp;
import org.imbrex.jobs.spark.JobProgress;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.SharedValue;
import org.imbrex.jobs.spark.StartupWarmUp;
import org.imbrex.jobs.spark.TableFileWarmUp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;
import scala.Tuple2;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * The {@code search} job: checks everything on the driver, scans every split of every input file tile
 * by tile on the executors, keeps the matches ({@code --max-sad}) or the K best per signature ({@code
 * --best}), and writes the match table atomically.
 *
 * <pre>
 *   driver: parse signatures → list inputs → check output      (errors here: no task has started)
 *   scan:   ScanSplits → RangeTasks                 a task per split of ranges; small files and tails packed
 *                                                   into tasks of about --split-size, block locality kept
 *           → ScanPartition                         tiles → msad4 Dispatches → matches, streamed
 *   without --best, in the same task (one Spark job):
 *   write:  WriteTablePart.write: sort by signature, path, offset (PartSorter, spilling sorted runs),
 *           rows → part file below the staging dir; reports its file, rows per signature and best rows
 *           (the summary's counts and best matches)
 *   with --best K, the task's K best per signature:
 *   shuffle: to spark.imbrex.search.table-parts parts by signature rank
 *           (the scan job ends here: a map stage, whose output sizes group adjacent parts into write tasks)
 *   write:  WriteTablePart per task, as above, keeping the K best per signature
 *   commit: the reported files into the staging table, _SUCCESS, then rename it to --output
 * </pre>
 * Example: {@code new SearchJob(options).run()} returns the process exit code.
 */
public final class SearchJob {
    private static final Logger LOG = LoggerFactory.getLogger(SearchJob.class);
    /**
     * How many parts by signature the scan shuffles its matches to (the most part files the table can have;
     * adjacent small parts share a file). Default: in local mode the cores ({@code defaultParallelism}); on a
     * cluster, whose executors may not all have registered yet, at least {@code spark.sql.shuffle.partitions};
     * at most {@link #MOST_DEFAULT_PARTS}. Each part costs every scan task a shuffle file.
     */
    static final String TABLE_PARTS_KEY = "spark.imbrex.search.table-parts";
    static final int MOST_DEFAULT_PARTS = 200;
    /**
     * Bytes of matches (estimated) a write task sorts in memory before it spills a sorted run to the executor's
     * local directories; default {@link PartSorter#RUN_BYTES} (256 MiB).
     */
    static final String WRITE_RUN_KEY = "spark.imbrex.search.write-run-bytes";

    private final SearchOptions options;

    public SearchJob(SearchOptions options) {
        this.options = options;
    }

    /**
     * Runs the job in the JVM's Spark session, starting one (and stopping it at the end) if none is running;
     * returns 0 on success. Bad input throws before Spark starts.
     */
    public int run() {
        if (RuleSources.areYara(options.signatures())) {
            return new RuleSearchJob(options).run();
        }
        Prepared prepared = prepare();
        StartupWarmUp warmUp = StartupWarmUp.startFor(options.master(), "scan",
                new ScanWarmUp(prepared.plan().signatures(), prepared.files(), options));
        StartupWarmUp.startFor(options.master(), "driver",
                new DriverWarmUp(List.of(new ArrayList<>(prepared.plan().signatures()), options)));
        // The table writer too, so that the scan tasks' first part files find it loaded and compiled (400 MiB
        // of binaries, 100 signatures: job 1.46 s -> 1.30 s against starting it with the job, 10 runs each).
        boolean writerWarmedUp = StartupWarmUp.wanted(options.master(), ImbrexSession.running());
        if (writerWarmedUp) {
            startTableWarmUp(prepared.plan());
        }
        try (CommandSession session = CommandSession.open("imbrex search", options.master())) {
            warmUp.stop();
            run(session.spark(), prepared, writerWarmedUp).print(System.out);
            return 0;
        }
    }

    /** Runs the job in an existing session (the demo runs several jobs in one). */
    public SearchSummary run(SparkSession spark) {
        return run(spark, prepare(), false);
    }

    /**
     * What the driver checks before any task starts, and how long checking took (the summary's time counts
     * it, but not the start of a Spark session).
     */
    private record Prepared(long checkNanos, SearchPlan plan, List<LocatedFileStatus> listed, List<InputFile> files,
            OutputDirectory output) {
    }

    private Prepared prepare() {
        long started = System.nanoTime();
        Configuration conf = HadoopConf.fromSystemProperties();
        SearchPlan plan = SearchPlan.compile(SignatureFiles.read(options, conf));
        options.checkTileSize(plan.maxLength());
        List<LocatedFileStatus> listed = listInputs(options, conf);
        List<InputFile> files = InputLister.files(listed);
        OutputDirectory output = OutputDirectory.prepare(options.output(), options.overwrite(), conf);
        output.checkHoldsNone(files.stream().map(InputFile::path).toList(), "input file");
        output.checkHoldsNone(options.signatures().stream().map(s -> qualified(s, conf)).toList(), "signature file");
        LOG.info("search: {} signatures over {} files", plan.signatureCount(), files.size());
        return new Prepared(System.nanoTime() - started, plan, listed, files, output);
    }

    private SearchSummary run(SparkSession spark, Prepared prepared, boolean writerWarmedUp) {
        try {
            return scanAndWrite(spark, prepared, writerWarmedUp);
        } catch (Throwable failure) {
            // Spark's job failures are SparkExceptions, checked exceptions that Java does not see coming.
            prepared.output().abort();
            throw failure;
        }
    }

    static String qualified(String location, Configuration conf) {
        Path path = new Path(location);
        try {
            return path.getFileSystem(conf).makeQualified(path).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every input file, with its block locations; a missing input is refused. */
    static List<LocatedFileStatus> listInputs(SearchOptions options, Configuration conf) {
        try {
            return InputLister.located(conf, options.inputs());
        } catch (IOException e) {
            throw new IllegalArgumentException("--input: " + e.getMessage(), e);
        }
    }

    private SearchSummary scanAndWrite(SparkSession spark, Prepared prepared, boolean writerWarmedUp) {
        long started = System.nanoTime();
        SearchPlan plan = prepared.plan();
        List<InputFile> files = prepared.files();
        OutputDirectory output = prepared.output();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JobProgress progress = new JobProgress(sc, "search");
        long bytes = files.stream().mapToLong(InputFile::length).sum();
        HadoopConf hadoop = HadoopConf.shared(sc);
        TableOrder order = TableOrder.of(plan.signatures());
        int parts = tableParts(sc);
        WriteTablePart.Spec spec = new WriteTablePart.Spec(output.staging(), UUID.randomUUID().toString(),
                options.format(), hadoop, options.keepsBest() ? options.best() : 0, options.show(),
                writeRunBytes(sc));

        if (sc.isLocal() && !writerWarmedUp) {
            startTableWarmUp(plan);
        }
        ScanPartition.Counters counters = new ScanPartition.Counters(progress.bytesScanned(), progress.tiles(),
                progress.matches());
        List<RangeTasks.Ranges> tasks = ScanSplits.tasks(sc, prepared.listed(), options);
        ScanPartition scan = new ScanPartition(SharedValue.broadcast(sc, new ArrayList<>(plan.signatures())), hadoop,
                options, counters, TileBytes.AS_READ);
        WriteTablePart write = new WriteTablePart(plan.signatures(), order, spec,
                progress.counter("write runs spilled"));
        try {
            // One pass over the inputs. Without --best each scan task writes its own matches as a part file; with
            // --best K the scan job shuffles each task's K best to the table parts by signature, and the write job
            // sorts each part (PartSorter: spilling if it is big), keeps the K best and writes it, adjacent small
            // parts together. The shuffle itself does not sort: Spark's sorting reader sizes its buffer by walking
            // the matches' object graphs, which costs a small table more than writing it.
            String scanning = "scan " + files.size() + " files (" + bytes + " bytes) for " + plan.signatureCount()
                    + " signatures, keeping " + (options.keepsBest() ? "the " + options.best() + " best" : "scores")
                    + (options.maxSad() == SearchOptions.UNLIMITED ? "" : " ≤ " + options.maxSad());
            List<WrittenPart> written;
            if (options.keepsBest()) {
                progress.phase(scanning);
                RangeTasks<Tuple2<Match, Object>> keyed = new RangeTasks<>(sc.sc(), tasks, new KeyedScan(scan),
                        ClassTag$.MODULE$.apply(Tuple2.class));
                JavaPairRDD<Match, Object> byPart = JavaPairRDD.fromRDD(keyed,
                        ClassTag$.MODULE$.<Match>apply(Match.class), ClassTag$.MODULE$.apply(Object.class))
                        .partitionBy(new SignaturePartitioner(order, parts));
                MapOutputStatistics shuffled = JobProgress.await(sc.sc().submitMapStage(
                        (ShuffleDependency<?, ?, ?>) byPart.rdd().dependencies().head()));
                JavaRDD<Tuple2<Match, Object>> writes = writeTasks(sc, byPart, shuffled);
                progress.phase("write the " + options.format().sparkFormat() + " table ("
                        + writes.getNumPartitions() + (writes.getNumPartitions() == 1 ? " file)" : " files)"));
                written = writes.mapPartitionsWithIndex(write, false).collect();
            } else {
                progress.phase(scanning + ", writing the " + options.format().sparkFormat() + " table");
                written = new RangeTasks<>(sc.sc(), tasks, new ScanAndWritePart(scan, write),
                        ClassTag$.MODULE$.<WrittenPart>apply(WrittenPart.class)).toJavaRDD().collect();
            }
            // A speculative copy of a write task may still run until Spark has killed it: let it end first, so
            // that no file of it appears in the staging directory after the commit.
            if (!progress.awaitTasks(Duration.ofSeconds(30))) {
                LOG.warn("search: a write task still runs after the job ended; {} may keep its file",
                        output.staging());
            }
            output.commitParts(written.stream().map(WrittenPart::file).filter(Objects::nonNull).toList());
            output.commit();
            double seconds = (prepared.checkNanos() + System.nanoTime() - started) / 1e9;
            return new SearchSummary(files.size(), bytes, plan, counts(plan, written), best(plan, order, written),
                    output.output(), options.format(), seconds);
        } catch (Throwable failure) {
            // The job failed with one task; others may still be writing parts until they are cancelled.
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
     * Writes a few rows of the table on a background thread when the tasks run in this JVM: its first part files
     * then find the writer loaded and compiled. A few rows only: compiling Parquet's column writers for 30,000
     * cost the scan more than it saved the write (real binaries, 100 signatures, 7,705 rows: 0.1 s more wall
     * time).
     */
    private void startTableWarmUp(SearchPlan plan) {
        Signature first = plan.signature(0);
        TableFileWarmUp.start(options.format(), MatchTable.SCHEMA,
                new Object[] {first.name(), "file:/warm-up", 0L, first.length(), 0}, 1_000);
    }

    /**
     * The write tasks over the shuffled parts: adjacent parts grouped into files after the rule of Spark's
     * adaptive execution for coalescing shuffle partitions, with its switches and sizes: {@code
     * spark.sql.adaptive.enabled} and {@code .coalescePartitions.enabled} (else one task per part); a target
     * of {@code .advisoryPartitionSizeInBytes} (64 MiB), lowered so that the job's cores all get a task
     * ({@code .coalescePartitions.parallelismFirst}) but not below {@code .coalescePartitions.minPartitionSize}
     * (1 MiB). The keys are read from the Spark configuration and the thread's local properties, not from a
     * session's runtime SQL conf.
     */
    private static JavaRDD<Tuple2<Match, Object>> writeTasks(JavaSparkContext sc, JavaPairRDD<Match, Object> byPart,
            MapOutputStatistics shuffled) {
        ClassTag<Tuple2<Match, Object>> tag = ClassTag$.MODULE$.apply(Tuple2.class);
        String coalesce = "spark.sql.adaptive.coalescePartitions.";
        if (!Boolean.parseBoolean(setting(sc, "spark.sql.adaptive.enabled", "true").trim())
                || !Boolean.parseBoolean(setting(sc, coalesce + "enabled", "true").trim())) {
            return new JavaRDD<>(byPart.rdd(), tag);
        }
        long advisory = JavaUtils.byteStringAsBytes(setting(sc, "spark.sql.adaptive.advisoryPartitionSizeInBytes",
                "64m").trim());
        long smallest = JavaUtils.byteStringAsBytes(setting(sc, coalesce + "minPartitionSize", "1m").trim());
        int cores = Boolean.parseBoolean(setting(sc, coalesce + "parallelismFirst", "true").trim())
                ? Math.max(1, sc.defaultParallelism()) : 1;
        long[] bytes = shuffled.bytesByPartitionId();
        AdjacentParts grouped = AdjacentParts.of(bytes, AdjacentParts.target(bytes, cores, advisory, smallest));
        return new JavaRDD<>(byPart.rdd().coalesce(grouped.tasks(), false, Option.apply(grouped), null), tag);
    }

    static int tableParts(JavaSparkContext sc) {
        int cores = Math.max(1, sc.defaultParallelism());
        int byDefault = sc.isLocal() ? cores
                : Math.max(cores, Integer.parseInt(sc.getConf().get("spark.sql.shuffle.partitions", "16").trim()));
        String value = setting(sc, TABLE_PARTS_KEY, Integer.toString(Math.min(MOST_DEFAULT_PARTS, byDefault)))
                .trim();
        try {
            int parts = Integer.parseInt(value);
            if (parts >= 1) {
                return parts;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(TABLE_PARTS_KEY + " " + value + " is not a count of parts ≥ 1");
    }

    private static long writeRunBytes(JavaSparkContext sc) {
        String value = setting(sc, WRITE_RUN_KEY, Long.toString(PartSorter.RUN_BYTES)).trim();
        try {
            long bytes = JavaUtils.byteStringAsBytes(value);
            if (bytes >= 1) {
                return bytes;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(WRITE_RUN_KEY + " " + value + " is not a size of at least 1 byte");
    }

    /**
     * A setting of the table write: the calling thread's local property if it has one (as {@code
     * sc.setLocalProperty} sets per-thread job settings), else the Spark configuration's value.
     */
    private static String setting(JavaSparkContext sc, String key, String otherwise) {
        String local = sc.getLocalProperty(key);
        return local != null ? local : sc.getConf().get(key, otherwise);
    }

    private static Tuple2<Match, Object> keyed(Match match) {
        return new Tuple2<>(match, null);
    }

    /** Rows per signature, from what the parts wrote. */
    private static List<Row> counts(SearchPlan plan, List<WrittenPart> written) {
        long[] rows = new long[plan.signatureCount()];
        for (WrittenPart part : written) {
            for (int i = 0; i < part.signatures().length; i++) {
                rows[part.signatures()[i]] += part.rows()[i];
            }
        }
        List<Row> counts = new ArrayList<>();
        for (int s = 0; s < rows.length; s++) {
            if (rows[s] > 0) {
                counts.add(RowFactory.create(plan.signature(s).name(), rows[s]));
            }
        }
        return counts;
    }

    /** The summary's best rows: lowest SAD first, then table order, from each part's best. */
    private List<Row> best(SearchPlan plan, TableOrder order, List<WrittenPart> written) {
        return written.stream().flatMap(part -> part.best().stream()).sorted(order.bestFirst()).limit(options.show())
                .map(m -> RowFactory.create(plan.signature(m.signature()).name(), m.path(), m.offset(),
                        plan.signature(m.signature()).length(), m.sad()))
                .toList();
    }

    /** A scan task of {@code --best K}: the task's K best per signature, keyed for the shuffle to the parts. */
    private record KeyedScan(ScanPartition scan) implements RangeTasks.Task<Tuple2<Match, Object>> {
        @Override
        public Iterator<Tuple2<Match, Object>> run(int partition, Iterator<ByteRange> ranges) {
            Iterator<Match> matches = scan.call(ranges);
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return matches.hasNext();
                }

                @Override
                public Tuple2<Match, Object> next() {
                    return keyed(matches.next());
                }
            };
        }
    }
}
