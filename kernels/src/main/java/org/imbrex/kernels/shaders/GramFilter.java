package org.imbrex.kernels.shaders;

import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The gram filter shader ({@code GramFilter.hlsl}) in Java, statement by statement, run SIMT: which byte
 * offsets of a tile start a two-byte gram that is a key of the anchor table.
 *
 * <pre>
 * Buffer&lt;uint&gt; buf_src : register(t0);        // tile bytes as little-endian words
 * Buffer&lt;uint&gt; buf_keys : register(t1);       // 2048 words: bit (g &amp; 31) of word g &gt;&gt; 5 set when gram g is a key
 * Buffer&lt;uint&gt; buf_word_keys : register(t2);  // the same, for grams tested at byte 4x only
 * RWBuffer&lt;uint&gt; buf_hits : register(u0);     // R32_UINT: bit k set when the gram at byte 4x + k is a key
 * uint is_key(Buffer&lt;uint&gt; keys, uint gram) { return (keys[gram &gt;&gt; 5] &gt;&gt; (gram &amp; 31)) &amp; 1; }
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     uint lo = buf_src[DTid.x];
 *     uint hi = buf_src[DTid.x + 1];
 *     uint hits = (is_key(buf_keys, lo &amp; 0xFFFF) | is_key(buf_word_keys, lo &amp; 0xFFFF))
 *               | is_key(buf_keys, (lo &gt;&gt; 8) &amp; 0xFFFF) &lt;&lt; 1 | is_key(buf_keys, lo &gt;&gt; 16) &lt;&lt; 2
 *               | is_key(buf_keys, (lo &gt;&gt; 24) | ((hi &amp; 0xFF) &lt;&lt; 8)) &lt;&lt; 3;
 *     buf_hits[DTid.x] = hits;
 * }
 * </pre>
 * The grams of thread x, from its word and the next:
 * <pre>
 *   tile bytes   b0 b1 b2 b3 | b4 …       lo = b0 | b1&lt;&lt;8 | b2&lt;&lt;16 | b3&lt;&lt;24,  hi = b4 | …
 *   gram k=0     b0 b1                    lo &amp; 0xFFFF
 *   gram k=1        b1 b2                 (lo &gt;&gt; 8) &amp; 0xFFFF
 *   gram k=2           b2 b3              lo &gt;&gt; 16
 *   gram k=3              b3 b4           (lo &gt;&gt; 24) | (hi &amp; 0xFF) &lt;&lt; 8
 * </pre>
 * Example: with {@code buf_src = {0x5A4D0000, 0x00000090}} and only gram {@code 0x5A4D} ("MZ") a key,
 * thread 0 writes {@code 0b0100}: the gram at byte 2. A read past {@code buf_src} gives 0 (spec §3), so the
 * last word's gram 3 pairs b3 with 00. {@code buf_word_keys} serves anchors with four grams in a row: one of
 * them starts at a multiple of 4, so keying all four there finds the anchor with one lookup per word. When
 * one of the two tables is empty the lanes skip its lookups (an empty table adds no bit), which is where the
 * speed comes from. The groups share nothing, so one call runs {@link #GROUPS_PER_CALL} of them.
 */
public final class GramFilter implements GroupShader {
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(64, 1, 1);
    /** Threads per group. */
    public static final int LANES = 64;
    /** Words of {@code buf_keys}: one bit per 16-bit gram. */
    public static final int KEY_WORDS = 65536 / 32;
    /** Groups one call runs: the lane loop then covers 16 KiB of tile. */
    public static final int GROUPS_PER_CALL = 64;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader gram-filter}. */
    public static final String NAME = "gram-filter";

    private static final int MAX_LANES = LANES * GROUPS_PER_CALL;

    private final int[] src = new int[MAX_LANES + 1];
    private final int[] hits = new int[MAX_LANES];

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
        TypedBuffer bufWordKeys = group.resources().typedBuffer(2);
        RWBuffer bufHits = group.resources().rwBuffer(0);
        int lanes = group.lanes();
        int firstThread = group.dispatchThreadIdX()[0];
        // lo = buf_src[DTid.x] and hi = buf_src[DTid.x + 1] of every lane: one load of lanes + 1 words
        bufSrc.ldRange(firstThread, src, lanes + 1);
        boolean fullTables = isFullTable(bufKeys) && isFullTable(bufWordKeys);
        if (fullTables && isEmpty(bufKeys.words())) {
            hitsOfWordKeys(bufWordKeys.words(), lanes);
        } else if (fullTables && isEmpty(bufWordKeys.words())) {
            hitsOfKeys(bufKeys.words(), lanes);
        } else {
            hitsOfLoads(bufKeys, bufWordKeys, lanes);
        }
        // buf_hits[DTid.x] = hits;
        bufHits.storeUintLanes(firstThread, hits, lanes);
    }

    /** A word view holding every key word, so each gram's word is read in bounds. */
    private static boolean isFullTable(TypedBuffer keys) {
        return !keys.isUnbound() && isWordView(keys) && keys.numElements() >= KEY_WORDS;
    }

    private static boolean isEmpty(int[] keys) {
        int any = 0;
        for (int i = 0; i < KEY_WORDS; i++) {
            any |= keys[i];
        }
        return any == 0;
    }

    /** The lanes' hits when only buf_word_keys has keys: one lookup per lane. */
    private void hitsOfWordKeys(int[] wordKeys, int lanes) {
        int[] w = src;
        int[] h = hits;
        for (int lane = 0; lane < lanes; lane++) {
            h[lane] = isKey(wordKeys, w[lane] & 0xFFFF);
        }
    }

    private static boolean isWordView(TypedBuffer view) {
        DxgiFormat format = view.format();
        return format == DxgiFormat.R32_UINT || format == DxgiFormat.R32_SINT || format == DxgiFormat.R32_FLOAT;
    }

    /**
     * The lanes' hits when only buf_keys has keys. The word and the next one form a long whose bytes 0..4
     * are the four grams' bytes; Java's int shift takes its count modulo 32, which is {@code gram & 31}.
     */
    private void hitsOfKeys(int[] keys, int lanes) {
        int[] w = src;
        int[] h = hits;
        for (int lane = 0; lane < lanes; lane++) {
            long pair = (w[lane] & 0xFFFF_FFFFL) | (long) w[lane + 1] << 32;
            int g0 = (int) pair & 0xFFFF;
            int g1 = (int) (pair >>> 8) & 0xFFFF;
            int g2 = (int) (pair >>> 16) & 0xFFFF;
            int g3 = (int) (pair >>> 24) & 0xFFFF;
            h[lane] = (keys[g0 >>> 5] >>> g0) & 1
                    | ((keys[g1 >>> 5] >>> g1) & 1) << 1
                    | ((keys[g2 >>> 5] >>> g2) & 1) << 2
                    | ((keys[g3 >>> 5] >>> g3) & 1) << 3;
        }
    }

    private static int isKey(int[] keys, int gram) {
        return (keys[gram >>> 5] >>> (gram & 31)) & 1;
    }

    /** The HLSL as written, through {@code ld}, for tables of any size (missing words read 0: no key). */
    private void hitsOfLoads(TypedBuffer keys, TypedBuffer wordKeys, int lanes) {
        for (int lane = 0; lane < lanes; lane++) {
            int lo = src[lane];
            int hi = src[lane + 1];
            hits[lane] = (isKey(keys, lo & 0xFFFF) | isKey(wordKeys, lo & 0xFFFF))
                    | isKey(keys, (lo >>> 8) & 0xFFFF) << 1
                    | isKey(keys, lo >>> 16) << 2
                    | isKey(keys, (lo >>> 24) | ((hi & 0xFF) << 8)) << 3;
        }
    }

    private static int isKey(TypedBuffer keys, int gram) {
        return (keys.ldX(gram >>> 5) >>> (gram & 31)) & 1;
    }
}
