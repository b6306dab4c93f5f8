package org.imbrex.jobs.motion;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.imbrex.io.input.RangeReader;
import org.imbrex.io.motion.BlockMatcher;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.video.Y4mFrameIndex;
import org.imbrex.jobs.spark.StartupWarmUp;

/**
 * The motion job's {@link StartupWarmUp}: matches the first frames of the job's first local video with the
 * job's block size, range and stripes, and throws the vectors away, so that the JIT compiles the block
 * matcher from frames like the job's. It checks {@code stopped} after each frame pair and matches at most
 * {@link #MOST_FRAMES}; only {@code file:} inputs are read. Nothing it does reaches a table.
 * <pre>
 *   a.y4m   frame 0   1   2   3 …        (the first video with two frames or more)
 *   warm-up     └─m─┘└─m─┘└─m─┘ … until stopped or MOST_FRAMES pairs
 * </pre>
 * Example: {@code StartupWarmUp.startFor(options.master(), "motion", new MotionWarmUp(videos, options))}.
 */
final class MotionWarmUp implements StartupWarmUp.Work {
    /** The most frame pairs a warm-up matches. */
    static final int MOST_FRAMES = 16;

    private final List<Y4mFrameIndex> videos;
    private final MotionPlan plan;
    private final int mostFrames;
    private final AtomicInteger matched = new AtomicInteger();

    MotionWarmUp(List<Y4mFrameIndex> videos, MotionOptions options) {
        this(videos, options, MOST_FRAMES);
    }

    MotionWarmUp(List<Y4mFrameIndex> videos, MotionOptions options, int mostFrames) {
        this.videos = List.copyOf(videos);
        this.plan = options.plan();
        this.mostFrames = mostFrames;
    }

    /** Frame pairs matched so far. */
    int matchedFrames() {
        return matched.get();
    }

    @Override
    public void run(BooleanSupplier stopped) throws IOException {
        Y4mFrameIndex video = videos.stream()
                .filter(v -> v.frames() >= 2 && RangeReader.localPath(v.source()) != null)
                .findFirst().orElse(null);
        if (video == null) {
            return;
        }
        MotionTask task = MotionTask.plan(video, mostFrames).get(0);
        FileSystem fs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
        try (BufferAllocator allocator = new RootAllocator();
                BlockMatcher matcher = new BlockMatcher(plan, allocator);
                FSDataInputStream in = fs.open(new Path(video.source()))) {
            LumaFrame previous = task.read(in, 0);
            for (int i = 1; i <= task.frames() && !stopped.getAsBoolean(); i++) {
                LumaFrame current = task.read(in, i);
                matcher.match(previous, current); // the vectors go nowhere
                matched.incrementAndGet();
                previous = current;
            }
        }
    }
}
