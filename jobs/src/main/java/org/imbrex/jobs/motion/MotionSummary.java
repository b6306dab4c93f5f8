package org.imbrex.jobs.motion;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * What the driver prints when a motion search is done: frames searched, blocks, elapsed time, frames per
 * second and candidate SADs per second, the time of each phase, per-file counts, where the table and the
 * pictures are, and the warnings.
 *
 * <pre>
 * imbrex motion: 1 file, 29 frames, 233160 blocks (B=16, R=7) in 6.3 s: 4.6 frames/s, 8.31 M candidate SADs/s
 *   phases: index 0.0 s, match 4.9 s (tasks: 93% searching, 2% writing the table), commit 0.0 s (Spark's start-up not included)
 *   file                                                 size     frames      blocks   moving
 *   file:/clips/a.y4m                                1280x720         29      233160    61.2%
 * table: file:/out/motion (parquet)
 * </pre>
 * A frame here is a frame searched against its previous one (a file of N frames has N − 1). Candidate
 * SADs are blocks × (2R + 1)²: every displacement of the search window, each a B×B SAD.
 *
 * @param rendered PNGs written to {@code renderDir} (0 without {@code --render})
 */
public record MotionSummary(List<FileCounts> files, int block, int range, List<String> warnings, String table,
        MotionFormat format, String renderDir, long rendered, Timings timings) {

    /** Counts for one input file. */
    public record FileCounts(String path, int width, int height, long frames, long blocks, long moving) {
    }

    /**
     * Seconds per phase: driver-side indexing, the search stage (its tasks search, write their part files and
     * draw their PNGs), and the driver's commit; {@code searchShare} and {@code writeShare} split the tasks'
     * time between searching and writing rows (the rest is reading frames and drawing).
     */
    public record Timings(double index, double match, double commit, double searchShare, double writeShare) {
        public double total() {
            return index + match + commit;
        }
    }

    public MotionSummary {
        files = List.copyOf(files);
        warnings = List.copyOf(warnings);
    }

    /** Frames searched (each against its previous frame), over all files. */
    public long frames() {
        return files.stream().mapToLong(FileCounts::frames).sum();
    }

    public long blocks() {
        return files.stream().mapToLong(FileCounts::blocks).sum();
    }

    /** Blocks × (2R + 1)². */
    public double candidateSads() {
        return (double) blocks() * (2 * range + 1) * (2 * range + 1);
    }

    /** Prints the summary for users. */
    public void print(PrintStream out) {
        double seconds = Math.max(timings.total(), 1e-9);
        out.printf(Locale.ROOT, "imbrex motion: %d file%s, %d frames, %d blocks (B=%d, R=%d) in %.1f s: "
                + "%.2f frames/s, %.2f M candidate SADs/s%n", files.size(), files.size() == 1 ? "" : "s", frames(),
                blocks(), block, range, timings.total(), frames() / seconds, candidateSads() / seconds / 1e6);
        out.printf(Locale.ROOT, "  phases: index %.1f s, match %.1f s (tasks: %.0f%% searching, %.0f%% writing the "
                + "table), commit %.1f s (Spark's start-up not included)%n", timings.index(), timings.match(),
                100 * timings.searchShare(), 100 * timings.writeShare(), timings.commit());
        out.printf(Locale.ROOT, "  %-44s %11s %10s %11s %8s%n", "file", "size", "frames", "blocks", "moving");
        for (FileCounts file : files) {
            out.printf(Locale.ROOT, "  %-44s %11s %10d %11d %7.1f%%%n", file.path(), file.width() + "x"
                    + file.height(), file.frames(), file.blocks(), 100.0 * file.moving() / Math.max(1, file.blocks()));
        }
        String where = format == MotionFormat.FFMPEG_CSV ? table + "/" + MotionFormat.FFMPEG_CSV_FILE : table;
        out.printf("table: %s (%s)%n", where, format.optionName());
        if (renderDir != null) {
            out.printf("rendered: %d PNGs in %s%n", rendered, renderDir);
        }
        for (String warning : warnings) {
            out.println("warning: " + warning);
        }
    }
}
