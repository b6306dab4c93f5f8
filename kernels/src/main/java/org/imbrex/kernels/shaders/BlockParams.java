package org.imbrex.kernels.shaders;

import org.imbrex.kernels.resource.ConstantBuffer;

/**
 * The constant buffer {@code cb0} the motion shaders share ({@code Msad4BlockMatch}, {@code Msad4BlockGather},
 * {@code SeaBound}, {@code SeaSelect}), in register order; the msad4 passes read the first three registers.
 *
 * <pre>
 *   cb0[0]  WIDTH     HEIGHT     BLOCK       RANGE        frame and search
 *   cb0[1]  PITCH     BAND_ROWS  BANDS       X_GROUPS     packing and bands
 *   cb0[2]  CUR_ROW0  PREV_ROW0  BLOCK_ROW0  CANDIDATES   stripe
 *   cb0[3]  IPITCH    LEVEL      MIN_LEVEL   MODE         bound levels, selection
 * </pre>
 * Example: {@code BlockParams.of(cb).blocksX()} is {@code WIDTH / BLOCK} as HLSL's {@code uint} division
 * computes it.
 */
record BlockParams(int width, int height, int block, int range, int pitch, int bandRows, int bands, int xGroups,
        int curRow0, int prevRow0, int blockRow0, int candidates, int satPitch, int level, int minLevel, int mode) {

    static BlockParams of(ConstantBuffer cb) {
        return new BlockParams(cb.get(0, 0), cb.get(0, 1), cb.get(0, 2), cb.get(0, 3), cb.get(1, 0), cb.get(1, 1),
                cb.get(1, 2), cb.get(1, 3), cb.get(2, 0), cb.get(2, 1), cb.get(2, 2), cb.get(2, 3), cb.get(3, 0),
                cb.get(3, 1), cb.get(3, 2), cb.get(3, 3));
    }

    /** {@code WIDTH / BLOCK}. */
    int blocksX() {
        return udiv(width, block);
    }

    /** HLSL {@code uint / uint} (SM5 {@code udiv}): a zero divisor gives 0xFFFFFFFF. */
    static int udiv(int dividend, int divisor) {
        return divisor == 0 ? -1 : Integer.divideUnsigned(dividend, divisor);
    }

    /** HLSL {@code uint % uint}: the remainder of {@code udiv}, 0xFFFFFFFF for a zero divisor. */
    static int urem(int dividend, int divisor) {
        return divisor == 0 ? -1 : Integer.remainderUnsigned(dividend, divisor);
    }
}
