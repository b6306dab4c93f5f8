package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The summed-area table against its definition, summed pixel by pixel, for row windows of odd-sized frames. */
class SummedAreaTableTest {

    @Test
    void of_theJavadocsExample() {
        assertThat(SummedAreaTable.of(new byte[] {1, 2, 3, 4}, 2, 0, 2, null)).containsExactly(0, 0, 0, 0, 1, 3, 0, 4, 10);
    }

    @Test
    void of_rowWindowsOfRandomFrames_equalsTheSumsOfTheirBoxes() {
        Random random = new Random(8);
        int[] reuse = null;
        for (int trial = 0; trial < 40; trial++) {
            int width = 1 + random.nextInt(70);
            int height = 1 + random.nextInt(40);
            byte[] luma = new byte[width * height];
            random.nextBytes(luma);
            int row0 = random.nextInt(height);
            int rows = random.nextInt(height - row0 + 1);
            int[] table = SummedAreaTable.of(luma, width, row0, rows, random.nextBoolean() ? reuse : null);
            reuse = table;
            for (int y = 0; y <= rows; y++) {
                for (int x = 0; x <= width; x++) {
                    int sum = 0;
                    for (int yy = 0; yy < y; yy++) {
                        for (int xx = 0; xx < x; xx++) {
                            sum += luma[(row0 + yy) * width + xx] & 0xFF;
                        }
                    }
                    assertThat(table[y * (width + 1) + x]).as("%dx%d rows %d+%d, I[%d][%d]", width, height, row0, rows,
                            y, x).isEqualTo(sum);
                }
            }
            assertThat(SummedAreaTable.size(width, rows)).isEqualTo((rows + 1) * (width + 1));
        }
    }
}
