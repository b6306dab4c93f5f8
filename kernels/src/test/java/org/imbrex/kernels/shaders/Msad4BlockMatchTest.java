package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.resource.ConstantBuffer;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link Msad4BlockMatch} against a plain oracle written from the shader's contract: element
 * {@code ((blockRow·BLOCKS_X + blockCol)·CANDIDATES + c)·BANDS + band}, component j, holds the sum over the
 * band's rows of |cur − prev| at the non-zero current pixels (msad4 masks zero reference bytes, spec §1.1)
 * for the candidate at x = 4·word0 + j, y = by + dy, or 0xFFFFFFFF outside the search window.
 */
class Msad4BlockMatchTest {
    private static final int[] BLOCKS = {4, 8, 16, 32, 64};

    /** One frame pair and the search parameters, in frame coordinates. */
    private record Case(int width, int height, int block, int range, int bandRows, byte[] cur, byte[] prev) {
        int pitch() {
            return (width + 3) / 4;
        }

        int xGroups() {
            return (range + 3) / 4 + range / 4 + 1;
        }

        int candidates() {
            return (2 * range + 1) * xGroups();
        }

        int bands() {
            return block / bandRows;
        }
    }

    @Property(tries = 40)
    void dispatch_randomFramesAndStripes_matchesOracle(@ForAll LaneLoops lanes,
            @ForAll @IntRange(min = 0, max = 4) int blockIndex,
            @ForAll @IntRange(min = 0, max = 9) int range, @ForAll @IntRange(min = 0, max = 70) int extraWidth,
            @ForAll @IntRange(min = 0, max = 40) int extraHeight, @ForAll long seed) {
        int block = BLOCKS[blockIndex];
        Random random = new Random(seed);
        int width = block + extraWidth;
        int height = block + extraHeight;
        int blockRows = height / block;
        int first = random.nextInt(blockRows);
        int rows = 1 + random.nextInt(blockRows - first);
        int bandRows = Math.max(1, block >> random.nextInt(3));
        Case c = new Case(width, height, block, range, bandRows, pixels(random, width * height),
                pixels(random, width * height));
        assertDispatchMatchesOracle(c, first, rows, lanes);
    }

    /**
     * The largest band sums: a block of 255 over a frame of 0 gives 255 a term, so one band of a 64×64 block
     * sums 4096 terms (1,044,480), far past the vector form's 16-bit registers, which it widens every 256
     * terms; the zero pixels of a second block are masked in both forms.
     */
    @Test
    void dispatch_largestBandSums_bothLaneForms() {
        byte[] cur = new byte[128 * 64];
        java.util.Arrays.fill(cur, (byte) 0xFF);
        for (int y = 0; y < 64; y += 3) {
            cur[y * 128 + 64 + y] = 0; // block 1: a diagonal of masked pixels
        }
        byte[] prev = new byte[128 * 64];
        Case c = new Case(128, 64, 64, 5, 64, cur, prev);
        for (LaneLoops lanes : LaneLoops.values()) {
            int[] uav = run(c, 0, 1, lanes);
            int zeroVectorLane = 5 * c.xGroups() + (5 + 3) / 4;
            assertThat(uav[zeroVectorLane * 4]).as(lanes.name()).isEqualTo(255 * 64 * 64);
            for (int col = 0; col < 2; col++) {
                for (int lane = 0; lane < c.candidates(); lane++) {
                    int element = col * c.candidates() + lane;
                    int[] expected = oracle(c, col, 0, lane, 0);
                    for (int j = 0; j < 4; j++) {
                        assertThat(uav[element * 4 + j]).as("%s block %d lane %d component %d", lanes, col, lane, j)
                                .isEqualTo(expected[j]);
                    }
                }
            }
        }
    }

