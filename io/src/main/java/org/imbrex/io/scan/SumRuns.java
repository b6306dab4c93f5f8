package org.imbrex.io.scan;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.signature.Signature;

/**
 * The runs a signature's sum bound adds over ({@link org.imbrex.kernels.shaders.SumBound}): disjoint runs
 * of at most {@link #RUN_LENGTH} literal positions in a row, at most {@link #MAX_RUNS} of them, as the
 * shader's {@code buf_runs} words (first position, end position, Σ of the signature's bytes).
 * <pre>
 *   signature   4D 5A 90 00 03 ?? 00 00 04 00
 *   runs        [0, 4) Σ 0x4D+0x5A+0x90+0x00 = 311   [4, 5) Σ 3   [6, 10) Σ 4
 * </pre>
 * Any set of disjoint runs gives a valid bound; more and shorter runs give a tighter one and cost more. A
 * signature without literal bytes has no run.
 */
final class SumRuns {
    /** Positions per run. */
    static final int RUN_LENGTH = 4;
    /** Runs per signature: the first 64 literal positions at most. */
    static final int MAX_RUNS = 16;

    private SumRuns() {
    }

    /** The runs' words for {@code buf_runs}: 3 per run. */
    static int[] of(Signature signature) {
        List<Integer> words = new ArrayList<>();
        for (int j = 0; j < signature.length() && words.size() < 3 * MAX_RUNS; ) {
            if (signature.isWildcard(j)) {
                j++;
                continue;
            }
            int first = j;
            int sum = 0;
            while (j < signature.length() && !signature.isWildcard(j) && j - first < RUN_LENGTH) {
                sum += signature.byteAt(j++);
            }
            words.add(first);
            words.add(j);
            words.add(sum);
        }
        return words.stream().mapToInt(Integer::intValue).toArray();
    }
}
