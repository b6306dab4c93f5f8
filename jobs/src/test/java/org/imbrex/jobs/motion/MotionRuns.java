package org.imbrex.jobs.motion;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.imbrex.io.motion.BruteForceMotion;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.jobs.testing.LocalSpark;

/** Runs the motion job in the shared local session and reads its table back as comparable lines. */
final class MotionRuns {
    private MotionRuns() {
    }

    /** The table a finished job wrote, one {@code path|frame|x|y|dx|dy|sad} line per row, sorted. */
    static List<String> table(MotionSummary summary) {
        List<Row> rows = LocalSpark.session().read().format(summary.format().table().sparkFormat())
                .option("header", "true").schema(MotionTable.SCHEMA).load(summary.table()).collectAsList();
        List<String> lines = new ArrayList<>();
        for (Row row : rows) {
            lines.add(line(row.getString(0), row.getInt(1), MotionTable.vector(row)));
        }
        lines.sort(null);
        return lines;
    }

    /** Runs the job and returns its table. */
    static List<String> run(MotionOptions options) {
        return table(new MotionJob(options).run(LocalSpark.session()));
    }

    /** What the brute-force oracle says the table of these clips (by qualified path) holds, sorted. */
    static List<String> oracle(Map<String, List<LumaFrame>> clips, int block, int range) {
        List<String> lines = new ArrayList<>();
        clips.forEach((path, frames) -> {
            for (int n = 1; n < frames.size(); n++) {
                for (MotionVector v : BruteForceMotion.match(frames.get(n - 1), frames.get(n), block, range)) {
                    lines.add(line(path, n, v));
                }
            }
        });
        lines.sort(null);
        return lines;
    }

    /** The path as the job writes it: a fully qualified Hadoop URI. */
    static String qualified(Path file) {
        return new org.apache.hadoop.fs.Path(file.toUri()).toString();
    }

    static String uri(Path path) {
        return path.toUri().toString();
    }

    static String line(String path, int frame, MotionVector v) {
        return path + "|" + frame + "|" + v.blockX() + "|" + v.blockY() + "|" + v.dx() + "|" + v.dy() + "|" + v.sad();
    }
}
