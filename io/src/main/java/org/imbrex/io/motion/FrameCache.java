package org.imbrex.io.motion;

import org.imbrex.io.video.LumaFrame;

/**
 * One per-frame computation over rows of a frame (the packed plane, the summed-area table), kept for the
 * last two frames a matcher used: a frame matched as frame n is frame n−1 of the next pair, and when the rows
 * are the same its result is not computed again.
 *
 * <pre>
 *   pair (0, 1): compute 0 → slot a, compute 1 → slot b      pair (1, 2): 1 from slot b, compute 2 → slot a
 * </pre>
 * After a lookup the other slot is the next to be overwritten, so the other frame of the pair is never lost.
 * A slot's old value is handed to the computation to reuse its arrays. Example: {@code new
 * FrameCache<int[]>((frame, row0, rows, old) -> SummedAreaTable.of(frame.luma(), frame.width(), row0, rows,
 * old)).of(frame, 0, 720)}. Not thread-safe, like its matcher.
 *
 * @param <T> the result of the computation for a frame's rows
 */
final class FrameCache<T> {
    /** The computation: the rows {@code [row0, row0 + rows)} of {@code frame}, reusing {@code old} (or null). */
    interface Computation<T> {
        T of(LumaFrame frame, int row0, int rows, T old);
    }

    private final Computation<T> computation;
    private final Object[] values = new Object[2];
    private final LumaFrame[] frames = new LumaFrame[2];
    private final long[] keys = new long[2];
    private int next;

    FrameCache(Computation<T> computation) {
        this.computation = computation;
    }

    /** The result for rows {@code [row0, row0 + rows)} of {@code frame}: kept, or computed now. */
    @SuppressWarnings("unchecked")
    T of(LumaFrame frame, int row0, int rows) {
        long key = (long) row0 << 32 | rows;
        for (int t = 0; t < 2; t++) {
            if (frames[t] == frame && keys[t] == key) {
                next = 1 - t;
                return (T) values[t];
            }
        }
        int t = next;
        next = 1 - t;
        values[t] = computation.of(frame, row0, rows, (T) values[t]);
        frames[t] = frame;
        keys[t] = key;
        return (T) values[t];
    }
}
