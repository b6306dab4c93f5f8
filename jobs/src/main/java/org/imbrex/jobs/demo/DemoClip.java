package org.imbrex.jobs.demo;

import java.io.IOException;
import java.io.OutputStream;
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
 * The video of {@code imbrex demo}: a short 8-bit Y4M clip with known motion. The camera pans over a
 * textured background, and two textured cards cross it, each at its own velocity.
 *
 * <pre>
 *   DIR/clips/demo-motion.y4m     320×192, 12 frames, C420jpeg
 *   background   content moves by PAN = (+2, +1) per frame (the window slides the other way over a texture)
 *   card A       64×48 at (40, 48) + n·(+5, −2)
 *   card B       48×48 at (216, 96) + n·(−4, +3)
 * </pre>
 * A block's true vector (dx, dy) points to where its content was in frame n−1: −velocity of the card it
 * lies in, −PAN for background blocks that no card covers in frame n or in frame n−1, unknown elsewhere.
 * The clip is the same on every run (fixed seed). Example: {@code DemoClip.generate(Path.of("demo"))
 * .trueVector(3, 64, 48, 16)} is {@code [-5, 2]} (inside card A).
 */
public final class DemoClip {
    public static final int WIDTH = 320;
    public static final int HEIGHT = 192;
    public static final int FRAMES = 12;
    public static final String FILE = "demo-motion.y4m";
    private static final int[] PAN = {2, 1};
    private static final int MARGIN = 32;

    /** A textured card moving at a constant velocity. */
    record Card(String name, int width, int height, int x0, int y0, int vx, int vy) {
        int x(int n) {
            return x0 + n * vx;
        }

        int y(int n) {
            return y0 + n * vy;
        }

        boolean covers(int n, int bx, int by, int block) {
            return bx >= x(n) && by >= y(n) && bx + block <= x(n) + width && by + block <= y(n) + height;
        }

        boolean touches(int n, int bx, int by, int block) {
            return bx < x(n) + width && bx + block > x(n) && by < y(n) + height && by + block > y(n);
        }
    }

    private static final List<Card> CARDS = List.of(new Card("card A", 64, 48, 40, 48, 5, -2),
            new Card("card B", 48, 48, 216, 96, -4, 3));

    private final Path file;
    private final List<LumaFrame> frames;

    private DemoClip(Path file, List<LumaFrame> frames) {
        this.file = file;
        this.frames = frames;
    }

    /** Writes the clip under {@code dir}/clips. */
    public static DemoClip generate(Path dir) throws IOException {
        Random random = new Random(20261202L);
        int textureWidth = WIDTH + 2 * MARGIN;
        byte[] background = texture(random, textureWidth, HEIGHT + 2 * MARGIN, 24, 40, 150);
        List<byte[]> cards = new ArrayList<>();
        for (Card card : CARDS) {
            cards.add(texture(random, card.width(), card.height(), 8, 150, 235));
        }
        List<LumaFrame> frames = new ArrayList<>();
        for (int n = 0; n < FRAMES; n++) {
            byte[] luma = new byte[WIDTH * HEIGHT];
            int x0 = MARGIN + 8 - n * PAN[0];
            int y0 = MARGIN - n * PAN[1];
            for (int y = 0; y < HEIGHT; y++) {
                System.arraycopy(background, (y0 + y) * textureWidth + x0, luma, y * WIDTH, WIDTH);
            }
            for (int c = 0; c < CARDS.size(); c++) {
                paste(luma, cards.get(c), CARDS.get(c), n);
            }
            frames.add(new LumaFrame(n, WIDTH, HEIGHT, luma));
        }
        Path file = Files.createDirectories(dir.resolve("clips")).resolve(FILE);
        try (OutputStream out = Files.newOutputStream(file);
                Y4mWriter writer = new Y4mWriter(out, new Y4mHeader(WIDTH, HEIGHT, Y4mColourSpace.C420JPEG))) {
            for (LumaFrame frame : frames) {
                writer.write(frame);
            }
        }
        return new DemoClip(file, frames);
    }

    public Path file() {
        return file;
    }

    /** Frame {@code n} as written. */
    public LumaFrame frame(int n) {
        return frames.get(n);
    }

    /**
     * The true vector of the B×B block at (bx, by) of frame n (n ≥ 1), or null where the scene does not
     * say (a card's edge, or background a card covers in one of the two frames).
     */
    public int[] trueVector(int n, int bx, int by, int block) {
        for (Card card : CARDS) {
            if (card.covers(n, bx, by, block)) {
                return new int[] {-card.vx(), -card.vy()};
            }
        }
        for (Card card : CARDS) {
            if (card.touches(n, bx, by, block) || card.touches(n - 1, bx - PAN[0], by - PAN[1], block)) {
                return null;
            }
        }
        return new int[] {-PAN[0], -PAN[1]};
    }

    /** What moves how, for the demo's output. */
    public static String motionText() {
        StringBuilder text = new StringBuilder("background (+" + PAN[0] + ", +" + PAN[1] + ")");
        for (Card card : CARDS) {
            text.append(String.format(", %s (%+d, %+d)", card.name(), card.vx(), card.vy()));
        }
        return text + " pixels per frame";
    }

    /**
     * Smooth blobs (random levels every {@code cell} pixels, interpolated) with a little grain, in
     * {@code low..high}: easy to look at, and every block still unlike its neighbours.
     */
    private static byte[] texture(Random random, int width, int height, int cell, int low, int high) {
        int gridWidth = width / cell + 2;
        int gridHeight = height / cell + 2;
        double[] grid = new double[gridWidth * gridHeight];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = random.nextDouble();
        }
        byte[] texture = new byte[width * height];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double gx = (double) x / cell;
                double gy = (double) y / cell;
                int ix = (int) gx;
                int iy = (int) gy;
                double fx = smooth(gx - ix);
                double fy = smooth(gy - iy);
                double top = grid[iy * gridWidth + ix] * (1 - fx) + grid[iy * gridWidth + ix + 1] * fx;
                double bottom = grid[(iy + 1) * gridWidth + ix] * (1 - fx) + grid[(iy + 1) * gridWidth + ix + 1] * fx;
                double level = low + (high - low) * (top * (1 - fy) + bottom * fy) + random.nextInt(9) - 4;
                texture[y * width + x] = (byte) Math.max(low, Math.min(high, (int) Math.round(level)));
            }
        }
        return texture;
    }

    private static double smooth(double t) {
        return t * t * (3 - 2 * t);
    }

    private static void paste(byte[] luma, byte[] texture, Card card, int n) {
        for (int y = 0; y < card.height(); y++) {
            System.arraycopy(texture, y * card.width(), luma, (card.y(n) + y) * WIDTH + card.x(n), card.width());
        }
    }
}
