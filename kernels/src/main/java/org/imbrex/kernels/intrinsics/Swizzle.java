package org.imbrex.kernels.intrinsics;

/**
 * A source swizzle: for each destination component i, which source component feeds it (spec §6).
 *
 * <p>Assembly text may give 1 to 4 letters; a short swizzle repeats its last letter, so {@code .xy} is
 * {@code .xyyy}, {@code .wzx} is {@code .wzxx} and {@code .z} is {@code .zzzz}.
 * <pre>
 *   mov r0.yz, r1.wzyx     dest y ← selector[1] = z,  dest z ← selector[2] = y
 * </pre>
 * Example: {@code Swizzle.parse("xy").selector(3)} is 1 (y).
 */
public record Swizzle(int x, int y, int z, int w) {
    /** {@code .xyzw}, the identity. */
    public static final Swizzle IDENTITY = new Swizzle(0, 1, 2, 3);

    public Swizzle {
        for (int s : new int[] {x, y, z, w}) {
            if (s < 0 || s > 3) {
                throw new IllegalArgumentException("swizzle selector " + s + " is not 0..3");
            }
        }
    }

    /** Parses 1–4 letters from {@code xyzw} (or {@code rgba}), with or without the leading dot. */
    public static Swizzle parse(String text) {
        String letters = text.startsWith(".") ? text.substring(1) : text;
        if (letters.isEmpty() || letters.length() > 4) {
            throw new IllegalArgumentException("swizzle '" + text + "' must have 1 to 4 letters");
        }
        int[] s = new int[4];
        for (int i = 0; i < 4; i++) {
            s[i] = component(letters.charAt(Math.min(i, letters.length() - 1)), text);
        }
        return new Swizzle(s[0], s[1], s[2], s[3]);
    }

    /** The source component feeding destination component {@code i}. */
    public int selector(int i) {
        return switch (i) {
            case 0 -> x;
            case 1 -> y;
            case 2 -> z;
            case 3 -> w;
            default -> throw new IndexOutOfBoundsException(i);
        };
    }

    static int component(char letter, String text) {
        int index = "xyzw".indexOf(letter);
        if (index < 0) {
            index = "rgba".indexOf(letter);
        }
        if (index < 0) {
            throw new IllegalArgumentException("'" + letter + "' in '" + text + "' is not one of x, y, z, w");
        }
        return index;
    }

    @Override
    public String toString() {
        return "." + "xyzw".charAt(x) + "xyzw".charAt(y) + "xyzw".charAt(z) + "xyzw".charAt(w);
    }
}
