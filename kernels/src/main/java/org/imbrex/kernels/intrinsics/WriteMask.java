package org.imbrex.kernels.intrinsics;

/**
 * A destination write mask: the components an instruction writes; the others keep their value (spec §6).
 * Letters must be a non-empty subset of {@code xyzw} in that order.
 *
 * <p>Example: {@code WriteMask.parse("yz").writes(1)} is true, {@code writes(0)} false;
 * {@code WriteMask.parse("zy")} throws.
 */
public record WriteMask(int bits) {
    /** {@code .xyzw}. */
    public static final WriteMask ALL = new WriteMask(0xF);

    public WriteMask {
        if (bits < 1 || bits > 0xF) {
            throw new IllegalArgumentException("write mask " + bits + " is not a non-empty subset of xyzw");
        }
    }

    public static WriteMask parse(String text) {
        String letters = text.startsWith(".") ? text.substring(1) : text;
        int bits = 0;
        int last = -1;
        for (int i = 0; i < letters.length(); i++) {
            int c = Swizzle.component(letters.charAt(i), text);
            if (c <= last) {
                throw new IllegalArgumentException("write mask '" + text + "' must list x, y, z, w in order");
            }
            bits |= 1 << c;
            last = c;
        }
        return new WriteMask(bits);
    }

    /** True if component {@code i} (0 = x) is written. */
    public boolean writes(int i) {
        return (bits & (1 << i)) != 0;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(".");
        for (int i = 0; i < 4; i++) {
            if (writes(i)) {
                s.append("xyzw".charAt(i));
            }
        }
        return s.toString();
    }
}
