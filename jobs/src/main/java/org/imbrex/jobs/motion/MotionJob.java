package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.imbrex.io.video.Y4mFrameIndex;
import org.imbrex.jobs.spark.HadoopConf;
import org.imbrex.jobs.spark.CommandSession;
import org.imbrex.jobs.spark.JobProgress;
import org.imbrex.jobs.spark.OutputDirectory;
import org.imbrex.jobs.spark.OutputFileSystem;
import org.imbrex.jobs.spark.DriverWarmUp;
import org.imbrex.jobs.spark.ImbrexSession;
import org.imbrex.jobs.spark.StartupWarmUp;
import org.imbrex.jobs.spark.TableFileWarmUp;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code motion} job: indexes the videos and checks everything on the driver, searches every frame
 * pair (cut into stripes) on the executors, and writes the motion table atomically; optionally draws each
 * frame's vectors.
 *
 * <pre>
 *   driver: list inputs → index frames (Y4mFrameIndex) → check    (errors here: no task has started)
 *           → tasks: (file, frames [k, k+n)), in table order      (MotionTask.plan)
 *   tasks:  parallelize(tasks) → MatchPartition per partition    frames → bound, select, msad4 Dispatches
 *           → rows straight into part i (and PNGs with --render)  no shuffle, no sort: rows come in order
 *   driver: move the reported parts into the staging dir, _SUCCESS → rename to --output (and --render)
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
        StartupWarmUp warmUp = StartupWarmUp.startFor(options.master(), "motion",
                new MotionWarmUp(prepared.videos(), options));
        StartupWarmUp.startFor(options.master(), "driver", new DriverWarmUp(List.of(options)));
        boolean writerWarmedUp = StartupWarmUp.wanted(options.master(), ImbrexSession.running());
        if (writerWarmedUp) {
            startTableWarmUp();
        }
        try (CommandSession session = CommandSession.open("imbrex motion", options.master())) {
            warmUp.stop();
            run(session.spark(), prepared, writerWarmedUp).print(System.out);
            return 0;
        }
    }

    /** Runs the job in an existing session (the demo and the tests run several jobs in one). */
    public MotionSummary run(SparkSession spark) {
        return run(spark, prepare(), false);
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
            render = OutputDirectory.prepare("--render", options.render(), options.overwrite(), conf);
            if (render.output().equals(output.output())) {
                throw new IllegalArgumentException("--render " + options.render() + " is the --output directory; "
                        + "give the pictures a directory of their own");
            }
        }
        return new Prepared(seconds(started), inputs.videos(), warnings, output, render);
    }

    /**
     * Loads and compiles the table writer on a background thread when the tasks run in this JVM, while the
     * first frames are searched (a motion table has a row per block and frame: hundreds of thousands).
     */
    private void startTableWarmUp() {
        if (options.format().table() != null) {
            TableFileWarmUp.start(options.format().table(), MotionTable.SCHEMA,
                    new Object[] {"file:/warm-up", 1, 0, 0, 0, 0, 0}, 30_000);
        }
    }

    /** The tasks of every file, in tapering runs of frames sized for the session's cores, in table order. */
    private List<MotionTask> plan(List<Y4mFrameIndex> videos, int cores) {
        long frames = MotionTask.searchedFrames(videos);
        int[] runs = options.runs(frames, cores);
        List<MotionTask> tasks = MotionTask.plan(videos, runs);
        LOG.info("motion: {} files, {} frames to search in {} tasks (runs of {} frames, the first to the last)",
                videos.size(), frames, tasks.size(),
                runs.length == 0 ? "no" : runs[0] + " to " + runs[runs.length - 1]);
        return tasks;
    }

    private MotionSummary run(SparkSession spark, Prepared prepared, boolean writerWarmedUp) {
        try {
            return searchAndWrite(spark, prepared, writerWarmedUp);
        } catch (RuntimeException e) {
            prepared.output().abort();
            if (prepared.render() != null) {
                prepared.render().abort();
            }
            throw e;
        }
    }

    private MotionSummary searchAndWrite(SparkSession spark, Prepared prepared, boolean writerWarmedUp) {
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JobProgress progress = new JobProgress(sc, "motion");
        HadoopConf hadoop = HadoopConf.shared(sc);
        List<MotionTask> tasks = plan(prepared.videos(), sc.defaultParallelism());
        int slices = options.partitions() > 0 ? options.partitions() : Math.max(1, tasks.size());
        OutputDirectory render = prepared.render();
        if (render != null) {
            mkdirs(render.staging(), sc.hadoopConfiguration());
        }
        Map<String, String> baseNames = new LinkedHashMap<>();
        prepared.videos().forEach(video -> baseNames.put(video.source(), MotionInputs.baseName(video.source())));
        MatchPartition.Spec spec = new MatchPartition.Spec(prepared.output().staging(), UUID.randomUUID().toString(),
                options.format(), render == null ? null : render.staging(), hadoop);
        if (sc.isLocal() && !writerWarmedUp) {
            startTableWarmUp();
        }
        try {
            long started = System.nanoTime();
            progress.phase("search " + prepared.videos().size() + " files in " + tasks.size() + " tasks (B="
                    + options.block() + ", R=" + options.range() + ") and write the " + options.format().optionName()
                    + " table" + (render == null ? "" : " and the PNGs"));
            List<MotionPart> parts = sc.parallelize(tasks, slices).mapPartitionsWithIndex(new MatchPartition(options,
                    spec, baseNames, progress.counter("frames"), progress.counter("blocks")), false).collect();
            // A speculative copy of a task may still run until Spark has killed it: let it end first, so that
            // no file of it appears in the staging directory after the commit.
            if (!progress.awaitTasks(Duration.ofSeconds(30))) {
                LOG.warn("motion: a task still runs after the job ended; {} may keep its file",
                        prepared.output().staging());
            }
            double match = seconds(started);

            started = System.nanoTime();
            List<String> files = parts.stream().map(MotionPart::file).filter(Objects::nonNull).toList();
            if (options.format() == MotionFormat.FFMPEG_CSV) {
                FfmpegCsvFile.join(files, prepared.output().staging(), sc.hadoopConfiguration());
                prepared.output().dropTemporary();
            } else {
                prepared.output().commitParts(files);
            }
            prepared.output().commit();
            long rendered = parts.stream().mapToLong(MotionPart::rendered).sum();
            if (render != null) {
                render.commit();
            }
            double commit = seconds(started);
            return new MotionSummary(fileCounts(prepared.videos(), parts), options.block(), options.range(),
                    prepared.warnings(), prepared.output().output(), options.format(),
                    render == null ? null : render.output(), rendered,
                    timings(prepared.indexSeconds(), match, commit, parts));
        } catch (Throwable failure) {
            if (!progress.cancelAndAwaitTasks(Duration.ofSeconds(30))) {
                LOG.warn("motion: tasks of the failed job still run; {} may keep some of their files",
                        prepared.output().staging());
            }
            throw failure;
        } finally {
            progress.done();
        }
    }

    /** The phases, and the share of the tasks' time their searching and their writing of rows took. */
    private static MotionSummary.Timings timings(double index, double match, double commit, List<MotionPart> parts) {
        double task = Math.max(1, parts.stream().mapToLong(MotionPart::taskNanos).sum());
        return new MotionSummary.Timings(index, match, commit,
                parts.stream().mapToLong(MotionPart::searchNanos).sum() / task,
                parts.stream().mapToLong(MotionPart::writeNanos).sum() / task);
    }

    /** Per-file counts from the parts' tallies; every frame of a file has the same number of blocks. */
    private List<MotionSummary.FileCounts> fileCounts(List<Y4mFrameIndex> videos, List<MotionPart> parts) {
        Map<String, long[]> byPath = new HashMap<>();
        for (MotionPart part : parts) {
            for (int i = 0; i < part.paths().length; i++) {
                long[] tally = byPath.computeIfAbsent(part.paths()[i], p -> new long[2]);
                tally[0] += part.blocks()[i];
                tally[1] += part.moving()[i];
            }
        }
        List<MotionSummary.FileCounts> files = new ArrayList<>();
        for (Y4mFrameIndex video : videos) {
            long[] tally = byPath.getOrDefault(video.source(), new long[2]);
            int width = video.header().width();
            int height = video.header().height();
            long perFrame = (long) options.plan().blocksX(width) * options.plan().blocksY(height);
            files.add(new MotionSummary.FileCounts(video.source(), width, height, tally[0] / perFrame, tally[0],
                    tally[1]));
        }
        return files;
    }

    private static void mkdirs(String directory, Configuration conf) {
        Path path = new Path(directory);
        try {
            OutputFileSystem.of(path, conf).mkdirs(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + directory + ": " + e.getMessage(), e);
        }
    }

    private static double seconds(long started) {
        return (System.nanoTime() - started) / 1e9;
    }
}
