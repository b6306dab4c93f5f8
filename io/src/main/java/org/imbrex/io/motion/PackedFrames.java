package org.imbrex.io.motion;

import org.imbrex.io.video.LumaFrame;

/**
 * The packed planes ({@link PackedLuma}, form {@code PLANE}) of the last two frames a matcher packed, so that
 * a frame packed as frame n is not packed again as frame n−1 of the next pair when the rows are the same.
 *
 * <pre>
 *   pair (0, 1): pack 0 → slot a, pack 1 → slot b      pair (1, 2): 1 from slot b, pack 2 → slot a
 * </pre>
 * A slot is chosen so that the other frame of the pair is never overwritten. Example: {@code
 * packed.of(frame, 0, 720).words()}. Not thread-safe, like its matcher.
 */
final class PackedFrames {
    /** Words of a frame's rows and whether one of their pixels is 0. */
    record Packed(int[] words, boolean zeros) {
    }

    private final int[][] words = new int[2][];
    private final boolean[] zeros = new boolean[2];
    private final LumaFrame[] frames = new LumaFrame[2];
    private final long[] rows = new long[2];
    private int next;

    /** The packed rows {@code [row0, row0 + count)} of {@code frame}. */
    Packed of(LumaFrame frame, int row0, int count) {
        long key = (long) row0 << 32 | count;
        for (int t = 0; t < 2; t++) {
            if (frames[t] == frame && rows[t] == key) {
                next = 1 - t;
                return new Packed(words[t], zeros[t]);
            }
        }
        int t = next;
        next = 1 - t;
        words[t] = PackedLuma.ensure(words[t], PackedLuma.pitch(frame.width()) * count);
        zeros[t] = PackedLuma.pack(frame.luma(), frame.width(), row0, count, PackedLuma.Form.PLANE, words[t]);
        frames[t] = frame;
        rows[t] = key;
        return new Packed(words[t], zeros[t]);
    }
}
