package org.imbrex.io.motion;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.shaders.Msad4BlockMatch;

/**
 * Reads the candidate scores the block-matching shader wrote and picks each block's vector.
 *
 * <p>A candidate's exact SAD is the sum of its band scores in the main pass plus, when frame n had zero
 * pixels, the same in the complement pass. Candidates are visited in the shader's lane order, which is
 * raster order: dy ascending, then x ascending (x-group, then component).
 * <pre>
 *   element ((blockRow·BLOCKS_X + blockCol)·CANDIDATES + c)·BANDS + band,  component j:
 *       dy = c / X_GROUPS − R,   x = 4·(bx/4 − ceil(R/4) + c % X_GROUPS) + j,   dx = x − bx
 * </pre>
 * The tie rules are FFmpeg's {@code ff_me_search_esa}: start from the zero vector's score and take a
 * candidate only if it is strictly lower; so the zero vector wins whenever it is among the lowest, and
 * otherwise the first lowest in raster order. Example: scores 5 at (0, 0), 3 at (−1, −2) and 3 at (2, −2)
 * give (−1, −2).
 */
final class CandidateScores {
    private final MotionPlan plan;
    private final RWBuffer scores;
    private final RWBuffer zeroScores;

    /** {@code zeroScores} is null when frame n had no zero pixel (no complement pass ran). */
    CandidateScores(MotionPlan plan, RWBuffer scores, RWBuffer zeroScores) {
        this.plan = plan;
        this.scores = scores;
        this.zeroScores = zeroScores;
    }

    List<MotionVector> best(int width, Stripe stripe) {
        int blocksX = plan.blocksX(width);
        List<MotionVector> vectors = new ArrayList<>(blocksX * stripe.blockRows());
        for (int row = 0; row < stripe.blockRows(); row++) {
            for (int col = 0; col < blocksX; col++) {
                vectors.add(best(col, stripe.firstBlockRow() + row, (row * blocksX + col) * plan.candidates()));
            }
        }
        return vectors;
    }

    private MotionVector best(int blockCol, int blockRow, int firstCandidate) {
        int block = plan.block();
        int range = plan.range();
        int xGroups = plan.xGroups();
        int bx = blockCol * block;
        int firstX = 4 * (bx / 4 - (range + 3) / 4);
        int zeroLane = range * xGroups + (bx - firstX) / 4;
        int bestScore = score(firstCandidate + zeroLane, (bx - firstX) % 4);
        int bestDx = 0;
        int bestDy = 0;
        for (int c = 0; c < plan.candidates(); c++) {
            for (int j = 0; j < 4; j++) {
                int score = score(firstCandidate + c, j);
                if (score >= 0 && score < bestScore) {
                    bestScore = score;
                    bestDx = plan.candidateDx(bx, c, j);
                    bestDy = plan.candidateDy(c);
                }
            }
        }
        return new MotionVector(bx, blockRow * block, bestDx, bestDy, bestScore);
    }

    /** The exact SAD of component j of candidate lane {@code candidate}, or −1 for NO_SCORE. */
    private int score(int candidate, int j) {
        return exactSad(plan, scores, zeroScores, candidate, j);
    }

    /**
     * The exact SAD of component j of UAV lane element {@code candidate} (bands summed, plus the complement
     * pass's when {@code zeroScores} is not null), or −1 for NO_SCORE.
     */
    static int exactSad(MotionPlan plan, RWBuffer scores, RWBuffer zeroScores, int candidate, int j) {
        int bands = plan.bands();
        int first = candidate * bands;
        if (scores.uint(first, j) == Msad4BlockMatch.NO_SCORE) {
            return -1;
        }
        int sum = 0;
        for (int band = 0; band < bands; band++) {
            sum += scores.uint(first + band, j);
            if (zeroScores != null) {
                sum += zeroScores.uint(first + band, j);
            }
        }
        return sum;
    }
}
