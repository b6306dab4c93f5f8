package org.imbrex.io.scan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The second test of a key hit, before its bucket's entries are followed: the bytes next to the key. A
 * key gram shared by many anchors (thousands of YARA atoms key on fewer grams) would otherwise send every
 * hit through every entry of its bucket; an exact anchor with literal bytes beside its key also sets a bit
 * for those bytes, and a hit whose neighbours set none of its gram's bits has no entry to follow.
 * <pre>
 *   kind   bytes tested (tile offset t = the key gram)      an exact anchor uses the first kind its window holds
 *   0      t-0 t+1 t+2 t+3         key, 2 after             as literal bytes: "4D 5A 90 00" keyed on 4D 5A is
 *   1      t-2 t-1 t+0 t+1         2 before, key            kind 0; "s t r" keyed on "st" kind 2, on "tr" kind 3
 *   2      t+0 t+1 t+2             key, 1 after
 *   3      t-1 t+0 t+1             1 before, key            none (a tolerance, a one-byte key): always followed
 *   bit    hash(kind, bytes) of 2^21 bits
 * </pre>
 * Exact: a match's bytes are its anchor's literal bytes, so its hit always finds its bit set; a collision
 * only costs the entries' own checks. Example: {@code bits.set(0, 0x00905A4D)} for "4D 5A 90 00", then
 * {@code bits.passes(1 << 0, tile, t)} is true wherever the tile holds those four bytes at t.
 */
final class NeighbourBits {
    /** An anchor with no kind: its entries are followed on every hit. */
    static final int NONE = -1;
    private static final int BITS = 21;
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final long[] bits = new long[1 << (BITS - 6)];

    /** The kind an anchor keyed at signature position {@code keyAt} is filtered by, or {@link #NONE}. */
    static int kind(Anchor anchor) {
        if (anchor.tolerance() != 0 || anchor.singleByte()) {
            return NONE;
        }
        int p = anchor.keyAt();
        if (literal(anchor, p + 2) && literal(anchor, p + 3)) {
            return 0;
        } else if (literal(anchor, p - 2) && literal(anchor, p - 1)) {
            return 1;
        } else if (literal(anchor, p + 2)) {
            return 2;
        } else if (literal(anchor, p - 1)) {
            return 3;
        }
        return NONE;
    }

    /** The bytes of {@code anchor} that its kind tests, little-endian, as {@link #passes} reads them. */
    static int bytes(Anchor anchor, int kind) {
        int from = anchor.keyAt() - (kind == 1 ? 2 : kind == 3 ? 1 : 0);
        int count = kind <= 1 ? 4 : 3;
        int value = 0;
        for (int i = 0; i < count; i++) {
            value |= anchor.byteAt(from + i) << (8 * i);
        }
        return value;
    }

    private static boolean literal(Anchor anchor, int position) {
        return position >= anchor.windowAt() && position < anchor.windowAt() + anchor.windowLength()
                && anchor.literal(position);
    }

    void set(int kind, int bytes) {
        int h = hash(kind, bytes);
        bits[h >>> 6] |= 1L << h;
    }

    /**
     * True when some kind of {@code kinds} (bit k for kind k) has its bit set for the bytes around tile
     * offset {@code t}, or when those bytes are not all inside {@code tile}.
     */
    boolean passes(int kinds, byte[] tile, int t) {
        if (!inside(tile, t)) {
            return true;
        }
        return (kinds & 1) != 0 && test(0, bytesAt(0, tile, t)) || (kinds & 2) != 0 && test(1, bytesAt(1, tile, t))
                || (kinds & 4) != 0 && test(2, bytesAt(2, tile, t)) || (kinds & 8) != 0 && test(3, bytesAt(3, tile, t));
    }

    /** True when every byte a kind reads around tile offset {@code t} is inside {@code tile}. */
    static boolean inside(byte[] tile, int t) {
        return t >= 2 && t + 4 <= tile.length;
    }

    /** The bytes kind {@code kind} reads around tile offset {@code t} (inside the tile), as {@link #bytes}. */
    static int bytesAt(int kind, byte[] tile, int t) {
        return switch (kind) {
            case 0 -> (int) INTS.get(tile, t);
            case 1 -> (int) INTS.get(tile, t - 2);
            case 2 -> (int) INTS.get(tile, t) & 0xFF_FFFF;
            default -> (int) INTS.get(tile, t - 1) & 0xFF_FFFF;
        };
    }

    private boolean test(int kind, int bytes) {
        int h = hash(kind, bytes);
        return (bits[h >>> 6] & 1L << h) != 0;
    }

    private static int hash(int kind, int bytes) {
        return (int) (((bytes & 0xFFFF_FFFFL) * 0x9E37_79B9_7F4A_7C15L + kind * 0xC2B2_AE3D_27D4_EB4FL) >>> (64 - BITS));
    }
}
