package org.imbrex.jobs.motion;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mFrameIndex;

/**
 * One unit of work: the vectors of frames {@code [firstFrame, firstFrame + frames)} of one file. The task
 * reads one frame more (the previous frame of its first), each at the luma offset the driver's index found,
 * and searches each frame whole, stripe after stripe ({@link MotionPlan#stripes}), so its rows come out in
 * the table's order and each frame's summed-area table serves as frame n and then as frame n−1.
 *
 * <pre>
 *   frames of the file   0    1    2    3    4    5    6    7    8    9
 *   task (first 1, 4)    r    rm   rm   rm   rm                          r = read, m = matched as frame n
 *   task (first 5, 4)                        r    rm   rm   rm   rm
 *   lumaOffsets          [offset(first − 1), ..., offset(first + frames − 1)]
 * </pre>
 * Tasks of a file follow each other in frame order, so part files written in task order hold the table's
 * rows in order. Example: {@code MotionTask.plan(index, 8)} for a 10-frame 1080p file gives two tasks,
 * frames 1..8 and 9.
 *
 * @param lumaOffsets the luma offset of frames {@code firstFrame − 1 .. firstFrame + frames − 1}
 */
public record MotionTask(String path, int width, int height, int firstFrame, long[] lumaOffsets)
        implements java.io.Serializable {

    /** Frames matched (as frame n). */
    public int frames() {
        return lumaOffsets.length - 1;
    }

    /** Frame {@code firstFrame − 1 + i} of the task, whole: i = 0 is the previous frame of the first. */
    public LumaFrame read(FSDataInputStream in, int i) throws IOException {
        return Y4mFrameIndex.readRows(in, lumaOffsets[i], firstFrame - 1 + i, width, height, 0, height);
    }

    /**
     * The tasks of one file: its frames from 1 on, in runs of {@code framesPerTask}. A file with fewer than two
     * frames has none.
     */
    public static List<MotionTask> plan(Y4mFrameIndex video, int framesPerTask) {
        List<Y4mFrameIndex> videos = List.of(video);
        return plan(videos, MotionOptions.evenRuns(searchedFrames(videos), framesPerTask));
    }

    /** The frames searched in {@code videos}: every frame but each file's first (its previous frame). */
    public static long searchedFrames(List<Y4mFrameIndex> videos) {
        long frames = 0;
        for (Y4mFrameIndex video : videos) {
            frames += Math.max(0, video.frames() - 1);
        }
        return frames;
    }

    /**
     * The tasks of several files in turn: their frames from 1 on, over all files together, in runs of {@code
     * runs[0]}, {@code runs[1]}, ... frames ({@link MotionOptions#runs}); a run that reaches past a file's last
     * frame goes on in the next file, as a task of its own.
     * <pre>
     *   files    a: 6 frames (5 searched)     b: 4 frames (3 searched)       runs 4, 3, 1
     *   tasks    a 1..4 | a 5 | b 1..2 | b 3                                 (the second run: a 5 and b 1..2)
     * </pre>
     */
    public static List<MotionTask> plan(List<Y4mFrameIndex> videos, int[] runs) {
        List<MotionTask> tasks = new ArrayList<>();
        int run = -1;
        int left = 0;
        for (Y4mFrameIndex video : videos) {
            for (int first = 1; first < video.frames(); ) {
                if (left == 0) {
                    run++;
                    if (run == runs.length) {
                        throw new IllegalArgumentException("runs of " + Arrays.stream(runs).sum()
                                + " frames, fewer than the files' frames");
                    }
                    left = runs[run];
                }
                int end = Math.min(video.frames(), first + left);
                tasks.add(new MotionTask(video.source(), video.header().width(), video.header().height(), first,
                        video.lumaOffsets(first - 1, end)));
                left -= end - first;
                first = end;
            }
        }
        return tasks;
    }

    /** Kryo 4 cannot serialize records: tasks travel field by field. */
    public static final class KryoSerializer extends Serializer<MotionTask> {
        @Override
        public void write(Kryo kryo, Output output, MotionTask task) {
            output.writeString(task.path);
            output.writeInt(task.width, true);
            output.writeInt(task.height, true);
            output.writeInt(task.firstFrame, true);
            output.writeInt(task.lumaOffsets.length, true);
            output.writeLongs(task.lumaOffsets, true);
        }

        @Override
        public MotionTask read(Kryo kryo, Input input, Class<MotionTask> type) {
            String path = input.readString();
            int width = input.readInt(true);
            int height = input.readInt(true);
            int firstFrame = input.readInt(true);
            long[] offsets = input.readLongs(input.readInt(true), true);
            return new MotionTask(path, width, height, firstFrame, offsets);
        }
    }
}
