package org.imbrex.io.scan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.imbrex.kernels.dispatch.ComputeShader;
import org.imbrex.kernels.dispatch.DeviceContext;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.RWBuffer;
import org.imbrex.kernels.resource.ShaderResources;
import org.imbrex.kernels.resource.TypedBuffer;
import org.imbrex.kernels.shaders.GramFilter;

/**
 * The first stage of an anchored scan: one {@link GramFilter} Dispatch over the tile marks the offsets
 * whose gram is a key of the {@link AnchorTable}; each mark is then followed to the anchors of its key,
 * whose windows are checked against the tile's bytes, and what passes becomes a candidate word of its
 * signature (the word its window starts in: msad4 scores four offsets per thread).
 * <pre>
 *   t0 = tile words   t1 = the table's key words, four classes   u0 = R32_UINT, one hit mask per tile word
 *   Dispatch(ceil(words / 64))
 *   hit bit k of word x  →  t = 4x + k, gram g  →  entry e of bucket g, anchor a:  o = t − bucketAt[e]
 *       keep o when 0 ≤ o &lt; offsets[s] and the window's literal bytes at o + windowAt[a] are within
 *       tolerance[a]   →  candidate word o / 4 of signature s (ascending, each once)
 * </pre>
 * Anchors keyed by four bytes ({@link QuadKeys}) are found the same way through a {@link
 * org.imbrex.kernels.shaders.QuadFilter} Dispatch: a marked tile byte's four bytes look up their key, whose
 * anchors' windows are checked.
 * A signature that gathers more than {@code cap} candidate words in a tile (an eighth of the tile's words)
 * is marked {@link #overflowed}: scoring all of its offsets is then cheaper, and the scanner does that
 * instead. All signatures together hold at most {@code budget} candidate words (four tiles' worth), so
 * that thousands of signatures on data that defeats their anchors cannot take more memory than that; a
 * signature whose candidate would pass the budget overflows too, and gives its words back to it.
 * <pre>
 *   8,777 atoms of 3,000 YARA rules, 1 MiB tile (262,144 words): cap 32,768 words per atom, budget
 *   1,048,576 words in all; an atom as common as "str" (a few thousand words) is still gathered
 * </pre>
 */
