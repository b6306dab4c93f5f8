package org.imbrex.io.motion;

/**
 * The best match of one block: the B×B block of frame n whose top-left pixel is (blockX, blockY) is most
 * like the block of frame n−1 at (blockX + dx, blockY + dy); {@code sad} is their exact sum of absolute
 * luma differences.
 *
 * <p>Example: {@code new MotionVector(32, 16, -3, 2, 140)}: the block at (32, 16) came from (29, 18), so its
 * content moved by (+3, −2) between the frames.
 */
public record MotionVector(int blockX, int blockY, int dx, int dy, int sad) {
}
