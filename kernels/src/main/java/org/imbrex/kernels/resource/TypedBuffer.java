package org.imbrex.kernels.resource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A typed buffer shader resource view, HLSL {@code Buffer<T>} on register {@code t#}, read by {@code ld}
 * (spec §3, FS §22.4.6).
 *
 * <p>{@code ld} returns a 4-component vector: the format's components converted to shader values, the
 * missing ones defaulted to (0, 0, 0, 1) with the 1 typed like the format; an index at or past {@link
 * #numElements()} (unsigned, so HLSL −1 too) reads 0 in the present components plus the same defaults.
 * An unbound slot ({@link #unbound()}) reads (0, 0, 0, 0).
 * <pre>
 *   R32_UINT, NumElements = 4, data DEADBEEF …
 *   ld(0) = (DEADBEEF, 0, 0, 1)     ld(4) = (0, 0, 0, 1)     ld(0xFFFFFFFF) = (0, 0, 0, 1)
 * </pre>
 * 32-bit single-component views keep their elements in an {@code int[]} so the SIMT shaders can read lanes
 * in bulk ({@link #ldRange}).
 */
public final class TypedBuffer implements ShaderResourceView {
    private static final TypedBuffer UNBOUND = new TypedBuffer(null, 0, null, null, false);

    private final DxgiFormat format;
    private final int numElements;
    private final int[] words;
    private final ByteBuffer bytes;
    private final boolean immutable;

    private TypedBuffer(DxgiFormat format, int numElements, int[] words, ByteBuffer bytes, boolean immutable) {
        this.format = format;
        this.numElements = numElements;
        this.words = words;
        this.bytes = bytes;
        this.immutable = immutable;
    }

    /**
     * A view over little-endian element data: {@code data.remaining() / format.byteSize()} elements. The
     * bytes are copied.
     */
    public static TypedBuffer of(DxgiFormat format, ByteBuffer data) {
        ByteBuffer source = data.slice().order(ByteOrder.LITTLE_ENDIAN);
        int count = source.remaining() / format.byteSize();
        if (isWordFormat(format)) {
            int[] elements = new int[count];
            source.asIntBuffer().get(elements);
            return new TypedBuffer(format, count, elements, null, false);
        }
        ByteBuffer copy = ByteBuffer.allocate(count * format.byteSize()).order(ByteOrder.LITTLE_ENDIAN);
        copy.put(source.limit(count * format.byteSize())).flip();
        return new TypedBuffer(format, count, null, copy, false);
    }

    /**
     * A view over 32-bit single-component elements ({@code R32_UINT}, {@code R32_SINT}, {@code
     * R32_FLOAT}) without copying: elements {@code [0, numElements)} of {@code words}. The caller must not
     * change the array while a Dispatch reads it.
     */
    public static TypedBuffer ofWords(DxgiFormat format, int[] words, int numElements) {
        if (!isWordFormat(format)) {
            throw new IllegalArgumentException("ofWords needs an R32 format, not " + format);
        }
        if (numElements < 0 || numElements > words.length) {
            throw new IllegalArgumentException("numElements " + numElements + " is outside 0.." + words.length);
        }
        return new TypedBuffer(format, numElements, words, null, false);
    }

    /**
     * An immutable view over a copy of {@code words} (all of them), as a {@code D3D11_USAGE_IMMUTABLE}
     * buffer is: nothing can change its elements after it is made, so a shader that has read this same view
     * before may keep what it derived from it ({@link #isImmutable()}).
     */
    public static TypedBuffer immutableWords(DxgiFormat format, int[] words) {
        return immutableWords(format, words, words.length);
    }

    /**
     * An immutable view over a copy of {@code words[0, count)}, as {@link #immutableWords(DxgiFormat, int[])}
     * makes of a whole array.
     */
    public static TypedBuffer immutableWords(DxgiFormat format, int[] words, int count) {
        if (!isWordFormat(format)) {
            throw new IllegalArgumentException("immutableWords needs an R32 format, not " + format);
        }
        if (count < 0 || count > words.length) {
            throw new IllegalArgumentException("count " + count + " is outside 0.." + words.length);
        }
        return new TypedBuffer(format, count, Arrays.copyOf(words, count), null, true);
    }

    /** True for a view made by {@link #immutableWords}: its elements never change. */
    public boolean isImmutable() {
        return immutable;
    }

    /** The view of an empty slot: every {@code ld} returns (0, 0, 0, 0) (FS §22.4.6). */
    public static TypedBuffer unbound() {
        return UNBOUND;
    }

    private static boolean isWordFormat(DxgiFormat format) {
        return format == DxgiFormat.R32_UINT || format == DxgiFormat.R32_SINT || format == DxgiFormat.R32_FLOAT;
    }

    public DxgiFormat format() {
        return format;
    }

    @Override
    public int numElements() {
        return numElements;
    }

    /** True for {@link #unbound()}. */
    public boolean isUnbound() {
        return format == null;
    }

    /** {@code ld}: element {@code index} (unsigned) as a 4-component vector of raw 32-bit values. */
    public void ld(int index, int[] rgba) {
        if (format == null) {
            Arrays.fill(rgba, 0, 4, 0);
            return;
        }
        boolean inBounds = Integer.compareUnsigned(index, numElements) < 0;
        if (words != null) {
            rgba[0] = inBounds ? words[index] : 0;
            rgba[1] = 0;
            rgba[2] = 0;
            rgba[3] = FormatConversion.missingComponent(3, format.componentType());
            return;
        }
        if (inBounds) {
            FormatCodec.decode(format, bytes, index * format.byteSize(), rgba);
            return;
        }
        FormatCodec.outOfBounds(format, rgba);
    }

    /**
     * The {@code .x} of {@code ld(index)}: for a 32-bit single-component view the element itself, or 0 out
     * of bounds.
     */
    public int ldX(int index) {
        if (words != null || format == null) {
            return Integer.compareUnsigned(index, numElements) < 0 ? words[index] : 0;
        }
        int[] rgba = new int[4];
        ld(index, rgba);
        return rgba[0];
    }

    /**
     * {@code ld(first + lane).x} for {@code lane} in {@code [0, count)}, into {@code lanes}: the SIMT load
     * of consecutive lanes. Indices are uint32, so {@code first + lane} wraps past 0xFFFFFFFF to 0;
     * out-of-bounds lanes read 0.
     * <pre>
     *   numElements = 5, first = 3, count = 4:   lanes = (e3, e4, 0, 0)
     *   first = 0xFFFFFFFE, count = 4:           lanes = (0, 0, e0, e1)       (indices wrap to 0, 1)
     * </pre>
     */
    public void ldRange(int first, int[] lanes, int count) {
        long start = Integer.toUnsignedLong(first);
        if (words == null || start + count > 0x1_0000_0000L) {
            for (int lane = 0; lane < count; lane++) {
                lanes[lane] = ldX(first + lane);
            }
            return;
        }
        int inBounds = (int) Math.max(0, Math.min(count, numElements - start));
        if (inBounds > 0) {
            System.arraycopy(words, first, lanes, 0, inBounds);
        }
        Arrays.fill(lanes, inBounds, count, 0);
    }

    /** True for a 32-bit single-component view: {@link #words()} then holds its elements. */
    public boolean hasWords() {
        return words != null;
    }

    /**
     * The backing elements of a 32-bit single-component view (not a copy), for reading: a shader must not
     * write them, least of all an immutable view's.
     */
    public int[] words() {
        if (words == null) {
            throw new IllegalStateException(format + " is not a 32-bit single-component view");
        }
        return words;
    }
}
