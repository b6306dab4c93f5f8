package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class CandidateFilterTest {

    /** The plain definition: Σ |data − value| over the bytes the mask keeps. */
    private static int sadOracle(long data, long value, long mask) {
        int sad = 0;
        for (int shift = 0; shift < 64; shift += 8) {
            if (((mask >>> shift) & 0xFF) != 0) {
                sad += Math.abs((int) ((data >>> shift) & 0xFF) - (int) ((value >>> shift) & 0xFF));
            }
        }
        return sad;
    }

    private static long bytes(Random random, int... pool) {
        long word = 0;
        for (int i = 0; i < 8; i++) {
            long b = random.nextBoolean() ? pool[random.nextInt(pool.length)] : random.nextInt(256);
            word |= b << (8 * i);
        }
        return word;
    }

    @Test
    void sad_randomMaskedWindowsWithExtremeBytes_agreesWithTheByteLoop() {
        Random random = new Random(8);
        for (int round = 0; round < 200_000; round++) {
            long data = bytes(random, 0x00, 0xFF, 0x01, 0xFE, 0x80, 0x7F);
            long value = bytes(random, 0x00, 0xFF, 0x80);
            long mask = 0;
            for (int i = 0; i < 8; i++) {
                if (random.nextInt(4) != 0) {
                    mask |= 0xFFL << (8 * i);
                }
            }
            assertThat(CandidateFilter.sad(data & mask, value & mask)).isEqualTo(sadOracle(data, value, mask));
        }
    }

    @Test
    void sad_allBytesAtOppositeEnds_isEightTimes255() {
        assertThat(CandidateFilter.sad(0L, -1L)).isEqualTo(8 * 255);
        assertThat(CandidateFilter.sad(-1L, 0L)).isEqualTo(8 * 255);
        assertThat(CandidateFilter.sad(0x0102030405060708L, 0x0102030405060708L)).isZero();
    }
}
