package org.imbrex.jobs.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mColourSpace;
import org.imbrex.io.video.Y4mHeader;
import org.imbrex.io.video.Y4mWriter;

/**
 * Two clips with known motion: each frame is a window onto a random texture, and the window moves by a
 * known step from one frame to the next. A block of frame n then shows what the block at (x + dx, y + dy)
 * of frame n−1 showed, with (dx, dy) the window's step: SAD 0, and (random texture) no other candidate of
 * SAD 0.
 *
 * <pre>
 *   texture   +--------------------------------------+
 *             |    frame n−1                         |
 *             |    +----------+                      |
 *             |    |   +----------+  frame n: the window moved by (dx, dy) = (+5, +3)
 *             |    |   |      |   |                  |
 *             |    +---|------+   |                  |
 *             |        +----------+                  |
 *             +--------------------------------------+
 * </pre>
 * Blocks whose match would lie outside frame n−1 (an edge the window moved away from) have no known vector;
 * every other block's row is {@link #known()}. Example: {@code MotionInput input = MotionInput.write(dir);}
 * writes {@code dir/pan-420.y4m} (128×80, 9 frames) and {@code dir/pan-444.y4m} (96×64, 7 frames).
 *
 * @param clips the clip files, in {@code --input} order
 * @param known {@code [path, frame, block_x, block_y, dx, dy, sad]} of every block with a known vector
 * @param rows  how many rows the motion table of the clips has: every whole block of every frame but the first
 */
record MotionInput(List<Path> clips, List<List<Object>> known, long rows) {
    /** The block size (and {@code --block}) the tests run with. */
    static final int BLOCK = 16;
    /** The search range ({@code --range}) the tests run with; no step is longer. */
    static final int RANGE = 4;
    private static final int[][] STEPS = {{3, -2}, {-4, 4}, {1, 4}, {-4, -3}, {2, 0}, {4, 3}, {0, -4}, {-3, 1}};

    /** One clip: its file name, size, colour space and number of frames. */
    private record Clip(String name, int width, int height, Y4mColourSpace space, int frames) {
    }

    private static final List<Clip> CLIPS = List.of(
            new Clip("pan-420.y4m", 128, 80, Y4mColourSpace.C420JPEG, 9),
            new Clip("pan-444.y4m", 96, 64, Y4mColourSpace.C444, 7));

    /** Writes the clips into {@code dir}. */
    static MotionInput write(Path dir, long seed) {
        Random random = new Random(seed);
        List<Path> files = new ArrayList<>();
        List<List<Object>> known = new ArrayList<>();
        long rows = 0;
        try {
            Files.createDirectories(dir);
            for (Clip clip : CLIPS) {
                Path file = dir.resolve(clip.name()).toAbsolutePath();
                int[][] windows = windows(clip, random.nextInt(STEPS.length));
                writeClip(file, clip, windows, random);
                files.add(file);
                known.addAll(known(clip, qualified(file), windows));
                rows += (long) (clip.frames() - 1) * (clip.width() / BLOCK) * (clip.height() / BLOCK);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new MotionInput(List.copyOf(files), List.copyOf(known), rows);
    }

    /** {@code --input}: the clips, comma-separated. */
    String inputOption() {
        return String.join(",", clips.stream().map(Path::toString).toList());
    }

    /**
     * The window's top-left corner over the texture in each frame: it starts {@link #RANGE} × frames in,
     * so it never leaves a texture of (width, height) + 2 × that margin.
     */
    private static int[][] windows(Clip clip, int firstStep) {
        int margin = RANGE * clip.frames();
        int[][] windows = new int[clip.frames()][];
        windows[0] = new int[] {margin, margin};
        for (int n = 1; n < clip.frames(); n++) {
            int[] step = STEPS[(firstStep + n) % STEPS.length];
            windows[n] = new int[] {windows[n - 1][0] + step[0], windows[n - 1][1] + step[1]};
        }
        return windows;
    }

    private static void writeClip(Path file, Clip clip, int[][] windows, Random random) throws IOException {
        int margin = RANGE * clip.frames();
        int textureWidth = clip.width() + 2 * margin;
        byte[] texture = new byte[textureWidth * (clip.height() + 2 * margin)];
        random.nextBytes(texture);
        try (OutputStream out = Files.newOutputStream(file);
                Y4mWriter writer = new Y4mWriter(out, new Y4mHeader(clip.width(), clip.height(), clip.space()))) {
            for (int n = 0; n < clip.frames(); n++) {
                byte[] luma = new byte[clip.width() * clip.height()];
                for (int y = 0; y < clip.height(); y++) {
                    System.arraycopy(texture, (windows[n][1] + y) * textureWidth + windows[n][0], luma,
                            y * clip.width(), clip.width());
                }
                writer.write(new LumaFrame(n, clip.width(), clip.height(), luma));
            }
        }
    }

    /** The rows of the blocks whose match, the window's step away, lies inside the previous frame. */
    private static List<List<Object>> known(Clip clip, String path, int[][] windows) {
        int xMax = (clip.width() / BLOCK - 1) * BLOCK;
        int yMax = (clip.height() / BLOCK - 1) * BLOCK;
        List<List<Object>> rows = new ArrayList<>();
        for (int n = 1; n < clip.frames(); n++) {
            int dx = windows[n][0] - windows[n - 1][0];
            int dy = windows[n][1] - windows[n - 1][1];
            for (int y = 0; y <= yMax; y += BLOCK) {
                for (int x = 0; x <= xMax; x += BLOCK) {
                    if (x + dx >= 0 && x + dx <= xMax && y + dy >= 0 && y + dy <= yMax) {
                        rows.add(List.of(path, n, x, y, dx, dy, 0));
                    }
                }
            }
        }
        return rows;
    }

    /** The path as the motion table holds it: a fully qualified Hadoop URI ({@code file:/...}). */
    private static String qualified(Path file) {
        return new org.apache.hadoop.fs.Path(file.toUri()).toString();
    }
}
