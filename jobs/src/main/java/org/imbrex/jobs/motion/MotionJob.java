package org.imbrex.jobs.motion;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.collect_list;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.imbrex.io.video.Y4mFrameIndex;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.CommandSession;
import org.imbrex.jobs.spark.JobProgress;
import org.imbrex.jobs.spark.OutputDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code motion} job: indexes the videos and checks everything on the driver, searches every frame
 * pair (cut into stripes) on the executors, and writes the motion table atomically; optionally draws each
 * frame's vectors.
 *
 * <pre>
 *   driver: list inputs → index frames (Y4mFrameIndex) → check    (errors here: no task has started)
 *           → tasks: (file, frames [k, k+n), stripe)             (MotionTask.plan)
 *   search: parallelize(tasks) → mapPartitions(MatchPartition)   frames → msad4 Dispatches → rows
 *   write:  sorted by path, frame, block_y, block_x → staging dir → rename to --output
 *   render: table grouped by (path, frame) → RenderPartition     one PNG per frame → staging → --render
 * </pre>
 * A block's vector depends only on its frame pair, never on the stripes, runs of frames or partitions
 * chosen. Example: {@code new MotionJob(options).run()} returns the process exit code.
 */
public final class MotionJob {
    private static final Logger LOG = LoggerFactory.getLogger(MotionJob.class);

    private final MotionOptions options;

    public MotionJob(MotionOptions options) {
        this.options = options;
    }

    /** Runs the job in its own Spark session; returns 0 on success. Bad input throws before Spark starts. */
    public int run() {
        Prepared prepared = prepare();
        try (CommandSession session = CommandSession.open("imbrex motion", options.master())) {
            run(session.spark(), prepared).print(System.out);
            return 0;
        }
    }

    /** Runs the job in an existing session (the demo and the tests run several jobs in one). */
    public MotionSummary run(SparkSession spark) {
        return run(spark, prepare());
    }

    /** What the driver checks and plans before any task starts. */
    private record Prepared(double indexSeconds, List<Y4mFrameIndex> videos, List<String> warnings,
            OutputDirectory output, OutputDirectory render) {
    }

    private Prepared prepare() {
        long started = System.nanoTime();
        Configuration conf = HadoopConf.fromSystemProperties();
        MotionInputs.Indexed inputs = MotionInputs.index(conf, options);
        List<String> warnings = new ArrayList<>(inputs.warnings());
        for (Y4mFrameIndex video : inputs.videos()) {
            if (video.frames() < 2) {
                warnings.add(video.source() + ": " + video.frames() + " complete frame" + (video.frames() == 1 ? ""
                        : "s") + ", so no frame has a previous frame to search");
            }
        }
        warnings.forEach(warning -> LOG.warn("{}", warning));
        OutputDirectory output = OutputDirectory.prepare(options.output(), options.overwrite(), conf);
        output.checkHoldsNone(inputs.videos().stream().map(Y4mFrameIndex::source).toList(), "input file");
        OutputDirectory render = null;
        if (options.render() != null) {
            render = OutputDirectory.prepare(options.render(), options.overwrite(), conf);
            if (render.output().equals(output.output())) {
                throw new IllegalArgumentException("--render " + options.render() + " is the --output directory; "
                        + "give the pictures a directory of their own");
            }
        }
        return new Prepared(seconds(started), inputs.videos(), warnings, output, render);
    }

    /** The tasks of every file, in runs of frames sized for the session's cores. */
    private List<MotionTask> plan(List<Y4mFrameIndex> videos, int cores) {
        long frames = 0;
        int stripes = 1;
        for (Y4mFrameIndex video : videos) {
            frames += Math.max(0, video.frames() - 1);
            stripes = Math.max(stripes, options.plan().stripes(video.header().width(), video.header().height())
                    .size());
        }
        int run = options.runLength(frames, stripes, cores);
        List<MotionTask> tasks = new ArrayList<>();
        for (Y4mFrameIndex video : videos) {
            tasks.addAll(MotionTask.plan(video, options.plan(), run));
        }
        LOG.info("motion: {} files, {} frames to search in {} tasks (runs of up to {} frames, frames cut into up "
                + "to {} stripes)", videos.size(), frames, tasks.size(), run, stripes);
        return tasks;
    }

    private MotionSummary run(SparkSession spark, Prepared prepared) {
        try {
            return searchAndWrite(spark, prepared);
        } catch (RuntimeException e) {
            prepared.output().abort();
            if (prepared.render() != null) {
                prepared.render().abort();
            }
            throw e;
        }
    }

