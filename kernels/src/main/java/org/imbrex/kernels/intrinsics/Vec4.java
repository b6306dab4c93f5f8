package org.imbrex.kernels.intrinsics;

/**
 * A 4 × 32-bit register value (untyped bits), with swizzle and masked write: the value side of spec §6.
 *
 * <pre>{@code
 * Vec4 r1 = Vec4.ofFloats(1, 2, 3, 4), r0 = Vec4.ofFloats(9, 9, 9, 9);
 * r0 = r0.write(WriteMask.parse("yz"), r1.swizzle(Swizzle.parse("wzyx")));   // (9, 3, 2, 9)
 * }</pre>
 * Component i of an instruction's result comes from selector i of each source swizzle, not from the i-th
 * enabled component: that is why {@link #write} takes a full 4-component value.
 */
public record Vec4(int x, int y, int z, int w) {

    public static Vec4 ofFloats(float x, float y, float z, float w) {
        return new Vec4(Float.floatToRawIntBits(x), Float.floatToRawIntBits(y), Float.floatToRawIntBits(z),
                Float.floatToRawIntBits(w));
    }

    /** The same value in every component, as a scalar immediate {@code l(v)} reads. */
    public static Vec4 splat(int bits) {
        return new Vec4(bits, bits, bits, bits);
    }

    public int get(int i) {
        return switch (i) {
            case 0 -> x;
            case 1 -> y;
            case 2 -> z;
            case 3 -> w;
            default -> throw new IndexOutOfBoundsException(i);
        };
    }

    public float getFloat(int i) {
        return Float.intBitsToFloat(get(i));
    }

    /** The swizzled value: component i = this[swizzle.selector(i)]. */
    public Vec4 swizzle(Swizzle s) {
        return new Vec4(get(s.x()), get(s.y()), get(s.z()), get(s.w()));
    }

    /** This register after writing {@code value} through {@code mask}: unmasked components are kept. */
    public Vec4 write(WriteMask mask, Vec4 value) {
        return new Vec4(mask.writes(0) ? value.x : x, mask.writes(1) ? value.y : y, mask.writes(2) ? value.z : z,
                mask.writes(3) ? value.w : w);
    }

    /** Applies a per-component function of two sources: {@code op(a[i], b[i])}. */
    public static Vec4 map(Vec4 a, Vec4 b, java.util.function.IntBinaryOperator op) {
        return new Vec4(op.applyAsInt(a.x, b.x), op.applyAsInt(a.y, b.y), op.applyAsInt(a.z, b.z),
                op.applyAsInt(a.w, b.w));
    }
}
