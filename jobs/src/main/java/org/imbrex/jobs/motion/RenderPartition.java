package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.imbrex.io.motion.MotionPlan;
import org.imbrex.io.motion.MotionRenderer;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mFrameIndex;
import org.imbrex.jobs.spark.HadoopConf;

/**
 * {@code --render}: draws each frame's vectors over its luma ({@link MotionRenderer}) and writes the PNG
 * from the task, to any Hadoop file system. Its input is the motion table grouped by frame, so a picture
 * always shows the whole frame however the search was cut into stripes; the task reads the frame's luma
 * plane once more, at the offset the driver's index found.
 *
 * <pre>
 *   (path, frame, [(block_x, block_y, dx, dy, sad), …])  →  DIR/&lt;file name without .y4m&gt;-frame-NNNNNN.png
 * </pre>
 * Example: frame 12 of {@code file:/clips/a.y4m} becomes {@code DIR/a-frame-000012.png}. Returns the number
 * of PNGs written per partition.
 */
final class RenderPartition implements FlatMapFunction<Iterator<Row>, Long> {
    private static final long serialVersionUID = 1L;

    /** What a task needs to read a file's frames. */
    record Video(int width, int height, long[] lumaOffsets, String baseName) implements Serializable {
    }

    private final HashMap<String, Video> videos;
    private final int block;
    private final int range;
    private final String directory;
    private final HadoopConf hadoop;

    RenderPartition(List<Y4mFrameIndex> indexes, MotionOptions options, String directory, HadoopConf hadoop) {
        this.videos = new HashMap<>();
        for (Y4mFrameIndex index : indexes) {
            videos.put(index.source(), new Video(index.header().width(), index.header().height(),
                    index.lumaOffsets(0, index.frames()), MotionInputs.baseName(index.source())));
        }
        this.block = options.block();
        this.range = options.range();
        this.directory = directory;
        this.hadoop = hadoop;
    }

    @Override
    public Iterator<Long> call(Iterator<Row> frames) {
        Configuration conf = hadoop.toConfiguration();
        MotionPlan plan = MotionPlan.of(block, range);
        Path dir = new Path(directory);
        long written = 0;
        try {
            while (frames.hasNext()) {
                Row row = frames.next();
                String path = row.getString(0);
                Video video = videos.get(path);
                LumaFrame frame = readFrame(conf, path, video, row.getInt(1));
                List<MotionVector> vectors = new ArrayList<>();
                for (Row v : row.<Row>getList(2)) {
                    vectors.add(new MotionVector(v.getInt(0), v.getInt(1), v.getInt(2), v.getInt(3), v.getInt(4)));
                }
                Path png = new Path(dir, MotionRenderer.fileName(video.baseName(), frame.index()));
                try (OutputStream stream = SingleFiles.create(png, conf)) {
                    MotionRenderer.forPlan(plan, video.width()).writePng(frame, vectors, stream);
                }
                written++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("--render " + directory + ": " + e.getMessage(), e);
        }
        return List.of(written).iterator();
    }

    private static LumaFrame readFrame(Configuration conf, String path, Video video, int frame) throws IOException {
        Path file = new Path(path);
        try (FSDataInputStream in = file.getFileSystem(conf).open(file)) {
            return Y4mFrameIndex.readRows(in, video.lumaOffsets()[frame], frame, video.width(), video.height(), 0,
                    video.height());
        }
    }
}
