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
 * one of the two tables is empty the lanes skip its lookups (an empty table adds no bit), and buf_keys is
 * read from a copy holding one byte per gram (a byte load instead of a load, a shift and a mask); that is
 * where the speed comes from. The groups share nothing, so one call runs {@link #GROUPS_PER_CALL} of them.
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
    /** buf_keys' words as last seen, and the same bits one byte per gram, which the lane loop reads. */
    private final int[] seenKeys = new int[KEY_WORDS];
    private final byte[] keyBytes = new byte[65536];
    /** What the Dispatch being run has bound, found at its first call: buf_keys / buf_word_keys hold no key. */
    private boolean keysEmpty;
    private boolean wordKeysEmpty;
    private int[] syncedKeys;
    private int[] syncedWordKeys;

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
        int firstThread = group.dispatchThreadIdX(0);
        // lo = buf_src[DTid.x] and hi = buf_src[DTid.x + 1] of every lane: one load of lanes + 1 words
        bufSrc.ldRange(firstThread, src, lanes + 1);
        boolean fullTables = isFullTable(bufKeys) && isFullTable(bufWordKeys);
        if (fullTables) {
            syncTables(group, bufKeys.words(), bufWordKeys.words());
        }
        if (fullTables && keysEmpty) {
            hitsOfWordKeys(bufWordKeys.words(), lanes);
        } else if (fullTables && wordKeysEmpty) {
            hitsOfKeys(lanes);
        } else if (fullTables) {
            hitsOfBoth(bufWordKeys.words(), lanes);
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

    /**
     * At the first call of a Dispatch (group 0: {@code DeviceContext} runs groups in the x-fastest order of
     * spec §2.3), and whenever other arrays are bound, reads the tables anew: whether each is empty, and
     * buf_keys one byte per gram. A Dispatch reads its views as they were when it was issued (nothing
     * writes a shader resource view while one runs), so the later calls reuse what was read.
     * Only key words that changed since the last read are spread again: a scan binds the same table for
     * every tile, and checking its 2048 words costs far less than spreading 65,536 bytes.
     */
    private void syncTables(GroupContext group, int[] keys, int[] wordKeys) {
        boolean first = group.groupIdX() == 0 && group.groupIdY() == 0 && group.groupIdZ() == 0;
        if (!first && keys == syncedKeys && wordKeys == syncedWordKeys) {
            return;
        }
        int any = 0;
        for (int w = 0; w < KEY_WORDS; w++) {
            int bits = keys[w];
            any |= bits;
            if (bits != seenKeys[w]) {
                seenKeys[w] = bits;
                for (int b = 0; b < 32; b++) {
                    keyBytes[32 * w + b] = (byte) ((bits >>> b) & 1);
                }
            }
        }
        keysEmpty = any == 0;
        int anyWord = 0;
        for (int w = 0; w < KEY_WORDS; w++) {
            anyWord |= wordKeys[w];
        }
        wordKeysEmpty = anyWord == 0;
        syncedKeys = keys;
        syncedWordKeys = wordKeys;
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
     * The lanes' hits when only buf_keys has keys, from its bits one byte per gram ({@link #syncTables}):
     * a byte load per gram instead of a word load, a shift and a mask, which halves the loop's time.
     */
    private void hitsOfKeys(int lanes) {
        int[] w = src;
        int[] h = hits;
        byte[] key = keyBytes;
        for (int lane = 0; lane < lanes; lane++) {
            int lo = w[lane];
            int hi = w[lane + 1];
            h[lane] = key[lo & 0xFFFF]
                    | key[(lo >>> 8) & 0xFFFF] << 1
                    | key[lo >>> 16] << 2
                    | key[(lo >>> 24) | (hi & 0xFF) << 8] << 3;
        }
    }

    /** The lanes' hits when both tables have keys: {@link #hitsOfKeys}, and gram 0 in buf_word_keys too. */
    private void hitsOfBoth(int[] wordKeys, int lanes) {
        int[] w = src;
        int[] h = hits;
        byte[] key = keyBytes;
        for (int lane = 0; lane < lanes; lane++) {
            int lo = w[lane];
            int hi = w[lane + 1];
            h[lane] = (key[lo & 0xFFFF] | isKey(wordKeys, lo & 0xFFFF))
                    | key[(lo >>> 8) & 0xFFFF] << 1
                    | key[lo >>> 16] << 2
                    | key[(lo >>> 24) | (hi & 0xFF) << 8] << 3;
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
