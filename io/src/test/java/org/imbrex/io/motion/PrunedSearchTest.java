package org.imbrex.io.motion;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.imbrex.io.video.LumaFrame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The pruned search ({@link BlockMatcher.Search#PRUNED}) gives the exhaustive search's vectors and SADs, block
 * for block, on content chosen to defeat pruning: flat frames (every bound 0), zero pixels (masked by msad4),
 * saturated areas, noise, repeated textures (ties everywhere), a frame moved by less than the range, a
 * frame against itself, and mixes of them in one frame; every block size 4..64 and ranges 0..64.
 */
class PrunedSearchTest {
    private static final int[] BLOCKS = {4, 8, 16, 32, 64};

    enum Content { NOISE, FLAT, ZEROS, SATURATED, TILED, SHIFTED, SAME, MIXED }

    @Property(tries = 80)
    void pruned_adversarialContent_equalsExhaustive(@ForAll @IntRange(min = 0, max = 4) int blockIndex,
            @ForAll @IntRange(min = 0, max = 20) int range, @ForAll Content content,
            @ForAll @IntRange(min = 0, max = 3) int stripeBlockRows, @ForAll long seed) {
        int block = BLOCKS[blockIndex];
        Random random = new Random(seed);
        int width = block * (1 + random.nextInt(4)) + random.nextInt(block);
        int height = block * (1 + random.nextInt(3)) + random.nextInt(block);
        assertSameVectors(new MotionPlan(block, range, stripeBlockRows), content, random, width, height);
    }

    @ParameterizedTest(name = "B {0}, R {1}, {2}")
    @CsvSource({"4, 64, TILED", "8, 64, FLAT", "16, 64, SHIFTED", "16, 33, ZEROS", "32, 64, MIXED", "64, 64, NOISE",
        "64, 0, SAME", "4, 0, NOISE", "16, 7, SATURATED", "8, 16, MIXED"})
    void pruned_largeRangesAndEveryBlockSize_equalsExhaustive(int block, int range, Content content) {
        Random random = new Random(block * 131L + range);
        assertSameVectors(MotionPlan.of(block, range), content, random, Math.max(block, 160), Math.max(block, 96));
    }

    /**
     * A panned noise texture with temporal noise, as video is, over enough frame pairs that the JIT compiles
     * the shaders' lane loops while they run (C2 compiles a method after some thousands of calls; the pruned
     * shaders run once per block): the vectors after compilation must be the exhaustive search's too, not only
     * those of the interpreter's first pairs.
     */
    @Test
    void pruned_panOfManyFramePairsOnceTheJitHasCompiledTheShaders_equalsExhaustive() {
        int width = 320;
        int height = 240;
        int pairs = 150;
        Random random = new Random(17);
        int textureWidth = width + 2 * pairs + 8;
        byte[] texture = new byte[textureWidth * (height + pairs + 8)];
        for (int i = 0; i < texture.length; i++) {
            texture[i] = (byte) (16 + random.nextInt(220));
        }
        try (BufferAllocator allocator = new RootAllocator();
                BlockMatcher pruned = new BlockMatcher(MotionPlan.of(16, 7), allocator, BlockMatcher.Search.PRUNED);
                BlockMatcher exhaustive = new BlockMatcher(MotionPlan.of(16, 7), allocator,
                        BlockMatcher.Search.EXHAUSTIVE)) {
            LumaFrame previous = null;
            for (int n = 0; n <= pairs; n++) {
                LumaFrame current = TestFrames.window(texture, textureWidth, n, 2 * n, n, width, height);
                byte[] luma = current.luma();
                for (int i = 0; i < luma.length; i++) {
                    luma[i] = (byte) ((luma[i] & 0xFF) + random.nextInt(13) - 6);
                }
                if (previous != null) {
                    assertThat(pruned.match(previous, current)).as("pair %d", n)
                            .isEqualTo(exhaustive.match(previous, current));
                }
                previous = current;
            }
        }
    }

    private static void assertSameVectors(MotionPlan plan, Content content, Random random, int width, int height) {
        LumaFrame previous = new LumaFrame(0, width, height, frame(content, random, width, height));
        byte[] next = content == Content.SAME ? previous.luma().clone()
                : content == Content.SHIFTED ? shifted(previous.luma(), width, height, random)
                : frame(content, random, width, height);
        LumaFrame current = new LumaFrame(1, width, height, next);
        try (BufferAllocator allocator = new RootAllocator();
                BlockMatcher pruned = new BlockMatcher(plan, allocator, BlockMatcher.Search.PRUNED);
                BlockMatcher exhaustive = new BlockMatcher(plan, allocator, BlockMatcher.Search.EXHAUSTIVE)) {
            List<MotionVector> expected = exhaustive.match(previous, current);
            assertThat(pruned.match(previous, current)).as("%s, %dx%d, %s", content, width, height, plan)
                    .isEqualTo(expected);
            // the matcher keeps frame n's table for the next pair: match on, then back against another frame
            LumaFrame third = new LumaFrame(2, width, height, frame(content, random, width, height));
            assertThat(pruned.match(current, third)).isEqualTo(exhaustive.match(current, third));
            assertThat(pruned.match(previous, third)).isEqualTo(exhaustive.match(previous, third));
        }
    }

    private static byte[] frame(Content content, Random random, int width, int height) {
        byte[] pixels = new byte[width * height];
        switch (content) {
            case NOISE, SHIFTED, SAME -> random.nextBytes(pixels);
            case FLAT -> Arrays.fill(pixels, (byte) random.nextInt(256));
            case ZEROS -> {
                for (int i = 0; i < pixels.length; i++) {
                    pixels[i] = (byte) (random.nextInt(3) == 0 ? 0 : random.nextInt(4));
                }
            }
            case SATURATED -> {
                for (int i = 0; i < pixels.length; i++) {
                    pixels[i] = (byte) (random.nextInt(8) == 0 ? random.nextInt(256) : 255);
                }
            }
            case TILED -> {
                int period = 1 + random.nextInt(4);
                byte[] tile = new byte[period * period];
                random.nextBytes(tile);
                for (int y = 0; y < height; y++) {
                    for (int x = 0; x < width; x++) {
                        pixels[y * width + x] = tile[(y % period) * period + x % period];
                    }
                }
            }
            case MIXED -> {
                Content[] parts = {Content.NOISE, Content.FLAT, Content.ZEROS, Content.SATURATED, Content.TILED};
                for (int band = 0; band < 4; band++) {
                    byte[] part = frame(parts[random.nextInt(parts.length)], random, width, height);
                    int from = band * height / 4 * width;
                    int to = (band + 1) * height / 4 * width;
                    System.arraycopy(part, from, pixels, from, to - from);
                }
            }
            default -> throw new IllegalStateException(content.name());
        }
        return pixels;
    }

    /** The frame moved by (dx, dy) within ±3, with a little noise on one pixel in four. */
    private static byte[] shifted(byte[] frame, int width, int height, Random random) {
        int dx = random.nextInt(7) - 3;
        int dy = random.nextInt(7) - 3;
        byte[] out = new byte[frame.length];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int sx = Math.floorMod(x + dx, width);
                int sy = Math.floorMod(y + dy, height);
                int noise = random.nextInt(4) == 0 ? random.nextInt(5) - 2 : 0;
                out[y * width + x] = (byte) Math.max(0, Math.min(255, (frame[sy * width + sx] & 0xFF) + noise));
            }
        }
        return out;
    }
}
