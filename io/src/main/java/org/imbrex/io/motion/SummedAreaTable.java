package org.imbrex.io.motion;

/**
 * The summed-area table (integral image) of rows of a luma plane, as the bound shader ({@code SeaBound})
 * reads it: any box sum in four loads.
 *
 * <pre>
 *   I[y][x] = Σ luma over rows row0 .. row0 + y − 1, columns 0 .. x − 1      (rows + 1) × (width + 1) words
 *
 *        x0      x1
 *   y0   a ───── b        Σ box [x0, x1) × [y0, y1) = d − b − c + a
 *        │  box  │
 *   y1   c ───── d
 * </pre>
 * Words wrap modulo 2^32 on very large frames; a box sum (at most 255·64·64) is still exact. Example: {@code
 * SummedAreaTable.of(new byte[] {1, 2, 3, 4}, 2, 0, 2, null)} is {@code 0 0 0 | 0 1 3 | 0 4 10}.
 */
final class SummedAreaTable {
    private SummedAreaTable() {
    }

    /**
     * The table of rows {@code [row0, row0 + rows)}, into {@code reuse} when it is large enough. Row by row:
     * the row's running sums (a chain of adds), then the column totals so far plus those, which is the table's
     * row; the second loop reads and writes separate arrays, so C2 vectorizes it.
     * <pre>
     *   run[x]   = Σ luma[y][0 .. x]          (scalar, one add a pixel)
     *   above[x] = above[x] + run[x]          (= I[y + 1][x + 1], vectorized, copied into the table)
     * </pre>
     */
    static int[] of(byte[] luma, int width, int row0, int rows, int[] reuse) {
        int pitch = width + 1;
        int size = (rows + 1) * pitch;
        int[] table = reuse != null && reuse.length >= size ? reuse : new int[size];
        java.util.Arrays.fill(table, 0, pitch, 0);
        int[] run = new int[width];
        int[] above = new int[width];
        for (int y = 0; y < rows; y++) {
            int in = (row0 + y) * width;
            int rowSum = 0;
            for (int x = 0; x < width; x++) {
                rowSum += luma[in + x] & 0xFF;
                run[x] = rowSum;
            }
            for (int x = 0; x < width; x++) {
                above[x] += run[x];
            }
            int out = (y + 1) * pitch;
            table[out] = 0;
            System.arraycopy(above, 0, table, out + 1, width);
        }
        return table;
    }

    /** Words of the table of {@code rows} rows of a {@code width}-pixel plane. */
    static int size(int width, int rows) {
        return (rows + 1) * (width + 1);
    }
}
