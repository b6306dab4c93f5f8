package org.imbrex.jobs.motion;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.imbrex.io.motion.TestFrames;
import org.imbrex.io.video.LumaFrame;
import org.imbrex.io.video.Y4mColourSpace;
import org.imbrex.io.video.Y4mHeader;
import org.imbrex.io.video.Y4mWriter;

/**
 * Clips for the motion tests: Y4M files of random frames rich in 0 and 255, or of frames drifting from one
 * to the next; textures moved by known steps come from io's {@link TestFrames}.
 */
final class TestClips {
    private TestClips() {
    }

    /** Writes {@code frames} as a Y4M file; frame lines alternate between bare and with parameters. */
    static Path write(Path file, Y4mColourSpace space, List<LumaFrame> frames) throws IOException {
        LumaFrame first = frames.get(0);
        try (OutputStream out = Files.newOutputStream(file);
                Y4mWriter writer = new Y4mWriter(out, new Y4mHeader(first.width(), first.height(), space))) {
            for (LumaFrame frame : frames) {
                writer.write(frame, frame.index() % 2 == 1 ? "Ib XFRAME=" + frame.index() : "");
            }
        }
        return file;
    }

    /** Random frames; about one pixel in {@code extremes} is 0 and as many are 255. */
    static List<LumaFrame> random(Random random, int count, int width, int height, int extremes) {
        List<LumaFrame> frames = new ArrayList<>();
        for (int index = 0; index < count; index++) {
            frames.add(TestFrames.random(random, index, width, height, extremes));
        }
        return frames;
    }

    /** Random frames, each the previous one with some pixels changed: blocks really have matches. */
    static List<LumaFrame> drifting(Random random, int count, int width, int height) {
        List<LumaFrame> frames = new ArrayList<>(random(random, 1, width, height, 8));
        for (int index = 1; index < count; index++) {
            LumaFrame previous = frames.get(index - 1);
            int dx = random.nextInt(5) - 2;
            int dy = random.nextInt(5) - 2;
            byte[] luma = new byte[width * height];
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    int sx = Math.floorMod(x - dx, width);
                    int sy = Math.floorMod(y - dy, height);
                    int pixel = previous.pixel(sx, sy);
                    luma[y * width + x] = (byte) (random.nextInt(10) == 0 ? random.nextInt(256) : pixel);
                }
            }
            frames.add(new LumaFrame(index, width, height, luma));
        }
        return frames;
    }
}
