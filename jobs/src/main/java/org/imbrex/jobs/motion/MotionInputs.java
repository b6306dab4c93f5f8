package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.input.InputLister;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.video.Y4mFormatException;
import org.imbrex.io.video.Y4mFrameIndex;

/**
 * The driver's look at the inputs before any task starts: lists them, indexes every file's frames
 * ({@link Y4mFrameIndex}: the header and each FRAME line, a few bytes per frame) and checks them against
 * the options. Every problem is an {@link IllegalArgumentException} naming the option and the file, so the
 * user sees one line; a truncated last frame is a warning.
 *
 * <p>Files are indexed on up to {@value #INDEX_THREADS} threads (remote file systems spend the time
 * waiting). Example: {@code MotionInputs.index(conf, options)} gives the indexes in path order, plus e.g.
 * {@code file:/c/a.y4m: frame 9 is truncated (100 of 4608 bytes); using the 9 complete frames before it}.
 */
final class MotionInputs {
    private static final int INDEX_THREADS = 8;

    /** The indexed inputs, sorted by path, and the warnings found on the way. */
    record Indexed(List<Y4mFrameIndex> videos, List<String> warnings) {
    }

    private MotionInputs() {
    }

    static Indexed index(Configuration conf, MotionOptions options) {
        List<InputFile> files;
        try {
            files = InputLister.list(conf, options.inputs());
        } catch (IOException e) {
            throw new IllegalArgumentException("--input: " + e.getMessage(), e);
        }
        if (options.format() == MotionFormat.FFMPEG_CSV && files.size() > 1) {
            throw new IllegalArgumentException("--format ffmpeg-csv writes FFmpeg's columns, which name no file, "
                    + "but --input gives " + files.size() + " files; give one file, or use --format csv");
        }
        List<List<String>> warnings = new ArrayList<>();
        List<Y4mFrameIndex> videos = indexAll(conf, files, warnings);
        MotionPlan plan = options.plan();
        for (Y4mFrameIndex video : videos) {
            plan.checkFrame(video.header().width(), video.header().height(), video.source());
        }
        if (options.render() != null) {
            checkRenderNames(videos);
        }
        List<String> all = new ArrayList<>();
        warnings.forEach(all::addAll);
        return new Indexed(videos, all);
    }

    /** The name a file's PNGs start with: its file name without {@code .y4m}. */
    static String baseName(String path) {
        String name = new Path(path).getName();
        return name.toLowerCase(Locale.ROOT).endsWith(".y4m") ? name.substring(0, name.length() - 4) : name;
    }

    private static List<Y4mFrameIndex> indexAll(Configuration conf, List<InputFile> files,
            List<List<String>> warnings) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(INDEX_THREADS, files.size())));
        try {
            List<Future<Y4mFrameIndex>> indexes = new ArrayList<>();
            for (InputFile file : files) {
                List<String> fileWarnings = new ArrayList<>();
                warnings.add(fileWarnings);
                indexes.add(pool.submit(() -> indexOne(conf, file, fileWarnings)));
            }
            List<Y4mFrameIndex> videos = new ArrayList<>();
            for (Future<Y4mFrameIndex> index : indexes) {
                videos.add(index.get());
            }
            return videos;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException problem) {
                throw problem;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while indexing the inputs", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Y4mFrameIndex indexOne(Configuration conf, InputFile file, List<String> warnings) {
        Path path = new Path(file.path());
        try {
            return Y4mFrameIndex.read(path.getFileSystem(conf), path, warnings::add);
        } catch (Y4mFormatException e) {
            throw new IllegalArgumentException("--input " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("--input " + file.path() + ": cannot read it (" + e.getMessage() + ")", e);
        }
    }

    private static void checkRenderNames(List<Y4mFrameIndex> videos) {
        Map<String, String> seen = new HashMap<>();
        for (Y4mFrameIndex video : videos) {
            String other = seen.putIfAbsent(baseName(video.source()), video.source());
            if (other != null) {
                throw new IllegalArgumentException("--render: inputs " + other + " and " + video.source()
                        + " would both write PNGs named " + baseName(video.source())
                        + "-frame-NNNNNN.png; render them in separate runs");
            }
        }
    }
}