final class CandidateFilter implements AutoCloseable {
    /** Threads of one Dispatch: 65535 groups of 64 (cs_5_0). */
    private static final int MAX_WORDS_PER_DISPATCH = 65535 * GramFilter.LANES;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class,
            ByteOrder.LITTLE_ENDIAN);

    private final ComputeShader shader;
    private final ComputeShader quadShader;
    private final DeviceContext device = new DeviceContext();
    private final ShaderResources resources = new ShaderResources();
    private final RWBuffer hits;
    private final int[] hitWords;
    /** The quad filter's marks, one word per tile word like {@link #hitWords}. */
    private final int[] quadWords;
    /** Words and hits past the first Dispatch's reach (only a tile of 16 MiB with a halo has them). */
    private final int[] rest;
    private final int[] restHits;
    private final int cap;
    private final int budget;
    /** Candidate words held by the signatures that have not overflowed in this tile. */
    private int held;
    private final int[][] words;
    private final int[] counts;
    private final boolean[] overflowed;
    /**
     * Per signature: a candidate came after a larger one (several anchors, or a word-stride key whose gram
     * repeats in its run), so the list needs sorting.
     */
    private final boolean[] unsorted;

    CandidateFilter(int maxWords, int signatures, BufferAllocator allocator, ComputeShader shader,
            ComputeShader quadShader) {
        this.shader = shader;
        this.quadShader = quadShader;
        this.hits = RWBuffer.allocate(DxgiFormat.R32_UINT, Math.min(maxWords, MAX_WORDS_PER_DISPATCH), allocator);
        this.hitWords = new int[maxWords];
        this.quadWords = new int[maxWords];
        this.rest = new int[Math.max(0, maxWords - MAX_WORDS_PER_DISPATCH + 1)];
        this.restHits = new int[rest.length];
        this.cap = Math.max(64, maxWords / 8);
        this.budget = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(4L * maxWords, 64L * signatures));
        this.words = new int[signatures][];
        this.counts = new int[signatures];
        this.overflowed = new boolean[signatures];
        this.unsorted = new boolean[signatures];
        resources.setUnorderedAccessView(0, hits);
    }

    /**
     * Finds the candidate words of every anchored signature s with {@code offsets[s] > 0} in the loaded
     * tile: a quad-filter Dispatch when the table keys quads, a gram-filter Dispatch when it keys grams;
     * returns the number of filter Dispatches (0 to 2).
     */
    int run(AnchorTable table, TileData data, int[] offsets) {
        releaseIdleLists();
        Arrays.fill(counts, 0);
        Arrays.fill(overflowed, false);
        Arrays.fill(unsorted, false);
        held = 0;
        int wordCount = data.wordCount();
        if (wordCount == 0) {
            return 0;
        }
        int ran = 0;
        byte[] bytes = data.bytes();
        if (table.quads != null) {
            ran += dispatchFilter(quadShader, table.quads.keyView, data.words(ReferencePass.Kind.PLAIN), wordCount,
                    quadWords);
            followMarks(table, quadWords, wordCount, bytes, offsets, true);
        }
        if (table.hasGrams) {
            ran += dispatchFilter(shader, table.keyView, data.words(ReferencePass.Kind.PLAIN), wordCount, hitWords);
            followMarks(table, hitWords, wordCount, bytes, offsets, false);
        }
        for (int s = 0; s < counts.length; s++) {
            if (unsorted[s] && !overflowed[s]) {
                counts[s] = sortDistinct(words[s], counts[s]);
            }
        }
        return ran;
    }

    /** Follows a filter's marks of the tile's words: the quad filter's ({@code quads}) or the gram filter's. */
    private void followMarks(AnchorTable table, int[] marks, int wordCount, byte[] bytes, int[] offsets,
            boolean quads) {
        // Most words have no hit. Sixteen words' marks (four bits each, bit k of word x at tile byte 4x + k)
        // are packed into one long without a branch, so that one test skips them all and the bits of a long
        // are followed in order:
        //   packed bit 4i + k  =  bit k of marks[x + i]  =  tile byte 4x + 4i + k
        int x = 0;
        for (; x + 16 <= wordCount; x += 16) {
            long packed = pack(marks, x);
            if (packed != 0) {
                follow(table, 4 * x, packed, bytes, offsets, quads);
            }
        }
        for (; x < wordCount; x++) {
            follow(table, 4 * x, marks[x] & 0xFL, bytes, offsets, quads);
        }
    }

    private void follow(AnchorTable table, int first, long h, byte[] bytes, int[] offsets, boolean quads) {
        if (quads) {
            followQuads(table, first, h, bytes, offsets);
        } else {
            followHits(table, first, h, bytes, offsets);
        }
    }

    /**
     * Follows the quad hits {@code h}, bit j a marked quad at tile byte {@code first + j}: the entries of the
     * key equal to the tile's four bytes there (none when only its hash collided with a key's).
     */
    private void followQuads(AnchorTable table, int first, long h, byte[] bytes, int[] offsets) {
        QuadKeys quads = table.quads;
        while (h != 0) {
            int t = first + Long.numberOfTrailingZeros(h);
            h &= h - 1;
            int d = quads.find((int) INTS.get(bytes, t));
            if (d < 0) {
                continue;
            }
            for (int e = quads.start(d); e < quads.end(d); e++) {
                int a = quads.entryAnchor[e];
                check(table, a, t - quads.entryAt[e], bytes, offsets);
            }
        }
    }

    /**
     * Drops the lists the last tile used less than a quarter of (beyond the first 256 words), so that what the
     * lists keep between tiles stays within a few times the budget.
     */
    private void releaseIdleLists() {
        for (int s = 0; s < words.length; s++) {
            int[] list = words[s];
            if (list != null && list.length > 256 && (overflowed[s] || counts[s] < list.length / 4)) {
                words[s] = null;
            }
        }
    }

    /**
     * Fills {@code hitWords[0, wordCount)}: one Dispatch per 65535 groups (a tile's halo can take its words
     * past one Dispatch); a later one reads its words from a copy, since thread x reads word x and x + 1.
     */
    private int dispatchFilter(ComputeShader filter, TypedBuffer keyView, int[] tileWords, int wordCount,
            int[] marks) {
        resources.setShaderResource(1, keyView);
        int ran = 0;
        for (int base = 0; base < wordCount; base += MAX_WORDS_PER_DISPATCH) {
            int n = Math.min(MAX_WORDS_PER_DISPATCH, wordCount - base);
            TypedBuffer source;
            if (base == 0) {
                source = TypedBuffer.ofWords(DxgiFormat.R32_UINT, tileWords, wordCount);
            } else {
                int copied = Math.min(n + 1, wordCount - base);
                System.arraycopy(tileWords, base, rest, 0, copied);
                source = TypedBuffer.ofWords(DxgiFormat.R32_UINT, rest, copied);
            }
            resources.setShaderResource(0, source);
            device.dispatch(filter, resources, Dispatch.of((n + GramFilter.LANES - 1) / GramFilter.LANES));
            if (base == 0) {
                hits.readWords(0, marks, n);
            } else {
                hits.readWords(0, restHits, n);
                System.arraycopy(restHits, 0, marks, base, n);
            }
            ran++;
        }
        return ran;
    }

    /** Sixteen words' marks from {@code marks[x]}, four bits each, the first word's in the low bits. */
    private static long pack(int[] marks, int x) {
        long low = (marks[x] & 0xF) | (marks[x + 1] & 0xF) << 4 | (marks[x + 2] & 0xF) << 8
                | (marks[x + 3] & 0xF) << 12 | (marks[x + 4] & 0xF) << 16 | (marks[x + 5] & 0xF) << 20
                | (marks[x + 6] & 0xF) << 24 | (marks[x + 7] & 0xFL) << 28;
        long high = (marks[x + 8] & 0xF) | (marks[x + 9] & 0xF) << 4 | (marks[x + 10] & 0xF) << 8
                | (marks[x + 11] & 0xF) << 12 | (marks[x + 12] & 0xF) << 16 | (marks[x + 13] & 0xF) << 20
                | (marks[x + 14] & 0xF) << 24 | (marks[x + 15] & 0xFL) << 28;
        return low | high << 32;
    }

    /**
     * Follows the hits {@code h}, bit j a key gram at tile byte {@code first + j}: the entries of its bucket
     * that no neighbour test covers, then, when the bytes around the hit pass its gram's {@link
     * NeighbourBits}, the entries whose neighbour bytes are the hit's, found by binary search (all of the
     * others where the tile ends too close to read them).
     */
    private void followHits(AnchorTable table, int first, long h, byte[] bytes, int[] offsets) {
        while (h != 0) {
            int t = first + Long.numberOfTrailingZeros(h);
            h &= h - 1;
            int gram = (bytes[t] & 0xFF) | (bytes[t + 1] & 0xFF) << 8;
            int filtered = table.bucketFiltered[gram];
            for (int e = table.bucketStart[gram]; e < filtered; e++) {
                follow(table, e, t, bytes, offsets);
            }
            int end = table.bucketStart[gram + 1];
            int kinds = table.gramKinds[gram];
            if (filtered == end || !table.neighbours.passes(kinds, bytes, t)) {
                continue;
            }
            if (!NeighbourBits.inside(bytes, t)) {
                for (int e = filtered; e < end; e++) {
                    follow(table, e, t, bytes, offsets);
                }
                continue;
            }
            for (int kind = 0; kind < 4; kind++) {
                if ((kinds >>> kind & 1) != 0) {
                    long key = AnchorTable.neighbourKey(kind, NeighbourBits.bytesAt(kind, bytes, t));
                    for (int e = firstAtLeast(table.entryNeighbours, filtered, end, key);
                            e < end && table.entryNeighbours[e] == key; e++) {
                        follow(table, e, t, bytes, offsets);
                    }
                }
            }
        }
    }

    /** The first index in {@code [from, to)} of the ascending {@code keys} whose key is at least {@code key}. */
    private static int firstAtLeast(long[] keys, int from, int to, long key) {
        int low = from;
        int high = to;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (keys[middle] < key) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** Checks bucket entry {@code e} for the hit at tile byte {@code t}: its anchor at offset t − bucketAt[e]. */
    private void follow(AnchorTable table, int e, int t, byte[] bytes, int[] offsets) {
        int s = table.entrySignature[e];
        int o = t - table.bucketAt[e];
        if (o < 0 || o >= offsets[s] || overflowed[s]) {
            return;
        }
        int a = table.bucketAnchors[e];
        long data = (long) LONGS.get(bytes, t + table.entryWindow[e]) & table.mask[a];
        accept(table, a, s, o, data);
    }

    /** Checks anchor {@code a} at signature offset {@code o} of the tile (a quad hit's anchor). */
    private void check(AnchorTable table, int a, int o, byte[] bytes, int[] offsets) {
        int s = table.signature[a];
        if (o < 0 || o >= offsets[s] || overflowed[s]) {
            return;
        }
        long data = (long) LONGS.get(bytes, o + table.windowAt[a]) & table.mask[a];
        accept(table, a, s, o, data);
    }

    /** Adds candidate offset {@code o} of signature {@code s} when anchor {@code a}'s window bytes {@code data} pass. */
    private void accept(AnchorTable table, int a, int s, int o, long data) {
        int tolerance = table.tolerance[a];
        if (tolerance == 0 ? data != table.maskedValue[a] : sad(data, table.maskedValue[a]) > tolerance) {
            return;
        }
        add(s, o >>> 2);
    }

    /**
     * Σ over the eight bytes of |a − b|, without a branch: the bytes are spread into 16-bit lanes (even and
     * odd bytes apart), where 256 + a − b cannot borrow from the next lane.
     * <pre>
     *   lane = 256 + a − b ∈ [1, 511]    low byte d = (a − b) mod 256,  bit 8 set ⇔ a ≥ b
     *   |a − b| = a ≥ b ? d : 256 − d    four lanes summed by one multiply: ≤ 4 · 255 each half
     * </pre>
     */
    static int sad(long a, long b) {
        return (int) ((absLanes(a & EVEN_BYTES, b & EVEN_BYTES) + absLanes((a >>> 8) & EVEN_BYTES,
                (b >>> 8) & EVEN_BYTES)) * LANE_ONES >>> 48);
    }

    private static final long EVEN_BYTES = 0x00FF_00FF_00FF_00FFL;
    private static final long LANE_256 = 0x0100_0100_0100_0100L;
    private static final long LANE_ONES = 0x0001_0001_0001_0001L;

    /** |x − y| per 16-bit lane, for lanes holding 0..255. */
    private static long absLanes(long x, long y) {
        long lanes = (x | LANE_256) - y;
        long d = lanes & EVEN_BYTES;
        long atLeast = ((lanes >>> 8) & LANE_ONES) * 0xFFFF;
        return (d & atLeast) | ((LANE_256 - d) & ~atLeast);
    }

    private void add(int s, int word) {
        int n = counts[s];
        int[] list = words[s];
        if (n > 0 && list[n - 1] >= word) {
            if (list[n - 1] == word) {
                return;
            }
            unsorted[s] = true;
        }
        if (n == cap || held == budget) {
            overflowed[s] = true;
            held -= n;
            return;
        }
        if (list == null || n == list.length) {
            list = list == null ? new int[256] : Arrays.copyOf(list, Math.min(cap, 2 * list.length));
            words[s] = list;
        }
        list[n] = word;
        counts[s] = n + 1;
        held++;
    }

    private static int sortDistinct(int[] list, int n) {
        Arrays.sort(list, 0, n);
        int kept = 1;
        for (int i = 1; i < n; i++) {
            if (list[i] != list[kept - 1]) {
                list[kept++] = list[i];
            }
        }
        return kept;
    }

    /** Candidate words of signature {@code s} from the last run, ascending; valid up to {@link #count}. */
    int[] words(int s) {
        return words[s];
    }

    int count(int s) {
        return counts[s];
    }

    /** True when signature {@code s} had more candidates than pay to gather in the last run. */
    boolean overflowed(int s) {
        return overflowed[s];
    }

    @Override
    public void close() {
        hits.close();
    }
}