    /** One instance over two frame pairs: nothing it kept of the first pair's rows may leak into the second. */
    @Test
    void reusedInstance_nextFramePair_scoresTheNewFrames() {
        Random random = new Random(21);
        Case first = new Case(64, 48, 16, 7, 16, pixels(random, 64 * 48), pixels(random, 64 * 48));
        Case second = new Case(64, 48, 16, 7, 16, pixels(random, 64 * 48), pixels(random, 64 * 48));
        for (LaneLoops lanes : LaneLoops.values()) {
            Msad4BlockMatch shader = new Msad4BlockMatch(lanes);
            assertThat(run(first, 0, 3, shader)).as(lanes.name()).containsExactly(run(first, 0, 3, LaneLoops.SUPERWORD));
            int[] uav = run(second, 0, 3, shader);
            for (int row = 0; row < 3; row++) {
                for (int col = 0; col < 4; col++) {
                    for (int lane = 0; lane < second.candidates(); lane++) {
                        int element = (row * 4 + col) * second.candidates() + lane;
                        int[] expected = oracle(second, col, row, lane, 0);
                        for (int j = 0; j < 4; j++) {
                            assertThat(uav[element * 4 + j]).as("%s block (%d,%d) lane %d", lanes, col, row, lane)
                                    .isEqualTo(expected[j]);
                        }
                    }
                }
            }
        }
    }

    @Test
    void dispatch_zeroPixelsInCurrentBlock_areMaskedLikeMsad4() {
        byte[] cur = new byte[16 * 16];
        byte[] prev = new byte[16 * 16];
        java.util.Arrays.fill(prev, (byte) 9);
        cur[5] = 10;
        Case c = new Case(16, 16, 16, 0, 16, cur, prev);
        int[] element = run(c, 0, 1);
        // 255 zero pixels contribute nothing; the one pixel of 10 against 9 contributes 1.
        assertThat(element).containsExactly(1, Msad4BlockMatch.NO_SCORE, Msad4BlockMatch.NO_SCORE,
                Msad4BlockMatch.NO_SCORE);
    }

    @Test
    void dispatch_candidatesLeftOfTheFrame_areNoScore() {
        Random random = new Random(7);
        Case c = new Case(32, 16, 16, 7, 16, pixels(random, 32 * 16), pixels(random, 32 * 16));
        int[] uav = run(c, 0, 1);
        int zeroVectorLane = 7 * c.xGroups() + 2; // dy = 0, x-group holding bx .. bx+3
        assertThat(uav[zeroVectorLane * 4]).isEqualTo(oracle(c, 0, 0, zeroVectorLane, 0)[0]);
        for (int lane = 0; lane < c.candidates(); lane++) {
            for (int j = 0; j < 4; j++) {
                int expected = oracle(c, 0, 0, lane, 0)[j];
                assertThat(uav[lane * 4 + j]).as("lane %d component %d", lane, j).isEqualTo(expected);
            }
        }
        // Block (0, 0): every dy < 0 and every dx < 0 lies outside the frame.
        assertThat(uav[0]).isEqualTo(Msad4BlockMatch.NO_SCORE);
    }

    @Test
    void shaderCatalog_blockMatchName_createsTheShader() {
        assertThat(ShaderCatalog.create("msad4-block-match")).isInstanceOf(Msad4BlockMatch.class);
        assertThat(ShaderCatalog.names()).contains(Msad4BlockMatch.NAME);
        assertThat(Msad4BlockMatch.class.getResource("Msad4BlockMatch.hlsl")).isNotNull();
    }

    private static void assertDispatchMatchesOracle(Case c, int firstBlockRow, int blockRows, LaneLoops lanes) {
        int[] uav = run(c, firstBlockRow, blockRows, lanes);
        int blocksX = c.width() / c.block();
        for (int row = 0; row < blockRows; row++) {
            for (int col = 0; col < blocksX; col++) {
                for (int lane = 0; lane < c.candidates(); lane++) {
                    for (int band = 0; band < c.bands(); band++) {
                        int element = ((row * blocksX + col) * c.candidates() + lane) * c.bands() + band;
                        int[] expected = oracle(c, col, firstBlockRow + row, lane, band);
                        for (int j = 0; j < 4; j++) {
                            assertThat(uav[element * 4 + j]).as("block (%d,%d) lane %d band %d component %d", col,
                                    firstBlockRow + row, lane, band, j).isEqualTo(expected[j]);
                        }
                    }
                }
            }
        }
    }

    /** Dispatches the shader over block rows [first, first + rows) with an R-row halo; returns the UAV words. */
    private static int[] run(Case c, int firstBlockRow, int blockRows) {
        return run(c, firstBlockRow, blockRows, LaneLoops.active());
    }

    /** The same with the given lane loops. */
    private static int[] run(Case c, int firstBlockRow, int blockRows, LaneLoops lanes) {
        return run(c, firstBlockRow, blockRows, new Msad4BlockMatch(lanes));
    }

