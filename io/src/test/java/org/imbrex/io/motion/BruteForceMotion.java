package org.imbrex.io.motion;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.video.LumaFrame;

/**
 * The motion search written straight from its rules, with no shader, packing or bands: for every whole
 * B×B block of frame n, every (dx, dy) with |dx|, |dy| ≤ R whose block in frame n−1 starts inside
 * [0, (W/B − 1)·B] × [0, (H/B − 1)·B] is scored by the SAD of the two blocks; the zero vector wins if it
 * is among the lowest, else the first lowest in raster order (dy, then dx, ascending): FFmpeg's ESA.
 * The jobs module's motion tests use it too (io's test jar). Example: {@code
 * BruteForceMotion.match(frame0, frame1, 16, 7)} gives frame 1's vectors in raster order of blocks.
 */
public final class BruteForceMotion {
    private BruteForceMotion() {
    }

    public static List<MotionVector> match(LumaFrame previous, LumaFrame current, int block, int range) {
        int xMax = (current.width() / block - 1) * block;
        int yMax = (current.height() / block - 1) * block;
        List<MotionVector> vectors = new ArrayList<>();
        for (int by = 0; by <= yMax; by += block) {
            for (int bx = 0; bx <= xMax; bx += block) {
                int best = sad(previous, current, block, bx, by, bx, by);
                int bestDx = 0;
                int bestDy = 0;
                for (int dy = -range; dy <= range; dy++) {
                    for (int dx = -range; dx <= range; dx++) {
                        int x = bx + dx;
                        int y = by + dy;
                        if (x < 0 || x > xMax || y < 0 || y > yMax) {
                            continue;
                        }
                        int score = sad(previous, current, block, bx, by, x, y);
                        if (score < best) {
                            best = score;
                            bestDx = dx;
                            bestDy = dy;
                        }
                    }
                }
                vectors.add(new MotionVector(bx, by, bestDx, bestDy, best));
            }
        }
        return vectors;
    }

    /** SAD of the block of {@code current} at (bx, by) and the block of {@code previous} at (x, y). */
    public static int sad(LumaFrame previous, LumaFrame current, int block, int bx, int by, int x, int y) {
        int sum = 0;
        for (int r = 0; r < block; r++) {
            for (int i = 0; i < block; i++) {
                sum += Math.abs(current.pixel(bx + i, by + r) - previous.pixel(x + i, y + r));
            }
        }
        return sum;
    }

    /** How many candidates of the window of the block at (bx, by) match it exactly (SAD 0). */
    public static int exactMatches(LumaFrame previous, LumaFrame current, int block, int range, int bx, int by) {
        int xMax = (current.width() / block - 1) * block;
        int yMax = (current.height() / block - 1) * block;
        int count = 0;
        for (int y = Math.max(0, by - range); y <= Math.min(yMax, by + range); y++) {
            for (int x = Math.max(0, bx - range); x <= Math.min(xMax, bx + range); x++) {
                if (sad(previous, current, block, bx, by, x, y) == 0) {
                    count++;
                }
            }
        }
        return count;
    }
}
