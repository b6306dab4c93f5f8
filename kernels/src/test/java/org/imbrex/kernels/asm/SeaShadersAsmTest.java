package org.imbrex.kernels.asm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.shaders.Msad4BlockGather;
import org.imbrex.kernels.shaders.SeaBound;
import org.imbrex.kernels.shaders.SeaSelect;
import org.imbrex.kernels.shaders.ShaderCatalog;
import org.imbrex.kernels.testing.BlockMatchCase;
import org.imbrex.kernels.testing.BlockMatchOracle;
import org.imbrex.kernels.testing.CheckedAllocator;
import org.imbrex.kernels.testing.SeaCase;
import org.imbrex.kernels.testing.SeaOracle;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The successive-elimination shaders' forms write identical UAVs: {@code SeaBound}, {@code SeaSelect} and
 * {@code Msad4BlockGather}, each as its {@code .asm} run by the interpreter and its Java fast path, against
 * {@link SeaOracle} (the HLSL one thread at a time) or, for the gather, the dense {@link BlockMatchOracle} at
 * the listed lanes. Frames are noise, flat, or a repeated texture (ties everywhere), with zero and 255 pixels;
 * every UAV starts filled with a sentinel one group longer than the Dispatch needs.
 */
class SeaShadersAsmTest {
    private static final int[] BLOCKS = {4, 8, 16, 32, 64};
    private static final int SENTINEL = 0x5A5A_5A5A;

    @Property(tries = 60)
    void seaBound_randomFramesLevelsAndBests_asmAndJavaWriteTheOraclesUav(
            @ForAll @IntRange(min = 0, max = 4) int blockIndex, @ForAll @IntRange(min = 0, max = 16) int range,
            @ForAll @IntRange(min = 0, max = 40) int extraWidth, @ForAll @IntRange(min = 0, max = 30) int extraHeight,
            @ForAll long seed) {
        Random random = new Random(seed);
        BlockMatchCase frames = frames(random, BLOCKS[blockIndex], range, extraWidth, extraHeight);
        int log = Integer.numberOfTrailingZeros(frames.block());
        int level = random.nextInt(log + 1);
        int minLevel = random.nextInt(4) == 0 ? level + 1 : random.nextInt(level + 1);
        int blocks = frames.blocksX() * frames.blockRows();
        int[] best = random.nextInt(5) == 0 ? null : best(random, blocks, frames);
        SeaCase compute = new SeaCase(frames, level, minLevel, SeaBound.MODE_COMPUTE, best, null);
        int[] computed = assertBoundFormsAgree(compute);
        int[] prior = random.nextBoolean() ? computed : random.ints(computed.length / 2, 0, 1 << 14).toArray();
        assertBoundFormsAgree(new SeaCase(frames, level, minLevel, SeaBound.MODE_PRIOR, best, prior));
    }

    /**
     * The bound is a bound: at every level it is at most the exact SAD of the candidate (over every pixel,
     * zeros included), never falls when the level is refined, and at level 0 (1×1 sub-blocks) is the SAD.
     */
    @Property(tries = 40)
    void seaBound_everyLevel_liesBetweenTheCoarserLevelAndTheSad(@ForAll @IntRange(min = 0, max = 4) int blockIndex,
            @ForAll @IntRange(min = 0, max = 9) int range, @ForAll long seed) {
        Random random = new Random(seed);
        BlockMatchCase frames = frames(random, BLOCKS[blockIndex], range, random.nextInt(20), random.nextInt(20));
        int log = Integer.numberOfTrailingZeros(frames.block());
        int[] coarser = null;
        for (int level = log; level >= 0; level--) {
            SeaCase c = new SeaCase(frames, level, level, SeaBound.MODE_COMPUTE, null, null);
            int[] bounds = new int[4 * frames.blocksX() * frames.blockRows() * frames.candidates()];
            try (CheckedAllocator arrow = new CheckedAllocator()) {
                bounds = Arrays.copyOf(c.runBound(new SeaBound(), bounds.length / 4, SENTINEL, arrow.allocator()),
                        bounds.length);
            }
            int[] sads = exactSads(frames);
            for (int i = 0; i < bounds.length; i++) {
                if (sads[i] == SeaBound.NO_SCORE) {
                    assertThat(bounds[i]).as("word %d outside the window", i).isEqualTo(SeaBound.NO_SCORE);
                    continue;
                }
                assertThat(bounds[i]).as("%s word %d level %d", frames, i, level).isBetween(0, sads[i]);
                if (coarser != null) {
                    assertThat(bounds[i]).as("word %d refined to level %d", i, level).isGreaterThanOrEqualTo(coarser[i]);
                }
                if (level == 0) {
                    assertThat(bounds[i]).as("word %d at level 0", i).isEqualTo(sads[i]);
                }
            }
            coarser = bounds;
        }
    }

