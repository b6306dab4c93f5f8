package org.imbrex.kernels.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * One Dispatch of the msad4 block-matching shader ({@code Msad4BlockMatch.hlsl}): a frame pair (8-bit luma,
 * row-major), the search parameters, and the stripe of block rows it scores, with the bindings the shader
 * reads. The stripe's rows are packed as the motion job packs them:
 *
 * <pre>
 *   frame row  0 ..... prevRow0 ..... curRow0 ............. curRow0 + curRows ..... prevEnd ..... height
 *   t0 cur_luma                       |&lt;- blockRows · BLOCK -&gt;|
 *   t1 prev_luma       |&lt;- RANGE rows -&gt;|                       |&lt;- RANGE rows -&gt;|  (clipped to the frame)
 *   a row: PITCH = ceil(width / 4) words, pixel x in byte x % 4 of word x / 4 (little-endian)
 * </pre>
 * Example: {@code new BlockMatchCase(16, 16, 16, 0, 16, 0, 1, cur, prev)} is one block, one candidate lane:
 * {@code Dispatch(1, 1, 1)}, one UAV element.
 */
public record BlockMatchCase(int width, int height, int block, int range, int bandRows, int firstBlockRow,
        int blockRows, byte[] cur, byte[] prev) {
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final int LANES = 64;

    /** A case over every block row of the frames. */
    public static BlockMatchCase wholeFrame(int width, int height, int block, int range, int bandRows, byte[] cur,
            byte[] prev) {
        return new BlockMatchCase(width, height, block, range, bandRows, 0, height / block, cur, prev);
    }

    public int pitch() {
        return (width + 3) / 4;
    }

    public int xGroups() {
        return (range + 3) / 4 + range / 4 + 1;
    }

    public int candidates() {
        return (2 * range + 1) * xGroups();
    }

    public int bands() {
        return block / bandRows;
    }

    public int blocksX() {
        return width / block;
    }

    public int curRow0() {
        return firstBlockRow * block;
    }

    public int prevRow0() {
        return Math.max(0, curRow0() - range);
    }

    public int prevEnd() {
        return Math.min(height, curRow0() + blockRows * block + range);
    }

    /** UAV elements the Dispatch writes: one per (block, candidate lane, band). */
    public int elements() {
        return blocksX() * blockRows * candidates() * bands();
    }

    /** A UAV for the Dispatch: its elements, and a group's lanes past them (the last group's idle threads). */
    public int uavElements() {
        return elements() + LANES * bands();
    }

    /** The lane of the zero vector: dy = 0 (row R of the lanes), the x-group that holds x = bx. */
    public int zeroVectorLane() {
        return range * xGroups() + (range + 3) / 4;
    }

    /** The band height the motion search uses for a block: the most rows whose msad4 sums stay within 65,535. */
    public static int bandRows(int block) {
        int rows = block;
        while (255 * block * rows > 65_535) {
            rows /= 2;
        }
        return rows;
    }

    /** {@code Dispatch(ceil(CANDIDATES / 64), WIDTH / BLOCK, blockRows)}. */
    public Dispatch dispatch() {
        return Dispatch.of((candidates() + LANES - 1) / LANES, blocksX(), blockRows);
    }

    /** cb0 in register order: WIDTH .. RANGE, PITCH .. X_GROUPS, CUR_ROW0 .. CANDIDATES. */
    public int[] cb0() {
        return new int[] {width, height, block, range, pitch(), bandRows, bands(), xGroups(), curRow0(), prevRow0(),
            firstBlockRow, candidates()};
    }

    public int[] curWords() {
        return pack(cur, curRow0(), blockRows * block);
    }

    public int[] prevWords() {
        return pack(prev, prevRow0(), prevEnd() - prevRow0());
    }

    private int[] pack(byte[] plane, int row0, int rows) {
        int pitch = pitch();
        int[] words = new int[pitch * rows];
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < width; x++) {
                words[y * pitch + x / 4] |= (plane[(row0 + y) * width + x] & 0xFF) << (8 * (x % 4));
            }
        }
        return words;
    }

    /**
     * Runs {@code shader} with t0, t1, u0 (R32G32B32A32_UINT, {@code uavElements} elements, every word
     * {@code fill} before the Dispatch) and cb0 bound; returns the UAV's words. Closes the UAV.
     */
    public int[] run(ComputeShader shader, int uavElements, int fill, BufferAllocator allocator) {
        int[] t0 = curWords();
        int[] t1 = prevWords();
        try (RWBuffer candSad = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, uavElements, allocator)) {
            for (int i = 0; i < uavElements; i++) {
                candSad.storeUint4(i, fill, fill, fill, fill);
            }
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, t0, t0.length))
                    .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, t1, t1.length))
                    .setUnorderedAccessView(0, candSad)
                    .setConstantBuffer(0, ConstantBuffer.ofWords(cb0()));
            new DeviceContext().dispatch(shader, resources, dispatch());
            assertThat(candSad.vector().getValueCount()).isEqualTo(uavElements);
            int[] words = new int[4 * uavElements];
            ByteBuffer.wrap(candSad.contents()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
            return words;
        }
    }

    /** Random pixels, one in ten 0 (masked by msad4 in the current frame) and one in ten 255. */
    public static byte[] pixels(Random random, int count) {
        byte[] out = new byte[count];
        for (int i = 0; i < count; i++) {
            int pick = random.nextInt(10);
            out[i] = (byte) (pick == 0 ? 0 : pick == 1 ? 255 : random.nextInt(256));
        }
        return out;
    }

    @Override
    public String toString() {
        return width + "x" + height + " BLOCK " + block + " RANGE " + range + " BAND_ROWS " + bandRows
                + " block rows " + firstBlockRow + "+" + blockRows;
    }
}
