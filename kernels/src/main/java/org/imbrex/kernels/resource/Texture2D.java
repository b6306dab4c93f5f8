package org.imbrex.kernels.resource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A typed 2-D shader resource view with one mip level, HLSL {@code Texture2D<T>} on {@code t#} ({@code
 * dcl_resource_texture2d}), read by {@code ld} with the address (x, y, ·, mip) (FS §22.4.6).
 *
 * <pre>
 *   width = 3          x →
 *   y  0:  [0] [1] [2]          texel (x, y) is element y·width + x
 *   ↓  1:  [3] [4] [5]
 * </pre>
 * Out of bounds ({@code x ≥ width}, {@code y ≥ height} or {@code mip ≠ 0}, unsigned) reads 0 in the
 * format's components plus the missing-component defaults, as for {@link TypedBuffer} (spec §3).
 * Example: an R32_UINT 2×2 texture of words 1 2 3 4 gives {@code ld(1, 1, 0)} = (4, 0, 0, 1).
 */
public final class Texture2D implements ShaderResourceView {
    private final DxgiFormat format;
    private final int width;
    private final int height;
    private final ByteBuffer texels;

    private Texture2D(DxgiFormat format, int width, int height, ByteBuffer texels) {
        this.format = format;
        this.width = width;
        this.height = height;
        this.texels = texels;
    }

    /** A {@code width × height} texture over row-major little-endian texels; the bytes are copied. */
    public static Texture2D of(DxgiFormat format, int width, int height, ByteBuffer data) {
        long bytes = (long) width * height * format.byteSize();
        if (width < 0 || height < 0 || data.remaining() < bytes) {
            throw new IllegalArgumentException("a " + width + "×" + height + " " + format + " texture needs " + bytes
                    + " bytes; " + data.remaining() + " given");
        }
        ByteBuffer copy = ByteBuffer.allocate((int) bytes).order(ByteOrder.LITTLE_ENDIAN);
        copy.put(data.slice().limit((int) bytes)).flip();
        return new Texture2D(format, width, height, copy);
    }

    public DxgiFormat format() {
        return format;
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    @Override
    public int numElements() {
        return width * height;
    }

    /** {@code ld} of texel (x, y) at mip level {@code mip} into 4 raw shader values. */
    public void ld(int x, int y, int mip, int[] rgba) {
        if (mip == 0 && Integer.compareUnsigned(x, width) < 0 && Integer.compareUnsigned(y, height) < 0) {
            FormatCodec.decode(format, texels, (y * width + x) * format.byteSize(), rgba);
            return;
        }
        FormatCodec.outOfBounds(format, rgba);
    }
}