    @Property(tries = 60)
    void seaSelect_randomBoundsAndBests_asmAndJavaWriteTheOraclesUavs(@ForAll @IntRange(min = 0, max = 4) int blockIndex,
            @ForAll @IntRange(min = 0, max = 16) int range, @ForAll @IntRange(min = 0, max = 1) int mode,
            @ForAll long seed) {
        Random random = new Random(seed);
        BlockMatchCase frames = frames(random, BLOCKS[blockIndex], range, random.nextInt(200), random.nextInt(30));
        int blocks = frames.blocksX() * frames.blockRows();
        int words = 4 * blocks * frames.candidates() - (random.nextInt(4) == 0 ? random.nextInt(8) : 0);
        int[] bounds = new int[Math.max(0, words)];
        int scale = 1 + random.nextInt(1 << random.nextInt(12));
        for (int i = 0; i < bounds.length; i++) {
            bounds[i] = random.nextInt(6) == 0 ? SeaBound.NO_SCORE : random.nextInt(scale);
        }
        int[] best = best(random, blocks, frames);
        for (int i = 0; i < blocks; i++) {
            best[2 * i] = random.nextInt(scale);
        }
        SeaCase c = new SeaCase(frames, 0, 0, mode, random.nextInt(6) == 0 ? null : best, bounds);
        int[] lanes = new int[blocks * frames.candidates() + 1];
        int[] counts = new int[blocks + 1];
        Arrays.fill(lanes, SENTINEL);
        Arrays.fill(counts, SENTINEL);
        SeaOracle.select(c, lanes, counts);
        assertThat(Arrays.copyOf(counts, blocks)).as("every block counted").doesNotContain(SENTINEL);
        try (CheckedAllocator arrow = new CheckedAllocator()) {
            int[][] asm = c.runSelect(ShaderCatalog.assembly(SeaSelect.NAME), SENTINEL, arrow.allocator());
            assertThat(asm[0]).as("SeaSelect.asm lanes, %s", c).isEqualTo(lanes);
            assertThat(asm[1]).as("SeaSelect.asm counts, %s", c).isEqualTo(counts);
            for (LaneLoops loops : LaneLoops.values()) {
                int[][] java = c.runSelect(new SeaSelect(loops), SENTINEL, arrow.allocator());
                assertThat(java[0]).as("SeaSelect.java lanes, %s, %s", loops, c).isEqualTo(lanes);
                assertThat(java[1]).as("SeaSelect.java counts, %s, %s", loops, c).isEqualTo(counts);
            }
        }
    }

    @Property(tries = 40)
    void msad4BlockGather_randomLaneLists_writeTheDenseShadersElementsOfTheListedLanesOnly(
            @ForAll @IntRange(min = 0, max = 4) int blockIndex, @ForAll @IntRange(min = 0, max = 16) int range,
            @ForAll long seed) {
        Random random = new Random(seed);
        BlockMatchCase frames = frames(random, BLOCKS[blockIndex], range, random.nextInt(70), random.nextInt(40));
        int blocks = frames.blocksX() * frames.blockRows();
        int candidates = frames.candidates();
        int[] lanes = new int[blocks * candidates];
        int[] counts = new int[blocks];
        int uavElements = frames.uavElements();
        for (int b = 0; b < blocks; b++) {
            counts[b] = random.nextInt(4) == 0 ? candidates : random.nextInt(Math.min(candidates, 5) + 1);
            for (int i = 0; i < candidates; i++) {
                lanes[b * candidates + i] = random.nextInt(candidates);
            }
        }
        int[] expected = BlockMatchOracle.gathered(frames, lanes, counts, SENTINEL);
        try (CheckedAllocator arrow = new CheckedAllocator()) {
            SeaCase c = new SeaCase(frames, 0, 0, 0, null, null);
            assertThat(c.runGather(ShaderCatalog.assembly(Msad4BlockGather.NAME), lanes, counts, uavElements, SENTINEL,
                    arrow.allocator())).as("Msad4BlockGather.asm, %s", frames).isEqualTo(expected);
            for (LaneLoops loops : LaneLoops.values()) {
                assertThat(c.runGather(new Msad4BlockGather(loops), lanes, counts, uavElements, SENTINEL,
                        arrow.allocator())).as("Msad4BlockGather.java %s, %s", loops, frames).isEqualTo(expected);
            }
        }
    }

    /**
     * Edge shapes: one block, candidates off every edge, a middle stripe, the last block row, RANGE 64; wide
     * rows of many blocks, in one phase of the row path and in six and nine.
     */
    @ParameterizedTest(name = "{0}x{1} BLOCK {2} RANGE {3}, block rows {4}+{5}")
    @CsvSource({"4, 4, 4, 0, 0, 1", "65, 65, 64, 16, 0, 1", "67, 13, 4, 16, 1, 2", "130, 97, 32, 16, 1, 2",
        "129, 48, 16, 7, 2, 1", "200, 140, 16, 64, 3, 2", "1300, 48, 16, 7, 1, 1", "723, 40, 4, 16, 1, 2",
        "600, 64, 8, 20, 2, 2"})
    void seaBound_edgeShapes_asmAndJavaWriteTheOraclesUav(int width, int height, int block, int range, int first,
            int rows) {
        Random random = new Random(width * 31L + height);
        BlockMatchCase frames = new BlockMatchCase(width, height, block, range, BlockMatchCase.bandRows(block),
                first, rows, BlockMatchCase.pixels(random, width * height), BlockMatchCase.pixels(random, width * height));
        int log = Integer.numberOfTrailingZeros(block);
        assertBoundFormsAgree(new SeaCase(frames, log, 0, SeaBound.MODE_COMPUTE,
                best(random, frames.blocksX() * rows, frames), null));
    }

