package org.imbrex.jobs.demo;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.imbrex.io.motion.MotionVector;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.jobs.motion.MotionJob;
import org.imbrex.jobs.motion.MotionOptions;
import org.imbrex.jobs.motion.MotionSummary;
import org.imbrex.jobs.motion.MotionTable;

/**
 * The motion part of the demo: estimates motion in the demo clip (B = 16, R = 7), draws every frame's
 * vectors into {@code DIR/motion-frames}, prints the summary, copies the table to CSV ({@link CsvExport})
 * for readers without a Parquet engine, and checks the table against the clip's
 * known motion: every block whose true match is unique (its true vector is the only displacement of the
 * window with SAD 0) must have exactly that vector.
 *
 * <p>Example output line: {@code demo check: all 1993 blocks with a unique true match (of 2640) got their
 * true vector (background (+2, +1), card A (+5, -2), card B (-4, +3) pixels per frame)}.
 */
public final class DemoMotion {
    private static final int BLOCK = 16;
    private static final int RANGE = 7;

    private final Path root;
    private final DemoClip clip;

    public DemoMotion(Path root, DemoClip clip) {
        this.root = root;
        this.clip = clip;
    }

    /** Where the PNGs go. */
    public Path framesDirectory() {
        return root.resolve("motion-frames");
    }

    /** Runs the job; returns true when every checkable block has its true vector. */
    public boolean run(SparkSession spark) {
        String table = root.resolve("motion-vectors").toUri().toString();
        MotionOptions options = MotionOptions.of(List.of(clip.file().toUri().toString()), table)
                .withOutput(table, true).withSearch(BLOCK, RANGE).withRender(framesDirectory().toUri().toString());
        MotionSummary summary = new MotionJob(options).run(spark);
        summary.print(System.out);
        String csv = CsvExport.beside(spark, summary.table(), MotionTable.PATH, MotionTable.FRAME,
                MotionTable.BLOCK_Y, MotionTable.BLOCK_X);
        System.out.println("csv copy: " + csv);
        int checked = 0;
        int wrong = 0;
        for (Row row : spark.read().parquet(summary.table()).collectAsList()) {
            int n = row.getInt(1);
            MotionVector v = MotionTable.vector(row);
            int[] truth = clip.trueVector(n, v.blockX(), v.blockY(), BLOCK);
            if (truth == null || !uniqueExactMatch(clip.frame(n - 1), clip.frame(n), v.blockX(), v.blockY(), truth)) {
                continue;
            }
            checked++;
            if (v.dx() != truth[0] || v.dy() != truth[1] || v.sad() != 0) {
                wrong++;
                System.out.printf("demo check: frame %d block (%d,%d) got (%d,%d) sad %d, expected (%d,%d)%n", n,
                        v.blockX(), v.blockY(), v.dx(), v.dy(), v.sad(), truth[0], truth[1]);
            }
        }
        long blocks = summary.blocks();
        if (wrong == 0 && checked >= blocks / 2) {
            System.out.printf("demo check: all %d blocks with a unique true match (of %d) got their true vector (%s)"
                    + "%npictures: %s%n", checked, blocks, DemoClip.motionText(), framesDirectory());
            return true;
        }
        System.out.printf("demo check: %d of %d blocks with a unique true match got a wrong vector (%d blocks in all)"
                + "%n", wrong, checked, blocks);
        return false;
    }

    /** True when (bx, by) + truth is in the frame, matches with SAD 0, and no other candidate does. */
    private static boolean uniqueExactMatch(LumaFrame previous, LumaFrame current, int bx, int by, int[] truth) {
        int xMax = (current.width() / BLOCK - 1) * BLOCK;
        int yMax = (current.height() / BLOCK - 1) * BLOCK;
        int tx = bx + truth[0];
        int ty = by + truth[1];
        if (tx < 0 || tx > xMax || ty < 0 || ty > yMax || sad(previous, current, bx, by, tx, ty) != 0) {
            return false;
        }
        for (int y = Math.max(0, by - RANGE); y <= Math.min(yMax, by + RANGE); y++) {
            for (int x = Math.max(0, bx - RANGE); x <= Math.min(xMax, bx + RANGE); x++) {
                if ((x != tx || y != ty) && sad(previous, current, bx, by, x, y) == 0) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int sad(LumaFrame previous, LumaFrame current, int bx, int by, int x, int y) {
        int sum = 0;
        for (int r = 0; r < BLOCK; r++) {
            for (int i = 0; i < BLOCK; i++) {
                sum += Math.abs(current.pixel(bx + i, by + r) - previous.pixel(x + i, y + r));
            }
        }
        return sum;
    }
}
