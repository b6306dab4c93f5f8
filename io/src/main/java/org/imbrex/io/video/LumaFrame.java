package org.imbrex.io.video;

/**
 * The luma (Y) plane of one video frame: {@code width·height} 8-bit samples, row by row.
 *
 * <pre>
 *   pixel (x, y) = luma[y·width + x] &amp; 0xFF
 * </pre>
 * Example: {@code new LumaFrame(3, 4, 2, new byte[8]).pixel(3, 1)} reads {@code luma[7]}. {@code index}
 * counts frames of the file from 0. The array is shared, not copied: readers hand out a new one per
 * frame, and nobody changes it afterwards.
 */
public record LumaFrame(int index, int width, int height, byte[] luma) {
    public LumaFrame {
        if (width <= 0 || height <= 0 || luma.length != (long) width * height) {
            throw new IllegalArgumentException("a " + width + "x" + height + " luma plane needs " + (long) width
                    * height + " bytes, not " + luma.length);
        }
    }

    /** The sample at column x, row y (0..255). */
    public int pixel(int x, int y) {
        return luma[y * width + x] & 0xFF;
    }
}
