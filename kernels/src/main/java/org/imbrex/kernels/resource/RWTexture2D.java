package org.imbrex.kernels.resource;

import org.apache.arrow.memory.BufferAllocator;

/**
 * A typed 2-D UAV, HLSL {@code RWTexture2D<T>}, stored row-major: element (x, y) at index {@code y·width +
 * x}.
 *
 * <pre>
 *   width = 4            x →
 *   y  0:  [0] [1] [2] [3]
 *   ↓  1:  [4] [5] [6] [7]
 * </pre>
 * A store with {@code x ≥ width} or {@code y ≥ height} (unsigned) writes nothing (spec test vector 32).
 * Example: {@code RWTexture2D.allocate(DxgiFormat.R32_FLOAT, 32, 32, allocator).store(32, 0, v)} is dropped.
 */
public final class RWTexture2D extends TypedUav {
    private final int width;
    private final int height;

    private RWTexture2D(DxgiFormat format, int width, int height, BufferAllocator allocator) {
        super(format, elements(width, height), allocator, "u_" + format.name());
        this.width = width;
        this.height = height;
    }

    private static int elements(int width, int height) {
        if (width < 0 || height < 0 || (long) width * height > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a " + width + "×" + height + " RWTexture2D is not allowed; width "
                    + "and height must be ≥ 0 and width·height ≤ " + Integer.MAX_VALUE);
        }
        return width * height;
    }

    /** A zeroed {@code width × height} texture. */
    public static RWTexture2D allocate(DxgiFormat format, int width, int height, BufferAllocator allocator) {
        return new RWTexture2D(format, width, height, allocator);
    }

    public int width() {
        return width;
    }

    public int height() {
        return height;
    }

    /** {@code store_uav_typed u#, (x, y), rgba}. */
    public void store(int x, int y, int[] rgba) {
        if (inBounds(x, width) && inBounds(y, height)) {
            storeElement(y * width + x, rgba);
        }
    }

    /** {@code ld_uav_typed} at (x, y); out of bounds reads 0 plus defaults. */
    public void load(int x, int y, int[] rgba) {
        if (inBounds(x, width) && inBounds(y, height)) {
            loadElement(y * width + x, rgba);
            return;
        }
        FormatCodec.outOfBounds(format(), rgba);
    }
}
