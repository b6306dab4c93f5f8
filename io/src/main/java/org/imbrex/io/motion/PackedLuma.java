package org.imbrex.io.motion;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * Packs rows of a luma plane into the words the block-matching shader reads: 4 pixels per little-endian
 * word, {@code pitch = ceil(width / 4)} words a row, the last word of a row padded with zeros.
 *
 * <pre>
 *   pixels  p0 p1 p2 p3 | p4 p5 p6 p7 | p8 p9 ..
 *   word    [0] = p0 | p1&lt;&lt;8 | p2&lt;&lt;16 | p3&lt;&lt;24      [1] = p4 | p5&lt;&lt;8 | …
 * </pre>
 * Three forms: the plane as it is; its complement 255 − p; and the zero marks, 255 where p = 0 and 0
 * elsewhere. The last two make the complement pass: msad4 masks a zero reference byte, and over the marked
 * pixels |(255 − a) − (255 − b)| = |a − b| with 255 − a = 255, which msad4 does not mask. Example:
 * {@code pack(new byte[] {1, 2, 3, 4, 5}, 5, 0, 1, PackedLuma.Form.PLANE, words)} writes 0x04030201,
 * 0x00000005.
 */
final class PackedLuma {
    /** How pixels are transformed while they are packed. */
    enum Form { PLANE, COMPLEMENT, ZERO_MARKS }

    /**
     * A frame's packed rows (form {@code PLANE}), which of them hold a pixel that is 0, and on request an
     * immutable view of them: a shader may keep what it derived from that view for as long as it sees the same
     * view, as the pruned search's gather keeps frame n's unpacked plane from one pair to the next.
     */
    static final class Plane {
        private final int[] words;
        private final int count;
        /** Per row: whether it holds a pixel that is 0; null when none does. */
        private final boolean[] zeroRows;
        private TypedBuffer view;

        private Plane(int[] words, int count, boolean[] zeroRows) {
            this.words = words;
            this.count = count;
            this.zeroRows = zeroRows;
        }

        /** Packs rows {@code [row0, row0 + rows)} of {@code frame}, into {@code old}'s words when they are large enough. */
        static Plane of(LumaFrame frame, int row0, int rows, Plane old) {
            int count = pitch(frame.width()) * rows;
            int[] words = ensure(old == null ? null : old.words, count);
            boolean zeros = pack(frame.luma(), frame.width(), row0, rows, Form.PLANE, words);
            return new Plane(words, count, zeros ? zeroRows(frame.luma(), frame.width(), row0, rows) : null);
        }

        /** The packed words: {@code pitch · rows} of them, the array may be longer. */
        int[] words() {
            return words;
        }

        /** Whether a pixel of packed rows {@code [first, first + rows)} is 0. */
        boolean zeros(int first, int rows) {
            if (zeroRows != null) {
                for (int y = first; y < first + rows; y++) {
                    if (zeroRows[y]) {
                        return true;
                    }
                }
            }
            return false;
        }

        /** The words as an immutable {@code R32_UINT} view (a copy, made at the first call). */
        TypedBuffer view() {
            if (view == null) {
                view = TypedBuffer.immutableWords(DxgiFormat.R32_UINT, words, count);
            }
            return view;
        }

        private static boolean[] zeroRows(byte[] luma, int width, int row0, int rows) {
            boolean[] zeroRows = new boolean[rows];
            for (int y = 0; y < rows; y++) {
                int in = (row0 + y) * width;
                for (int x = 0; x < width && !zeroRows[y]; x++) {
                    zeroRows[y] = luma[in + x] == 0;
                }
            }
            return zeroRows;
        }
    }

    private PackedLuma() {
    }

    static int pitch(int width) {
        return (width + 3) / 4;
    }

    /**
     * Packs rows {@code [row0, row0 + rows)} into {@code words} (at least {@code pitch·rows} long).
     *
     * @return true if some packed pixel is 0
     */
    static boolean pack(byte[] plane, int width, int row0, int rows, Form form, int[] words) {
        if (form == Form.PLANE && width % 4 == 0) {
            return packWhole(plane, width, row0, rows, words);
        }
        int pitch = pitch(width);
        int whole = width / 4;
        int zeros = 0;
        for (int y = 0; y < rows; y++) {
            int in = (row0 + y) * width;
            int out = y * pitch;
            for (int w = 0; w < whole; w++, in += 4) {
                int word = (plane[in] & 0xFF) | (plane[in + 1] & 0xFF) << 8 | (plane[in + 2] & 0xFF) << 16
                        | (plane[in + 3] & 0xFF) << 24;
                zeros |= zeroBytes(word);
                words[out + w] = transform(word, form);
            }
            if (whole < pitch) {
                int word = 0;
                int live = 0;
                for (int i = 0; i < width - 4 * whole; i++) {
                    word |= (plane[in + i] & 0xFF) << (8 * i);
                    live |= 0xFF << (8 * i);
                }
                zeros |= zeroBytes(word | ~live);
                words[out + whole] = transform(word, form) & live;
            }
        }
        return zeros != 0;
    }

    /** The plane as it is, rows a whole number of words: the bytes read as little-endian words at once. */
    private static boolean packWhole(byte[] plane, int width, int row0, int rows, int[] words) {
        int count = width / 4 * rows;
        ByteBuffer.wrap(plane, row0 * width, 4 * count).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words, 0, count);
        int zeros = 0;
        for (int i = 0; i < count; i++) {
            zeros |= zeroBytes(words[i]);
        }
        return zeros != 0;
    }

    /** 0x80 in exactly the bytes of {@code word} that are 0, without a borrow between bytes. */
    private static int zeroBytes(int word) {
        return ~(((word & 0x7F7F7F7F) + 0x7F7F7F7F) | word | 0x7F7F7F7F);
    }

    private static int transform(int word, Form form) {
        return switch (form) {
            case PLANE -> word;
            case COMPLEMENT -> ~word;
            case ZERO_MARKS -> (zeroBytes(word) >>> 7) * 0xFF;
        };
    }

    /** A words array of at least {@code size}, reusing {@code current} when it is large enough. */
    static int[] ensure(int[] current, int size) {
        return current != null && current.length >= size ? current : new int[size];
    }
}
