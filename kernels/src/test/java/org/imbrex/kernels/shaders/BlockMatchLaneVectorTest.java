package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import jdk.incubator.vector.ShortVector;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The gather's one-lane vector form on its own: its band sums against a plain SAD of the block's bytes, for
 * lanes whose loads end exactly at the end of the frame's words (the last place {@link
 * BlockMatchLaneVector#loadsFit} admits), and the bound itself, which sends the lanes past it to the scalar
 * loop (msad4's rules at block level are in {@code Msad4BlockGatherTest}).
 */
class BlockMatchLaneVectorTest {
    private static final int PITCH = 20;
    private static final int ROWS = 16;
    private static final int BLOCK = 16;

    @Test
    void band_lanesUpToTheLastLoadThatFits_giveEachComponentsSad() {
        Assumptions.assumeTrue(BlockMatchLaneVector.takes(BLOCK, 1, ROWS), "a machine without 256-bit registers");
        Random random = new Random(5);
        int[] cur = new int[PITCH * ROWS];
        for (int i = 0; i < cur.length; i++) {
            cur[i] = random.nextInt() | 0x01010101; // no zero byte: the unmasked loop
        }
        int[] prev = new int[PITCH * ROWS + 3];
        for (int i = 0; i < prev.length; i++) {
            prev[i] = random.nextInt();
        }
        BlockMatchLaneVector lanes = new BlockMatchLaneVector();
        assertThat(BlockMatchLaneVector.loadsFit(0, cur.length, 0, prev.length, PITCH, ROWS, BLOCK)).isTrue();
        lanes.prepare(cur, 0, PITCH, ROWS, BLOCK);
        int checked = 0;
        for (int srcWord = 0; BlockMatchLaneVector.loadsFit(0, cur.length, srcWord, prev.length, PITCH, ROWS, BLOCK);
                srcWord++) {
            int[] out = new int[4];
            lanes.band(prev, srcWord, PITCH, 0, ROWS, out);
            for (int k = 0; k < 4; k++) {
                assertThat(out[k]).as("word %d component %d", srcWord, k).isEqualTo(sad(cur, prev, srcWord, k));
            }
            checked++;
        }
        assertThat(checked).as("lanes checked before the loads run out").isGreaterThan(PITCH - BLOCK / 4 - 8);
    }

    @Test
    void loadsFit_isFalseOnceALoadWouldPassAnArraysEnd() {
        int rows = ROWS;
        int words = ShortVector.SPECIES_PREFERRED.vectorBitSize() >= 512 ? 8 : 4; // a load: half a register
        int chunk = 2 * words; // pixels a load compares: 8 in 256-bit registers, 16 in 512-bit ones
        // the end of the last load: row 15, the block's last chunk, a load's words from the chunk's first
        int lastLoadEnd = (rows - 1) * PITCH + (BLOCK / chunk - 1) * (chunk / 4) + words;
        int length = lastLoadEnd + 10;
        assertThat(BlockMatchLaneVector.loadsFit(0, length, 10, length, PITCH, rows, BLOCK)).isTrue();
        assertThat(BlockMatchLaneVector.loadsFit(0, length, 11, length, PITCH, rows, BLOCK)).isFalse();
        assertThat(BlockMatchLaneVector.loadsFit(11, length, 0, length, PITCH, rows, BLOCK)).isFalse();
        assertThat(BlockMatchLaneVector.loadsFit(-1, length, 0, length, PITCH, rows, BLOCK)).isFalse();
    }

    /** Component k's SAD: the block's bytes against the source bytes from byte 4·srcWord + k of each row. */
    private static int sad(int[] cur, int[] prev, int srcWord, int k) {
        int sum = 0;
        for (int r = 0; r < ROWS; r++) {
            for (int j = 0; j < BLOCK; j++) {
                int reference = (cur[r * PITCH + j / 4] >>> (8 * (j % 4))) & 0xFF;
                int at = 4 * (srcWord + r * PITCH) + k + j;
                sum += Math.abs(reference - ((prev[at / 4] >>> (8 * (at % 4))) & 0xFF));
            }
        }
        return sum;
    }
}
