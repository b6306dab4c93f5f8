package org.imbrex.kernels.shaders;

import java.util.Arrays;
import org.imbrex.kernels.dispatch.GroupContext;
import org.imbrex.kernels.dispatch.GroupShader;
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The gram filter shader ({@code GramFilter.hlsl}) in Java, statement by statement, run SIMT: which byte
 * offsets of a tile start a two-byte gram that is a key of the anchor table, in the key class of the offset's
 * place in its word.
 *
 * <pre>
 * Buffer&lt;uint&gt; buf_src : register(t0);   // tile bytes as little-endian words
 * Buffer&lt;uint&gt; buf_keys : register(t1);  // 4 × 2048 words: bit (g &amp; 31) of word 2048k + (g &gt;&gt; 5) set when
 *                                        // gram g is a key of class k
 * RWBuffer&lt;uint&gt; buf_hits : register(u0); // R32_UINT: bit k set when the gram at byte 4x + k is a key of class k
 * uint is_key(uint k, uint gram) { return (buf_keys[(k &lt;&lt; 11) | (gram &gt;&gt; 5)] &gt;&gt; (gram &amp; 31)) &amp; 1; }
 * [numthreads(64, 1, 1)]
 * void main(uint3 DTid : SV_DispatchThreadID) {
 *     uint lo = buf_src[DTid.x];
 *     uint hi = buf_src[DTid.x + 1];
 *     uint hits = is_key(0, lo &amp; 0xFFFF) | is_key(1, (lo &gt;&gt; 8) &amp; 0xFFFF) &lt;&lt; 1
 *               | is_key(2, lo &gt;&gt; 16) &lt;&lt; 2 | is_key(3, (lo &gt;&gt; 24) | ((hi &amp; 0xFF) &lt;&lt; 8)) &lt;&lt; 3;
 *     buf_hits[DTid.x] = hits;
 * }
 * </pre>
 * The grams of thread x, from its word and the next, and the class each is tested in:
 * <pre>
 *   tile bytes   b0 b1 b2 b3 | b4 …       lo = b0 | b1&lt;&lt;8 | b2&lt;&lt;16 | b3&lt;&lt;24,  hi = b4 | …
 *   gram k=0     b0 b1                    lo &amp; 0xFFFF                       class 0 (words 0 .. 2047)
 *   gram k=1        b1 b2                 (lo &gt;&gt; 8) &amp; 0xFFFF                class 1 (words 2048 .. 4095)
 *   gram k=2           b2 b3              lo &gt;&gt; 16                          class 2
 *   gram k=3              b3 b4           (lo &gt;&gt; 24) | (hi &amp; 0xFF) &lt;&lt; 8     class 3
 * </pre>
 * Example: with {@code buf_src = {0x5A4D0000, 0x00000090}} and gram {@code 0x5A4D} ("MZ") a key of class 2,
 * thread 0 writes {@code 0b0100}: the gram at byte 2. A read past {@code buf_src} gives 0 (spec §3), so the
 * last word's gram 3 pairs b3 with 00. The anchor table keys a gram in every class to test it at every
 * byte, in classes 0 and 2 to test it at even bytes, in class 0 to test it at word starts only.
 *
 * <p>The lanes skip the lookups of an empty class (it adds no bit), and read each class from a copy holding
 * one byte per gram (a byte load instead of a load, a shift and a mask); classes with the same keys share one
 * copy. That is where the speed comes from: a table whose keys are all in class 0 costs one lookup per word.
 * The groups share nothing, so one call runs {@link #GROUPS_PER_CALL} of them.
 */
public final class GramFilter implements GroupShader {
    /** Threads per group. */
    public static final int LANES = 64;
    /** {@code [numthreads(64, 1, 1)]}. */
    public static final NumThreads NUM_THREADS = NumThreads.of(LANES, 1, 1);
    /** Words of one class of {@code buf_keys}: one bit per 16-bit gram. */
    public static final int CLASS_WORDS = 65536 / 32;
    /** Key classes: one per byte of a word. */
    public static final int CLASSES = 4;
    /** Words of {@code buf_keys}: the four classes one after the other. */
    public static final int KEY_WORDS = CLASSES * CLASS_WORDS;
    /** Groups one call runs: the lane loop then covers 16 KiB of tile. */
    public static final int GROUPS_PER_CALL = 64;
    /** The name shipped shaders are run by, e.g. {@code bin/imbrex shader gram-filter}. */
    public static final String NAME = "gram-filter";

    private static final int MAX_LANES = LANES * GROUPS_PER_CALL;
    private static final byte[] NO_KEYS = new byte[65536];

    private final int[] src = new int[MAX_LANES + 1];
    private final int[] hits = new int[MAX_LANES];
    /** buf_keys' words as last seen, and each class's bits one byte per gram, which the lane loops read. */
    private final int[] seenKeys = new int[KEY_WORDS];
    private final byte[][] classBytes = new byte[CLASSES][65536];
    /** The copy each class reads, for the Dispatch being run: its own, an equal class's, or none (empty). */
    private final byte[][] classView = new byte[CLASSES][];
    /** Bit k set when class k has a key, in the Dispatch being run. */
    private int keyedClasses;
    /** The view the tables were last read from. */
    private TypedBuffer syncedView;

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
            syncTables(group, bufKeys);
            switch (keyedClasses) {
                case 0b0000 -> Arrays.fill(hits, 0, lanes, 0);
                case 0b0001 -> hitsAtWordStarts(lanes);
                case 0b0101 -> hitsAtEvenBytes(lanes);
                default -> hitsAtEveryByte(lanes);
            }
        } else {
            hitsOfLoads(bufKeys, lanes);
        }
        // buf_hits[DTid.x] = hits;
        bufHits.storeUintLanes(firstThread, hits, lanes);
    }

    /** A word view holding every key word, so each gram's word is read in bounds. */
    private static boolean isFullTable(TypedBuffer keys) {
        return isWordTable(keys, KEY_WORDS);
    }

    /**
     * A bound 32-bit view ({@code R32_UINT}, {@code _SINT}, {@code _FLOAT}) whose array holds at least {@code
     * words} elements: a filter's lanes may then read its key words from the array, every index in bounds.
     */
    static boolean isWordTable(TypedBuffer view, int words) {
        return !view.isUnbound() && view.hasWords() && isWordView(view) && view.numElements() >= words;
    }

    /**
     * At the first call of a Dispatch (group 0: {@code DeviceContext} runs groups in the x-fastest order of
     * spec §2.3), and whenever another array is bound, reads the table anew: which classes have keys, which
     * are equal, and each class one byte per gram. A Dispatch reads its views as they were when it was
     * issued (nothing writes a shader resource view while one runs), so the later calls reuse what was read.
     * Only key words that changed since the last read are spread again, and the classes compared again only
     * then: a scan binds the same table for every tile, and comparing its 8192 words costs far less than
     * spreading 262,144 bytes. An immutable view ({@link TypedBuffer#immutableWords}) read before is not
     * compared at all: its words cannot have changed.
     */
    private void syncTables(GroupContext group, TypedBuffer view) {
        if (view == syncedView && view.isImmutable()) {
            return;
        }
        int[] keys = view.words();
        boolean first = group.groupIdX() == 0 && group.groupIdY() == 0 && group.groupIdZ() == 0;
        if (!first && syncedView != null && keys == syncedView.words()) {
            return;
        }
        boolean changed = syncedView == null;
        for (int w = 0; w < KEY_WORDS; w++) {
            int bits = keys[w];
            if (bits != seenKeys[w]) {
                seenKeys[w] = bits;
                byte[] bytes = classBytes[w / CLASS_WORDS];
                int at = 32 * (w % CLASS_WORDS);
                for (int b = 0; b < 32; b++) {
                    bytes[at + b] = (byte) ((bits >>> b) & 1);
                }
                changed = true;
            }
        }
        syncedView = view;
        if (changed) {
            viewClasses();
        }
    }

    /** Which classes have keys, and which copy each reads: its own, an equal class's, or none. */
    private void viewClasses() {
        keyedClasses = 0;
        for (int k = 0; k < CLASSES; k++) {
            int base = k * CLASS_WORDS;
            int any = 0;
            for (int w = base; w < base + CLASS_WORDS; w++) {
                any |= seenKeys[w];
            }
            classView[k] = any == 0 ? NO_KEYS : classBytes[k];
            keyedClasses |= any == 0 ? 0 : 1 << k;
            for (int j = 0; j < k && any != 0; j++) {
                if (classView[j] != NO_KEYS && Arrays.equals(seenKeys, base, base + CLASS_WORDS, seenKeys,
                        j * CLASS_WORDS, (j + 1) * CLASS_WORDS)) {
                    classView[k] = classView[j];
                    break;
                }
            }
        }
    }

    /** The lanes' hits when only class 0 has keys: one lookup per lane. */
    private void hitsAtWordStarts(int lanes) {
        int[] w = src;
        int[] h = hits;
        byte[] key0 = classView[0];
        for (int lane = 0; lane < lanes; lane++) {
            h[lane] = key0[w[lane] & 0xFFFF];
        }
    }

    /** The lanes' hits when only classes 0 and 2 have keys: two lookups per lane. */
    private void hitsAtEvenBytes(int lanes) {
        int[] w = src;
        int[] h = hits;
        byte[] key0 = classView[0];
        byte[] key2 = classView[2];
        for (int lane = 0; lane < lanes; lane++) {
            int lo = w[lane];
            h[lane] = key0[lo & 0xFFFF] | key2[lo >>> 16] << 2;
        }
    }

    /** The lanes' hits with keys in classes 1 or 3: four lookups per lane (an empty class reads no key). */
    private void hitsAtEveryByte(int lanes) {
        int[] w = src;
        int[] h = hits;
        byte[] key0 = classView[0];
        byte[] key1 = classView[1];
        byte[] key2 = classView[2];
        byte[] key3 = classView[3];
        for (int lane = 0; lane < lanes; lane++) {
            int lo = w[lane];
            int hi = w[lane + 1];
            h[lane] = key0[lo & 0xFFFF]
                    | key1[(lo >>> 8) & 0xFFFF] << 1
                    | key2[lo >>> 16] << 2
                    | key3[(lo >>> 24) | (hi & 0xFF) << 8] << 3;
        }
    }

    private static boolean isWordView(TypedBuffer view) {
        DxgiFormat format = view.format();
        return format == DxgiFormat.R32_UINT || format == DxgiFormat.R32_SINT || format == DxgiFormat.R32_FLOAT;
    }

    /** The HLSL as written, through {@code ld}, for tables of any size (missing words read 0: no key). */
    private void hitsOfLoads(TypedBuffer keys, int lanes) {
        for (int lane = 0; lane < lanes; lane++) {
            int lo = src[lane];
            int hi = src[lane + 1];
            hits[lane] = isKey(keys, 0, lo & 0xFFFF)
                    | isKey(keys, 1, (lo >>> 8) & 0xFFFF) << 1
                    | isKey(keys, 2, lo >>> 16) << 2
                    | isKey(keys, 3, (lo >>> 24) | ((hi & 0xFF) << 8)) << 3;
        }
    }

    private static int isKey(TypedBuffer keys, int k, int gram) {
        return (keys.ldX((k << 11) | (gram >>> 5)) >>> (gram & 31)) & 1;
    }
}