    /** The same on the given shader instance. */
    private static int[] run(Case c, int firstBlockRow, int blockRows, Msad4BlockMatch shader) {
        int curRow0 = firstBlockRow * c.block();
        int curRows = blockRows * c.block();
        int prevRow0 = Math.max(0, curRow0 - c.range());
        int prevEnd = Math.min(c.height(), curRow0 + curRows + c.range());
        int[] curWords = pack(c.cur(), c.width(), curRow0, curRows);
        int[] prevWords = pack(c.prev(), c.width(), prevRow0, prevEnd - prevRow0);
        int blocksX = c.width() / c.block();
        int elements = blocksX * blockRows * c.candidates() * c.bands();
        ConstantBuffer cb = ConstantBuffer.ofWords(c.width(), c.height(), c.block(), c.range(), c.pitch(),
                c.bandRows(), c.bands(), c.xGroups(), curRow0, prevRow0, firstBlockRow, c.candidates());
        try (BufferAllocator allocator = new RootAllocator()) {
            try (RWBuffer candSad = RWBuffer.allocate(DxgiFormat.R32G32B32A32_UINT, elements, allocator)) {
                ShaderResources resources = new ShaderResources()
                        .setShaderResource(0, TypedBuffer.ofWords(DxgiFormat.R32_UINT, curWords, curWords.length))
                        .setShaderResource(1, TypedBuffer.ofWords(DxgiFormat.R32_UINT, prevWords, prevWords.length))
                        .setUnorderedAccessView(0, candSad).setConstantBuffer(0, cb);
                int groupsX = (c.candidates() + Msad4BlockMatch.LANES - 1) / Msad4BlockMatch.LANES;
                new DeviceContext().dispatch(shader, resources,
                        Dispatch.of(groupsX, blocksX, blockRows));
                assertThat(candSad.vector().getValueCount()).isEqualTo(elements);
                int[] words = new int[elements * 4];
                java.nio.ByteBuffer.wrap(candSad.contents()).order(java.nio.ByteOrder.LITTLE_ENDIAN).asIntBuffer()
                        .get(words);
                return words;
            } finally {
                assertThat(allocator.getAllocatedMemory()).isZero();
            }
        }
    }

    /** The plain definition: masked SAD of one band for the four x-candidates of lane {@code lane}. */
    private static int[] oracle(Case c, int blockCol, int blockRow, int lane, int band) {
        int bx = blockCol * c.block();
        int by = blockRow * c.block();
        int dy = lane / c.xGroups() - c.range();
        int word0 = bx / 4 - (c.range() + 3) / 4 + lane % c.xGroups();
        int xMax = (c.width() / c.block() - 1) * c.block();
        int yMax = (c.height() / c.block() - 1) * c.block();
        int py = by + dy;
        int[] sums = new int[4];
        for (int j = 0; j < 4; j++) {
            int px = 4 * word0 + j;
            if (px < 0 || px > xMax || Math.abs(px - bx) > c.range() || py < 0 || py > yMax) {
                sums[j] = 0xFFFFFFFF;
                continue;
            }
            for (int r = band * c.bandRows(); r < (band + 1) * c.bandRows(); r++) {
                for (int i = 0; i < c.block(); i++) {
                    int a = c.cur()[(by + r) * c.width() + bx + i] & 0xFF;
                    int b = c.prev()[(py + r) * c.width() + px + i] & 0xFF;
                    sums[j] += a == 0 ? 0 : Math.abs(a - b);
                }
            }
        }
        return sums;
    }

    /** Rows [row0, row0 + rows) of a plane, 4 pixels per little-endian word, ceil(width / 4) words a row. */
    private static int[] pack(byte[] plane, int width, int row0, int rows) {
        int pitch = (width + 3) / 4;
        int[] words = new int[pitch * rows];
        for (int y = 0; y < rows; y++) {
            for (int x = 0; x < width; x++) {
                words[y * pitch + x / 4] |= (plane[(row0 + y) * width + x] & 0xFF) << (8 * (x % 4));
            }
        }
        return words;
    }

    /** Random pixels with plenty of 0 and 255. */
    private static byte[] pixels(Random random, int count) {
        byte[] out = new byte[count];
        for (int i = 0; i < count; i++) {
            int pick = random.nextInt(10);
            out[i] = (byte) (pick == 0 ? 0 : pick == 1 ? 255 : random.nextInt(256));
        }
        return out;
    }
}
