package org.imbrex.jobs.motion;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.motion.Stripe;
import org.imbrex.io.video.Y4mFrameIndex;

/**
 * One unit of work: the vectors of frames {@code [firstFrame, firstFrame + frames)} of one file, for the
 * block rows of one stripe. The task reads one frame more (the previous frame of its first), and of each
 * frame only the rows its stripe reaches, at the luma offsets the driver's index found.
 *
 * <pre>
 *   frames of the file   0    1    2    3    4    5    6    7    8    9
 *   task (first 1, 4)    r    rm   rm   rm   rm                          r = read, m = matched as frame n
 *   task (first 5, 4)                        r    rm   rm   rm   rm
 *   lumaOffsets          [offset(first − 1), ..., offset(first + frames − 1)]
 *
 *   stripe (firstBlockRow, blockRows): block rows matched; rows read = Stripe.prevRow0 .. Stripe.prevEnd
 *   (its own rows plus the R-row halo above and below, clipped to the frame)
 * </pre>
 * Example: {@code MotionTask.plan(index, plan, 8)} for a 10-frame 1080p file with B = 16, R = 7 gives two
 * tasks, frames 1..8 and 9, each over all 67 block rows.
 *
 * @param lumaOffsets the luma offset of frames {@code firstFrame − 1 .. firstFrame + frames − 1}
 */
public record MotionTask(String path, int width, int height, int firstFrame, long[] lumaOffsets, int firstBlockRow,
        int blockRows) {

    /** Frames matched (as frame n). */
    public int frames() {
        return lumaOffsets.length - 1;
    }

    public Stripe stripe() {
        return new Stripe(firstBlockRow, blockRows);
    }

    /**
     * The tasks of one file: its frames from 1 on, in runs of {@code framesPerTask}, times the plan's
     * stripes. A file with fewer than two frames has none.
     */
    public static List<MotionTask> plan(Y4mFrameIndex video, MotionPlan plan, int framesPerTask) {
        int width = video.header().width();
        int height = video.header().height();
        List<MotionTask> tasks = new ArrayList<>();
        if (video.frames() < 2) {
            return tasks;
        }
        List<Stripe> stripes = plan.stripes(width, height);
        for (int first = 1; first < video.frames(); first += framesPerTask) {
            int end = Math.min(video.frames(), first + framesPerTask);
            long[] offsets = video.lumaOffsets(first - 1, end);
            for (Stripe stripe : stripes) {
                tasks.add(new MotionTask(video.source(), width, height, first, offsets, stripe.firstBlockRow(),
                        stripe.blockRows()));
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
            output.writeInt(task.firstBlockRow, true);
            output.writeInt(task.blockRows, true);
        }

        @Override
        public MotionTask read(Kryo kryo, Input input, Class<MotionTask> type) {
            String path = input.readString();
            int width = input.readInt(true);
            int height = input.readInt(true);
            int firstFrame = input.readInt(true);
            long[] offsets = input.readLongs(input.readInt(true), true);
            return new MotionTask(path, width, height, firstFrame, offsets, input.readInt(true), input.readInt(true));
        }
    }
}
