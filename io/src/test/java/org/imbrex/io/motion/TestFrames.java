package org.imbrex.io.motion;

import java.util.Random;
import org.imbrex.io.video.LumaFrame;

/**
 * Frames for tests: random pixels rich in 0 and 255, and textures panned by known displacements. The jobs
 * module's motion tests use them too (io's test jar). Example: {@code TestFrames.window(texture, 96, 1, 3,
 * 2, 64, 48)} is frame 1 of a pan, the texture seen from (3, 2).
 */
public final class TestFrames {
    private TestFrames() {
    }

    /** Random pixels; about one in {@code extremes} is 0 and as many are 255. */
    public static LumaFrame random(Random random, int index, int width, int height, int extremes) {
        byte[] luma = new byte[width * height];
        for (int i = 0; i < luma.length; i++) {
            int pick = random.nextInt(extremes);
            luma[i] = (byte) (pick == 0 ? 0 : pick == 1 ? 255 : random.nextInt(256));
        }
        return new LumaFrame(index, width, height, luma);
    }

    /** A random texture of {@code width × height} pixels, zeros included. */
    public static byte[] texture(Random random, int width, int height) {
        byte[] texture = new byte[width * height];
        random.nextBytes(texture);
        return texture;
    }

    /** The {@code width × height} window of a texture whose top-left corner is at (x0, y0). */
    public static LumaFrame window(byte[] texture, int textureWidth, int index, int x0, int y0, int width, int height) {
        byte[] luma = new byte[width * height];
        for (int y = 0; y < height; y++) {
            System.arraycopy(texture, (y0 + y) * textureWidth + x0, luma, y * width, width);
        }
        return new LumaFrame(index, width, height, luma);
    }

    /** A copy of {@code frame} with a rectangle of {@code texture} pasted at (x, y), clipped to the frame. */
    public static LumaFrame paste(LumaFrame frame, byte[] texture, int textureWidth, int textureHeight, int x, int y) {
        byte[] luma = frame.luma().clone();
        for (int ty = 0; ty < textureHeight; ty++) {
            for (int tx = 0; tx < textureWidth; tx++) {
                int fx = x + tx;
                int fy = y + ty;
                if (fx >= 0 && fy >= 0 && fx < frame.width() && fy < frame.height()) {
                    luma[fy * frame.width() + fx] = texture[ty * textureWidth + tx];
                }
            }
        }
        return new LumaFrame(frame.index(), frame.width(), frame.height(), luma);
    }
}
