package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.TypedBuffer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The gather's one-lane vector form on its own: its band sums against a plain SAD of the block's bytes (msad4
 * leaves out reference bytes of 0), for every lane up to the one whose reads end at the last source word,
 * bands whose rows are not a multiple of four, and planes whose words change between Dispatches (msad4's
 * rules at block level are in {@code Msad4BlockGatherTest}).
 */
class BlockMatchPlaneVectorTest {
    private static final int PITCH = 24;

    @ParameterizedTest(name = "BLOCK {0}, rows {1} .. {2}, zero pixels {3}")
    @CsvSource({"16, 0, 16, false", "16, 0, 16, true", "16, 5, 12, false", "32, 0, 8, true", "48, 3, 8, false",
        "64, 0, 4, true", "64, 60, 64, false"})
    void band_everyLaneUpToTheLastSourceWord_givesEachComponentsSad(int block, int rowStart, int rowEnd,
            boolean zeros) {
        Assumptions.assumeTrue(BlockMatchPlaneVector.takes(block, 1, rowEnd - rowStart),
                "a machine without 256-bit registers");
        Random random = new Random(block * 31L + rowStart);
        int rows = block;
        int[] cur = words(random, PITCH * rows, zeros);
        int[] prev = words(random, PITCH * rows + 1, true);
        BlockMatchPlaneVector lanes = new BlockMatchPlaneVector();
        lanes.dispatchStarts();
        lanes.sync(view(cur), view(prev));
        lanes.prepare(0, PITCH, rows, block);
        int checked = 0;
        // msad4 reads words srcWord .. srcWord + B/4 of each row: the last lane's last row ends t1
        for (int srcWord = 0; (long) srcWord + (rows - 1) * PITCH + block / 4 < prev.length; srcWord++) {
            int[] out = new int[4];
            lanes.band(srcWord, rowStart, rowEnd, out);
            for (int k = 0; k < 4; k++) {
                assertThat(out[k]).as("word %d component %d", srcWord, k)
                        .isEqualTo(sad(cur, prev, srcWord, k, block, rowStart, rowEnd));
            }
            checked++;
        }
        assertThat(checked).as("lanes checked").isEqualTo(PITCH - block / 4 + 1);
    }

    @Test
    void sync_sameArraysChangedBetweenDispatches_readsThemAgain() {
        Assumptions.assumeTrue(BlockMatchPlaneVector.takes(16, 1, 16), "a machine without 256-bit registers");
        Random random = new Random(3);
        int[] cur = words(random, PITCH * 16, false);
        int[] prev = words(random, PITCH * 16 + 1, false);
        BlockMatchPlaneVector lanes = new BlockMatchPlaneVector();
        TypedBuffer curView = view(cur);
        TypedBuffer prevView = view(prev);
        int[] out = new int[4];
        for (int dispatch = 0; dispatch < 3; dispatch++) {
            lanes.dispatchStarts();
            lanes.sync(curView, prevView);
            lanes.prepare(0, PITCH, 16, 16);
            lanes.band(2, 0, 16, out);
            assertThat(out[1]).as("dispatch %d", dispatch).isEqualTo(sad(cur, prev, 2, 1, 16, 0, 16));
            cur[PITCH + 1] ^= 0x00FF_0000; // the same arrays, new words: the next Dispatch sees them
            prev[2 * PITCH + 3] ^= 0x7F00_0000;
        }
    }

    /**
     * Frames a, b, c as immutable views in the pairs a motion search makes, (a, b), (b, c), (c, a): each view
     * is unpacked once while it is one of the last two, and every band is the SAD of its own pair.
     */
    @Test
    void sync_immutableViewsOfConsecutivePairs_unpackEachFrameOnce() {
        Assumptions.assumeTrue(BlockMatchPlaneVector.takes(16, 1, 16), "a machine without 256-bit registers");
        Random random = new Random(4);
        int[][] frames = new int[3][];
        TypedBuffer[] views = new TypedBuffer[3];
        for (int f = 0; f < 3; f++) {
            frames[f] = words(random, PITCH * 16 + 1, false);
            views[f] = TypedBuffer.immutableWords(DxgiFormat.R32_UINT, frames[f]);
        }
        BlockMatchPlaneVector lanes = new BlockMatchPlaneVector();
        int[] out = new int[4];
        int[][] pairs = {{0, 1}, {0, 1}, {1, 2}, {2, 0}};
        int[] unpackedAfter = {2, 2, 3, 4};
        for (int i = 0; i < pairs.length; i++) {
            int prev = pairs[i][0];
            int cur = pairs[i][1];
            lanes.dispatchStarts();
            lanes.sync(views[cur], views[prev]);
            lanes.prepare(0, PITCH, 16, 16);
            lanes.band(3, 0, 16, out);
            assertThat(out[2]).as("pair %d", i).isEqualTo(sad(frames[cur], frames[prev], 3, 2, 16, 0, 16));
            assertThat(lanes.unpacked()).as("views unpacked after pair %d", i).isEqualTo(unpackedAfter[i]);
        }
    }

    @Test
    void unpack_wordsOfAnyCount_givesTheirBytesInOrderAndWhetherOneIs0() {
        Random random = new Random(9);
        for (int count = 0; count < 24; count++) {
            int[] words = words(random, count, count % 3 != 0);
            short[] plane = new short[4 * count];
            boolean zero = ShortPlane.unpack(words, count, plane, true);
            boolean expected = false;
            for (int n = 0; n < 4 * count; n++) {
                short pixel = (short) ((words[n / 4] >>> (8 * (n % 4))) & 0xFF);
                assertThat(plane[n]).as("count %d byte %d", count, n).isEqualTo(pixel);
                expected |= pixel == 0;
            }
            assertThat(zero).as("count %d: a byte is 0", count).isEqualTo(expected);
            assertThat(ShortPlane.unpack(words, count, plane, false)).as("not asked").isFalse();
        }
    }

    private static TypedBuffer view(int[] words) {
        return TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, words.length);
    }

    /** Random words; with {@code zeros}, about one byte in eight is 0. */
    private static int[] words(Random random, int count, boolean zeros) {
        int[] words = new int[count];
        for (int i = 0; i < count; i++) {
            int word = random.nextInt() | 0x01010101;
            for (int b = 0; zeros && b < 4; b++) {
                if (random.nextInt(8) == 0) {
                    word &= ~(0xFF << (8 * b));
                }
            }
            words[i] = word;
        }
        return words;
    }

    /** Component k's SAD over rows [rowStart, rowEnd): reference bytes of 0 left out, as msad4 leaves them. */
    private static int sad(int[] cur, int[] prev, int srcWord, int k, int block, int rowStart, int rowEnd) {
        int sum = 0;
        for (int r = rowStart; r < rowEnd; r++) {
            for (int j = 0; j < block; j++) {
                int reference = (cur[r * PITCH + j / 4] >>> (8 * (j % 4))) & 0xFF;
                int at = 4 * (srcWord + r * PITCH) + k + j;
                int source = (prev[at / 4] >>> (8 * (at % 4))) & 0xFF;
                sum += reference == 0 ? 0 : Math.abs(reference - source);
            }
        }
        return sum;
    }
}
