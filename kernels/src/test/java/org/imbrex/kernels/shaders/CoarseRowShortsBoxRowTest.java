package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link CoarseRowShorts#boxRow}: a register of box sums narrowed into the low half of a register of shorts,
 * stored over the next step's lanes, against the box sums taken one by one: rows of every width up to 70 (not
 * multiples of a register), boxes of side 1 to 8, output arrays with and without the slack past the row.
 */
class CoarseRowShortsBoxRowTest {

    @Test
    void boxRow_everyWidth_equalsTheBoxSumsOneByOne() {
        // arrays without a whole register of slack past the row: the last steps are scalar, no store leaves them
        Random random = new Random(11);
        for (int width = 1; width <= 70; width++) {
            for (int s : new int[] {1, 2, 4, 8}) {
                int pitch = width + s + 3;
                int rows = s + 2;
                int[] sat = summedAreaTable(random, pitch, rows);
                int a = pitch + 1;
                int step = s * pitch;
                for (int slack : new int[] {0, 1, CoarseRowShorts.SLACK}) {
                    short[] out = new short[width + slack];
                    CoarseRowShorts.boxRow(sat, a, step, s, out, width);
                    for (int x = 0; x < width; x++) {
                        int box = sat[a + step + s + x] - sat[a + s + x] - sat[a + step + x] + sat[a + x];
                        assertThat(out[x]).as("width %d, s %d, slack %d, x %d", width, s, slack, x)
                                .isEqualTo((short) box);
                    }
                }
            }
        }
    }

    /** The summed-area table of random pixels (0..255) of a {@code pitch − 1} × {@code rows − 1} plane. */
    private static int[] summedAreaTable(Random random, int pitch, int rows) {
        int[] table = new int[pitch * rows];
        for (int y = 1; y < rows; y++) {
            for (int x = 1; x < pitch; x++) {
                int pixel = random.nextInt(256);
                table[y * pitch + x] = pixel + table[(y - 1) * pitch + x] + table[y * pitch + x - 1]
                        - table[(y - 1) * pitch + x - 1];
            }
        }
        return table;
    }
}