    private MotionSummary searchAndWrite(SparkSession spark, Prepared prepared) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JobProgress progress = new JobProgress(sc, "motion");
        HadoopConf hadoop = HadoopConf.shared(sc);
        List<MotionTask> tasks = plan(prepared.videos(), sc.defaultParallelism());
        int slices = options.partitions() > 0 ? options.partitions() : Math.max(1, tasks.size());
        JavaRDD<Row> rows = sc.parallelize(tasks, slices).mapPartitions(new MatchPartition(options, hadoop,
                progress.counter("frames"), progress.counter("blocks")));
        Dataset<Row> table = spark.createDataFrame(rows, MotionTable.SCHEMA).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            long started = System.nanoTime();
            progress.phase("search " + prepared.videos().size() + " files in " + tasks.size() + " tasks (B="
                    + options.block() + ", R=" + options.range() + ")");
            List<Row> counts = table.groupBy(MotionTable.PATH).agg(count(lit(1)),
                    sum(when(col(MotionTable.DX).notEqual(0).or(col(MotionTable.DY).notEqual(0)), 1).otherwise(0)))
                    .collectAsList();
            double match = seconds(started);

            started = System.nanoTime();
            progress.phase("write the " + options.format().optionName() + " table to " + prepared.output().output());
            write(table, prepared.output(), hadoop, sc.hadoopConfiguration());
            prepared.output().commit();
            double write = seconds(started);

            started = System.nanoTime();
            long rendered = 0;
            if (prepared.render() != null) {
                progress.phase("render " + counts.size() + " files' frames to " + prepared.render().output());
                rendered = render(table, prepared, hadoop, sc.hadoopConfiguration());
            }
            double render = seconds(started);
            return new MotionSummary(fileCounts(prepared.videos(), counts), options.block(), options.range(),
                    prepared.warnings(), prepared.output().output(), options.format(),
                    prepared.render() == null ? null : prepared.render().output(), rendered,
                    new MotionSummary.Timings(prepared.indexSeconds(), match, write, render));
        } finally {
            table.unpersist();
            progress.done();
        }
    }

    private void write(Dataset<Row> table, OutputDirectory output, HadoopConf hadoop, Configuration conf) {
        if (options.format() == MotionFormat.FFMPEG_CSV) {
            mkdirs(output.staging(), conf);
            FfmpegCsvFile.write(table, options.block(), output.staging(), hadoop);
        } else {
            table.orderBy(MotionTable.order()).write().format(options.format().table().sparkFormat())
                    .option("header", "true").save(output.staging());
        }
    }

    private long render(Dataset<Row> table, Prepared prepared, HadoopConf hadoop, Configuration conf) {
        OutputDirectory directory = prepared.render();
        mkdirs(directory.staging(), conf);
        Dataset<Row> frames = table.groupBy(MotionTable.PATH, MotionTable.FRAME).agg(collect_list(struct(
                MotionTable.BLOCK_X, MotionTable.BLOCK_Y, MotionTable.DX, MotionTable.DY, MotionTable.SAD)));
        long rendered = frames.javaRDD().mapPartitions(new RenderPartition(prepared.videos(), options,
                directory.staging(), hadoop)).fold(0L, Long::sum);
        directory.commit();
        return rendered;
    }

    /** Per-file counts from (path, blocks, moving blocks); every frame has the same number of blocks. */
    private List<MotionSummary.FileCounts> fileCounts(List<Y4mFrameIndex> videos, List<Row> counts) {
        Map<String, Row> byPath = new HashMap<>();
        counts.forEach(row -> byPath.put(row.getString(0), row));
        List<MotionSummary.FileCounts> files = new ArrayList<>();
        for (Y4mFrameIndex video : videos) {
            Row row = byPath.get(video.source());
            int width = video.header().width();
            int height = video.header().height();
            long blocks = row == null ? 0 : row.getLong(1);
            long perFrame = (long) options.plan().blocksX(width) * options.plan().blocksY(height);
            files.add(new MotionSummary.FileCounts(video.source(), width, height, blocks / perFrame, blocks,
                    row == null ? 0 : row.getLong(2)));
        }
        return files;
    }

    private static void mkdirs(String directory, Configuration conf) {
        Path path = new Path(directory);
        try {
            path.getFileSystem(conf).mkdirs(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory + ": " + e.getMessage(), e);
        }
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }
}
