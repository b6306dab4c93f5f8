package org.imbrex.kernels.testing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
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
 * One Dispatch of a successive-elimination shader ({@code SeaBound}, {@code SeaSelect}, {@code
 * Msad4BlockGather}) over the frame pair and stripe of a {@link BlockMatchCase}, with what those shaders read
 * besides: the summed-area tables of both frames, each block's best (SAD_BEST, RANK_BEST), earlier bounds,
 * lane lists, and cb0[3] (IPITCH, LEVEL, MIN_LEVEL, MODE).
 *
 * <pre>
 *   summed-area table of rows prevRow0 .. prevEnd:  I[y][x] = Σ pixels of rows prevRow0 .. prevRow0 + y − 1,
 *   columns 0 .. x − 1;  (rows + 1) × (width + 1) words, IPITCH = width + 1
 * </pre>
 * Example: a 4×4 frame of 1s gives I[4][4] = 16 and I[y][x] = x·y.
 *
 * @param best  2 words per block of the stripe, or null for an unbound t2/t1
 * @param extra the t3 words of SeaBound (prior bounds) or the t0 words of SeaSelect (bounds), may be null
 */
public record SeaCase(BlockMatchCase frames, int level, int minLevel, int mode, int[] best, int[] extra) {

    /** The summed-area table of {@code plane} over rows {@code prevRow0 .. prevEnd}. */
    public int[] sat(byte[] plane) {
        int width = frames.width();
        int rows = frames.prevEnd() - frames.prevRow0();
        int[] sat = new int[(rows + 1) * (width + 1)];
        for (int y = 0; y < rows; y++) {
            int rowSum = 0;
            for (int x = 0; x < width; x++) {
                rowSum += plane[(frames.prevRow0() + y) * width + x] & 0xFF;
                sat[(y + 1) * (width + 1) + x + 1] = sat[y * (width + 1) + x + 1] + rowSum;
            }
        }
        return sat;
    }

    public int[] cb0() {
        int[] cb = Arrays.copyOf(frames.cb0(), 16);
        cb[12] = frames.width() + 1;
        cb[13] = level;
        cb[14] = minLevel;
        cb[15] = mode;
        return cb;
    }

    public int blocks() {
        return frames.blocksX() * frames.blockRows();
    }

    /** {@code Dispatch(ceil(BLOCKS_X / 64), blockRows, 1)}: SeaSelect's, one thread per block. */
    public Dispatch selectDispatch() {
        return Dispatch.of((frames.blocksX() + BlockMatchCase.LANES - 1) / BlockMatchCase.LANES, frames.blockRows(),
                1);
    }

    /** {@code Dispatch(BLOCKS_X · ceil(CANDIDATES / 64), blockRows, 1)}: SeaBound's, a block row's groups along x. */
    public Dispatch boundDispatch() {
        int groupsPerBlock = (frames.candidates() + BlockMatchCase.LANES - 1) / BlockMatchCase.LANES;
        return Dispatch.of(frames.blocksX() * groupsPerBlock, frames.blockRows(), 1);
    }

    /** SeaBound: t0, t1 the tables, t2 best, t3 extra; u0 R32G32B32A32_UINT; returns u0's words. */
    public int[] runBound(ComputeShader shader, int uavElements, int fill, BufferAllocator allocator) {
        ShaderResources resources = new ShaderResources()
                .setShaderResource(0, words(sat(frames.cur())))
                .setShaderResource(1, words(sat(frames.prev())))
                .setShaderResource(2, words(best))
                .setShaderResource(3, words(extra))
                .setConstantBuffer(0, ConstantBuffer.ofWords(cb0()));
        return runInto(shader, resources, uavElements, fill, allocator, boundDispatch());
    }

    /** SeaSelect: t0 extra (bounds), t1 best; u0 lanes, u1 counts (R32_UINT); returns u0's words then u1's. */
    public int[][] runSelect(ComputeShader shader, int fill, BufferAllocator allocator) {
        int laneSlots = blocks() * frames.candidates();
        try (RWBuffer lanes = filled(DxgiFormat.R32_UINT, laneSlots + 1, fill, allocator);
                RWBuffer counts = filled(DxgiFormat.R32_UINT, blocks() + 1, fill, allocator)) {
            ShaderResources resources = new ShaderResources()
                    .setShaderResource(0, words(extra))
                    .setShaderResource(1, words(best))
                    .setUnorderedAccessView(0, lanes)
                    .setUnorderedAccessView(1, counts)
                    .setConstantBuffer(0, ConstantBuffer.ofWords(cb0()));
            new DeviceContext().dispatch(shader, resources, selectDispatch());
            return new int[][] {contents(lanes), contents(counts)};
        }
    }

    /** Msad4BlockGather: t0, t1 the packed frames, t2 lanes, t3 counts (= best); returns u0's words. */
    public int[] runGather(ComputeShader shader, int[] lanes, int[] counts, int uavElements, int fill,
            BufferAllocator allocator) {
        return runGather(shader, frames.curWords(), frames.prevWords(), lanes, counts, uavElements, fill, allocator);
    }

    /** {@link #runGather} with t0 and t1 bound to the given words (the case's frames packed, or others). */
    public int[] runGather(ComputeShader shader, int[] cur, int[] prev, int[] lanes, int[] counts, int uavElements,
            int fill, BufferAllocator allocator) {
        ShaderResources resources = new ShaderResources()
                .setShaderResource(0, words(cur))
                .setShaderResource(1, words(prev))
                .setShaderResource(2, words(lanes))
                .setShaderResource(3, words(counts))
                .setConstantBuffer(0, ConstantBuffer.ofWords(frames.cb0()));
        return runInto(shader, resources, uavElements, fill, allocator, frames.dispatch());
    }

    /** Runs with u0 an R32G32B32A32_UINT UAV of {@code elements}, every word {@code fill}; returns its words. */
    private static int[] runInto(ComputeShader shader, ShaderResources resources, int elements, int fill,
            BufferAllocator allocator, Dispatch dispatch) {
        try (RWBuffer uav = filled(DxgiFormat.R32G32B32A32_UINT, elements, fill, allocator)) {
            resources.setUnorderedAccessView(0, uav);
            new DeviceContext().dispatch(shader, resources, dispatch);
            return contents(uav);
        }
    }

    private static RWBuffer filled(DxgiFormat format, int elements, int fill, BufferAllocator allocator) {
        RWBuffer uav = RWBuffer.allocate(format, elements, allocator);
        for (int i = 0; i < elements; i++) {
            uav.store(i, new int[] {fill, fill, fill, fill});
        }
        return uav;
    }

    private static int[] contents(RWBuffer uav) {
        byte[] bytes = uav.contents();
        int[] words = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
        return words;
    }

    private static TypedBuffer words(int[] words) {
        return words == null ? TypedBuffer.unbound() : TypedBuffer.ofWords(DxgiFormat.R32_UINT, words, words.length);
    }

    @Override
    public String toString() {
        return frames + " LEVEL " + level + " MIN_LEVEL " + minLevel + " MODE " + mode + (best == null
                ? " best unbound" : "");
    }
}
