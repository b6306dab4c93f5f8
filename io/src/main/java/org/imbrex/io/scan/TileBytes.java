package org.imbrex.io.scan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.imbrex.kernels.dispatch.LaneLoops;

/**
 * What a scanner's tiles hold: the file's bytes as read, or with the ASCII capitals lowercased, so that
 * signatures written in lowercase find every case-blind occurrence (YARA's {@code nocase}: {@code tolower}
 * of the C locale, A-Z only) as exact matches. Only the 26 capitals change; every other byte, and so every
 * offset, stays as read.
 * <pre>
 *   file           4D 5A 00 47 65 74 50 72 6F 63        MZ.GetProc
 *   AS_READ        4D 5A 00 47 65 74 50 72 6F 63
 *   ASCII_LOWER    6D 7A 00 67 65 74 70 72 6F 63        mz.getproc
 *   signature "getproc" matches at 3 in ASCII_LOWER: "GetProc", "GETPROC", "getProc", ... all at 3
 * </pre>
 * Example: {@code new TileScanner(plan, 1 << 20, allocator, shaders, Prefilter.ANCHORS, TileBytes.ASCII_LOWER)}.
 */
public enum TileBytes {
    AS_READ,
    ASCII_LOWER;

    /** The byte as this view holds it. */
    public int of(int b) {
        return this == ASCII_LOWER && b >= 'A' && b <= 'Z' ? b | 0x20 : b;
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;
    private static final long LOW_SEVEN = 0x7F7F_7F7F_7F7F_7F7FL;
    /**
     * Whether {@link #apply} starts in vector lanes: where the JVM has the vector API (400 MiB of binaries,
     * lowercased in 1 MiB tiles on a Zen 5 core: 69 ms in eight-byte steps, 16 ms in 512-bit registers).
     */
    private static final boolean IN_LANES = LaneLoops.active() == LaneLoops.VECTOR;

    /**
     * Turns {@code bytes[from, to)} into this view, in place, without a branch: a vector register at a time
     * where the JVM has the vector API ({@link TileBytesLanes}), eight bytes at a time after that or without it:
     * <pre>
     *   h = x &amp; 7F…           each byte's low seven bits (no carry between bytes below)
     *   a = h + (80 − 'A')      top bit set where h ≥ 'A'
     *   z = h + (80 − 'Z' − 1)  top bit set where h &gt; 'Z'
     *   m = (a ^ z) &amp; ~x &amp; 80…  top bit set where 'A' ≤ byte ≤ 'Z' (and the byte itself is below 80)
     *   x | m &gt;&gt;&gt; 2            sets 20 in exactly those bytes
     * </pre>
     */
    void apply(byte[] bytes, int from, int to) {
        if (this != AS_READ) {
            lowercase(bytes, from, to, IN_LANES);
        }
    }

    /**
     * The ASCII capitals of {@code bytes[from, to)} lowercased in place: whole vector registers first when
     * {@code inLanes} ({@link TileBytesLanes}), then eight bytes at a time, then byte by byte.
     */
    static void lowercase(byte[] bytes, int from, int to, boolean inLanes) {
        int i = inLanes ? TileBytesLanes.lowercase(bytes, from, to) : from;
        for (; i + Long.BYTES <= to; i += Long.BYTES) {
            long x = (long) LONGS.get(bytes, i);
            long h = x & LOW_SEVEN;
            long capitals = ((h + 0x3F3F_3F3F_3F3F_3F3FL) ^ (h + 0x2525_2525_2525_2525L)) & ~x & HIGH_BITS;
            LONGS.set(bytes, i, x | capitals >>> 2);
        }
        for (; i < to; i++) {
            bytes[i] = (byte) ASCII_LOWER.of(bytes[i] & 0xFF);
        }
    }
}
