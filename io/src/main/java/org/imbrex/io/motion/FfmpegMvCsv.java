package org.imbrex.io.motion;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * Motion vectors as the rows FFmpeg's {@code doc/examples/extract_mvs.c} prints for the vectors that
 * {@code vf_mestimate} attaches to a frame, so imbrex's output can be diffed against FFmpeg's.
 *
 * <pre>
 *   framenum,source,blockw,blockh,srcx,srcy,dstx,dsty,flags
 *   printf("%d,%2d,%2d,%2d,%4d,%4d,%4d,%4d,0x%"PRIx64"\n", ...)           (extract_mvs.c)
 *
 *   mestimate's add_mv_data(): dst = block + B/2 (the block's centre in frame n),
 *                              src = block + (dx, dy) + B/2 (its match's centre in frame n−1),
 *                              source = −1 (the match is in the previous frame), flags = 0
 *   framenum = n + 1: extract_mvs counts frames from 1, and mestimate passes frame 0 on first, so the
 *              vectors of frame n (against n−1) ride on the (n+1)-th frame it outputs
 * </pre>
 * Example: frame 1, B = 16, {@code MotionVector(32, 16, -3, 2, 140)} gives {@code 2,-1,16,16,  37,  26,  40,
 * 24,0x0}. FFmpeg also prints frame 0 against itself (all zero vectors) and {@code source = 1} rows (the
 * search in the next frame); imbrex writes neither.
 */
public final class FfmpegMvCsv {
    /** The column line of extract_mvs.c. */
    public static final String HEADER = "framenum,source,blockw,blockh,srcx,srcy,dstx,dsty,flags";

    private FfmpegMvCsv() {
    }

    /** The row of one vector of frame {@code frame} (counted from 0, as in the motion table). */
    public static String row(int frame, int block, MotionVector v) {
        int half = block >> 1;
        return String.format(Locale.ROOT, "%d,%2d,%2d,%2d,%4d,%4d,%4d,%4d,0x%x", frame + 1, -1, block, block,
                v.blockX() + v.dx() + half, v.blockY() + v.dy() + half, v.blockX() + half, v.blockY() + half, 0);
    }

    /** Appends one line per vector, each ended by {@code \n}. */
    public static void write(Appendable out, int frame, int block, List<MotionVector> vectors) throws IOException {
        for (MotionVector v : vectors) {
            out.append(row(frame, block, v)).append('\n');
        }
    }
}
