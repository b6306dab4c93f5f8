package org.imbrex.kernels.shaders;

import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The quad filter shader ({@code QuadFilter.hlsl}) in Java, statement by statement, run SIMT: which byte
 * offsets of a tile start four bytes whose hash is a set bit of the key table.
 *
 * <pre>
 * Buffer&lt;uint&gt; buf_src : register(t0);    // tile bytes as little-endian words
 * Buffer&lt;uint&gt; buf_keys : register(t1);   // 65536 words: 2^21 bits, bit h = (quad * 0x9E3779B1) &gt;&gt; 11
 * RWBuffer&lt;uint&gt; buf_hits : register(u0); // R32_UINT: bit k set when the quad at byte 4x + k hashes to a set bit
 * uint is_key(uint quad) { uint h = (quad * 0x9E3779B1u) &gt;&gt; 11; return (buf_keys[h &gt;&gt; 5] &gt;&gt; (h &amp; 31)) &amp; 1; }
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     uint lo = buf_src[DTid.x];
 *     uint hi = buf_src[DTid.x + 1];
 *     uint hits = is_key(lo) | is_key((lo &gt;&gt; 8) | (hi &lt;&lt; 24)) &lt;&lt; 1
 *               | is_key((lo &gt;&gt; 16) | (hi &lt;&lt; 16)) &lt;&lt; 2 | is_key((lo &gt;&gt; 24) | (hi &lt;&lt; 8)) &lt;&lt; 3;
 *     buf_hits[DTid.x] = hits;
 * }
 * </pre>
 * The quads of thread x, from its word and the next:
 * <pre>
 *   tile bytes   b0 b1 b2 b3 | b4 b5 b6 …     lo = b0 | b1&lt;&lt;8 | b2&lt;&lt;16 | b3&lt;&lt;24,  hi = b4 | …
 *   quad k=0     b0 b1 b2 b3                  lo
 *   quad k=1        b1 b2 b3 b4               (lo &gt;&gt; 8) | hi &lt;&lt; 24
 *   quad k=2           b2 b3 b4 b5            (lo &gt;&gt; 16) | hi &lt;&lt; 16
 *   quad k=3              b3 b4 b5 b6         (lo &gt;&gt; 24) | hi &lt;&lt; 8
 *   hash         h = quad · 0x9E3779B1 mod 2^32, top 21 bits: key word h &gt;&gt; 5, bit h &amp; 31
 * </pre>
 * Example: with the bit of {@link #bit(int) bit(0x00905A4D)} set ("MZ", 90 00) and {@code buf_src =
 * {0x5A4D0000, 0x00000090}}, thread 0 writes {@code 0b0100}: the quad at byte 2 (4D 5A 90 00). A read past
 * {@code buf_src} gives 0 (spec §3), so the last word's quads 1 to 3 end in zeros.
 *
 * <p>The lanes read the key words from the view's array when it holds the whole table, and through {@code
 * ld} otherwise (a shorter table: its missing words read 0). The groups share nothing, so one call runs
 * {@link #GROUPS_PER_CALL} of them.
 */
public final class QuadFilter implements GroupShader {
    /** Threads per group. */
    public static final int LANES = 64;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** Bits of the hash: the table has 2^21 bits. */
    public static final int HASH_BITS = 21;
    /** Words of {@code buf_keys}: 2^21 bits. */
    public static final int KEY_WORDS = 1 << (HASH_BITS - 5);
    /** The hash's odd multiplier (2^32 / φ). */
    public static final int MULTIPLIER = 0x9E3779B1;
    /** Groups one call runs: the lane loop then covers 16 KiB of tile. */
    public static final int GROUPS_PER_CALL = 64;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader quad-filter}. */
    public static final String NAME = "quad-filter";

    private static final int MAX_LANES = LANES * GROUPS_PER_CALL;

    private final int[] src = new int[MAX_LANES + 1];
    private final int[] hits = new int[MAX_LANES];

    /** The table bit of {@code quad} (four bytes, little-endian): {@code (quad * 0x9E3779B1) >>> 11}. */
    public static int bit(int quad) {
        return (quad * MULTIPLIER) >>> (32 - HASH_BITS);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public NumThreads numThreads() {
        return NUM_THREADS;
    }

    @Override
    public int groupsPerCall() {
        return GROUPS_PER_CALL;
    }

    @Override
    public void main(GroupContext group) {
        TypedBuffer bufSrc = group.resources().typedBuffer(0);
        TypedBuffer bufKeys = group.resources().typedBuffer(1);
        RWBuffer bufHits = group.resources().rwBuffer(0);
        int lanes = group.lanes();
        int firstThread = group.dispatchThreadIdX(0);
        // lo = buf_src[DTid.x] and hi = buf_src[DTid.x + 1] of every lane: one load of lanes + 1 words
        bufSrc.ldRange(firstThread, src, lanes + 1);
        if (isFullTable(bufKeys)) {
            hitsOfTable(bufKeys.words(), lanes);
        } else {
            hitsOfLoads(bufKeys, lanes);
        }
        // buf_hits[DTid.x] = hits;
        bufHits.storeUintLanes(firstThread, hits, lanes);
    }

    /** A word view holding every key word, so each hash's word is read in bounds. */
    private static boolean isFullTable(TypedBuffer keys) {
        return GramFilter.isWordTable(keys, KEY_WORDS);
    }

    /** The lanes' hits from the table's words. */
    private void hitsOfTable(int[] keys, int lanes) {
        int[] w = src;
        int[] h = hits;
        for (int lane = 0; lane < lanes; lane++) {
            int lo = w[lane];
            int hi = w[lane + 1];
            h[lane] = isKey(keys, lo)
                    | isKey(keys, (lo >>> 8) | (hi << 24)) << 1
                    | isKey(keys, (lo >>> 16) | (hi << 16)) << 2
                    | isKey(keys, (lo >>> 24) | (hi << 8)) << 3;
        }
    }

    private static int isKey(int[] keys, int quad) {
        int h = bit(quad);
        return (keys[h >>> 5] >>> h) & 1;
    }

    /** The HLSL as written, through {@code ld}, for tables of any size (missing words read 0: no key). */
    private void hitsOfLoads(TypedBuffer keys, int lanes) {
        for (int lane = 0; lane < lanes; lane++) {
            int lo = src[lane];
            int hi = src[lane + 1];
            hits[lane] = isKey(keys, lo)
                    | isKey(keys, (lo >>> 8) | (hi << 24)) << 1
                    | isKey(keys, (lo >>> 16) | (hi << 16)) << 2
                    | isKey(keys, (lo >>> 24) | (hi << 8)) << 3;
        }
    }

    private static int isKey(TypedBuffer keys, int quad) {
        int h = bit(quad);
        return (keys.ldX(h >>> 5) >>> (h & 31)) & 1;
    }
}