    /** Runs SeaBound's three forms on one case; returns the oracle's words. */
    private static int[] assertBoundFormsAgree(SeaCase c) {
        BlockMatchCase f = c.frames();
        int elements = f.blocksX() * f.blockRows() * f.candidates();
        int uavElements = elements + BlockMatchCase.LANES;
        int[] oracle = new int[4 * uavElements];
        Arrays.fill(oracle, SENTINEL);
        SeaOracle.bound(c, oracle);
        assertThat(Arrays.stream(oracle, 4 * elements, oracle.length)).as("words past the Dispatch")
                .containsOnly(SENTINEL);
        try (CheckedAllocator arrow = new CheckedAllocator()) {
            assertThat(c.runBound(ShaderCatalog.assembly(SeaBound.NAME), uavElements, SENTINEL, arrow.allocator()))
                    .as("SeaBound.asm, %s", c).isEqualTo(oracle);
            for (LaneLoops loops : LaneLoops.values()) {
                assertThat(c.runBound(new SeaBound(loops), uavElements, SENTINEL, arrow.allocator()))
                        .as("SeaBound.java %s, %s", loops, c).isEqualTo(oracle);
            }
        }
        return oracle;
    }

    /** A random frame pair and stripe: noise, flat, or a repeated 4×4 texture, with zeros and 255s. */
    private static BlockMatchCase frames(Random random, int block, int range, int extraWidth, int extraHeight) {
        int width = block + extraWidth;
        int height = block + extraHeight;
        int blockRows = height / block;
        int first = random.nextInt(blockRows);
        int rows = 1 + random.nextInt(blockRows - first);
        return new BlockMatchCase(width, height, block, range, BlockMatchCase.bandRows(block), first, rows,
                content(random, width, height), content(random, width, height));
    }

    private static byte[] content(Random random, int width, int height) {
        int kind = random.nextInt(4);
        byte[] pixels = BlockMatchCase.pixels(random, width * height);
        if (kind == 1) {
            Arrays.fill(pixels, (byte) random.nextInt(256));
        } else if (kind == 2) {
            byte[] tile = BlockMatchCase.pixels(random, 16);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    pixels[y * width + x] = tile[(y % 4) * 4 + x % 4];
                }
            }
        }
        return pixels;
    }

    /** Per block a best SAD of the size candidates have, and a rank, sometimes 0 (the zero vector). */
    private static int[] best(Random random, int blocks, BlockMatchCase frames) {
        int[] best = new int[2 * blocks];
        int pixels = frames.block() * frames.block();
        int windowRanks = (2 * frames.range() + 1) * (2 * frames.range() + 1) + 1;
        for (int b = 0; b < blocks; b++) {
            best[2 * b] = random.nextInt(4) == 0 ? 0 : random.nextInt(128 * pixels);
            best[2 * b + 1] = random.nextInt(3) == 0 ? 0 : random.nextInt(windowRanks + 1);
        }
        return best;
    }

    /** Every candidate word's exact SAD over all its pixels, NO_SCORE outside the window; dense-lane layout. */
    private static int[] exactSads(BlockMatchCase f) {
        int blocksX = f.blocksX();
        int xMax = (f.width() / f.block() - 1) * f.block();
        int yMax = (f.height() / f.block() - 1) * f.block();
        int[] sads = new int[4 * blocksX * f.blockRows() * f.candidates()];
        for (int row = 0; row < f.blockRows(); row++) {
            for (int col = 0; col < blocksX; col++) {
                int bx = col * f.block();
                int by = (f.firstBlockRow() + row) * f.block();
                for (int c = 0; c < f.candidates(); c++) {
                    int dy = c / f.xGroups() - f.range();
                    int word0 = bx / 4 - (f.range() + 3) / 4 + c % f.xGroups();
                    for (int k = 0; k < 4; k++) {
                        int px = 4 * word0 + k;
                        int py = by + dy;
                        int at = 4 * ((row * blocksX + col) * f.candidates() + c) + k;
                        boolean in = px >= 0 && px <= xMax && Math.abs(px - bx) <= f.range() && py >= 0 && py <= yMax;
                        sads[at] = in ? sad(f, bx, by, px, py) : SeaBound.NO_SCORE;
                    }
                }
            }
        }
        return sads;
    }

    private static int sad(BlockMatchCase f, int bx, int by, int px, int py) {
        int sum = 0;
        for (int y = 0; y < f.block(); y++) {
            for (int x = 0; x < f.block(); x++) {
                sum += Math.abs((f.cur()[(by + y) * f.width() + bx + x] & 0xFF)
                        - (f.prev()[(py + y) * f.width() + px + x] & 0xFF));
            }
        }
        return sum;
    }
}
