package org.imbrex.kernels.shaders;

import java.util.Arrays;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;
import org.imbrex.kernels.resource.TypedBuffer;

/**
 * The msad4 block-matching loop of {@link BlockMatchLanes} for one candidate lane at a time, in 16-bit vector
 * lanes (the JDK's vector API, registers of 16 shorts), reading the Dispatch's two luma buffers unpacked to a
 * short per pixel: what a gather's lanes, a few per block and rarely neighbours, run in the vector form.
 * Loading this class needs the module {@code jdk.incubator.vector}.
 *
 * <p>A Dispatch reads its views as they were when it was issued, so t0 and t1 are unpacked at most once per
 * Dispatch ({@link #dispatchStarts()}, then at the first lane), and an immutable view only once while it is
 * one of the last two unpacked; every lane reads the planes: byte n of the words is pixel n of a plane.
 * Component k of lane c is the block against the source pixels that start k pixels after its first, one
 * unaligned load of 16 pixels per block row and chunk:
 * <pre>
 *   plane t1    … p0 p1 p2 p3 p4 … p18 …            x = 4 · srcWord (+ 4 · PITCH per row)
 *   k = 0         [p0 ............ p15]             |p − r| summed per register lane, rows after rows
 *   k = 2               [p2 ............ p17]
 *   plane t0      [r0 ............ r15]             the block's row (chunk j: pixels 16j .. 16j + 15)
 *   accum.z     = Σ rows Σ chunks Σ lanes |p_(i+2) − r_i|  (& keep_i: 0 where r_i = 0, msad4 skips it)
 * </pre>
 * A band's sum, and so each register lane's, stays below 65,536 ({@link #takes}): the lanes are added as
 * shorts and the total read back unsigned. Example: B = 16, a band of 16 rows: per row one load of the block
 * and four of the source, four differences and four adds; the four components of four rows go to memory
 * once.
 */
final class BlockMatchPlaneVector {
    private static final VectorSpecies<Short> SHORTS = ShortVector.SPECIES_256;
    private static final int L = 16;
    /** Lanes 8-15. */
    private static final VectorMask<Short> HIGH_HALF = VectorMask.fromLong(SHORTS, 0xFF00L);
    /** Lanes 4-7 and 12-15. */
    private static final VectorMask<Short> ODD_QUARTERS = VectorMask.fromLong(SHORTS, 0xF0F0L);
    private static final VectorShuffle<Short> SWAP_8 = VectorShuffle.fromOp(SHORTS, i -> i ^ 8);
    private static final VectorShuffle<Short> SWAP_4 = VectorShuffle.fromOp(SHORTS, i -> i ^ 4);
    private static final VectorShuffle<Short> SWAP_2 = VectorShuffle.fromOp(SHORTS, i -> i ^ 2);
    private static final VectorShuffle<Short> SWAP_1 = VectorShuffle.fromOp(SHORTS, i -> i ^ 1);
    /** The widest block this form takes. */
    static final int MAX_BLOCK = 64;

    /** Two planes, each with the view it was unpacked from, and whether that was in the running Dispatch. */
    private final TypedBuffer[] slotView = new TypedBuffer[2];
    private final short[][] slotPlane = {new short[0], new short[0]};
    /** Whether a byte of the slot's view is 0: where none is, no block of it needs its differences masked. */
    private final boolean[] slotZeros = new boolean[2];
    private final boolean[] slotThisDispatch = new boolean[2];
    private int unpacked;
    /** The views the planes below were taken from, and whether in the running Dispatch. */
    private TypedBuffer syncedCur;
    private TypedBuffer syncedPrev;
    private boolean syncedThisDispatch;
    private short[] curPlane;
    private boolean curZeros;
    private short[] prevPlane;
    private int[] curWords;
    private final short[] sums = new short[4 * L];
    /** The four components' sums, each in the four lanes of its group ({@link #laneSums}). */
    private final short[] totals = new short[L];
    /** Per pixel of the prepared block, row after row: all ones, or 0 where the reference is 0. */
    private final short[] keep = new short[MAX_BLOCK * MAX_BLOCK];
    private int block;
    private int curPixel;
    private int pitchPixels;
    /** Whether a reference pixel of the block is 0, so that its differences must be masked (msad4 skips it). */
    private boolean masked;

    /**
     * Whether this form takes blocks of {@code block} pixels in bands of {@code bandRows} rows: a multiple of
     * 16 up to 64, band sums below 65,536 (as {@code MotionPlan}'s bands are), and a machine whose vector unit
     * has registers of 256 bits or more.
     */
    static boolean takes(int block, int bands, int bandRows) {
        return block >= L && block <= MAX_BLOCK && block % L == 0 && bands >= 1 && bandRows >= 1
                && (long) bands * bandRows <= block && (long) block * bandRows * 255 <= 0xFFFF
                && ShortVector.SPECIES_PREFERRED.vectorBitSize() >= SHORTS.vectorBitSize();
    }

    /** A new Dispatch: the planes of views that are not immutable are unpacked again before its first lane. */
    void dispatchStarts() {
        slotThisDispatch[0] = false;
        slotThisDispatch[1] = false;
        syncedThisDispatch = false;
    }

    /**
     * The planes of t0 and t1 (word views): kept where this Dispatch unpacked the same view already, or where it
     * is the same immutable view ({@link TypedBuffer#immutableWords}) as before, whose words cannot have
     * changed: frame n's plane is t0 of one pair and t1 of the next. After a Dispatch's first lane the views
     * are the same (nothing rebinds them while it runs): one comparison, and the choice of slots stays out of
     * the lanes' compiled code, where its branches, taken one way in one frame and the other way in the next,
     * made C2 compile the lanes again.
     */
    void sync(TypedBuffer cur, TypedBuffer prev) {
        if (!syncedThisDispatch || cur != syncedCur || prev != syncedPrev) {
            resync(cur, prev);
        }
    }

    private void resync(TypedBuffer cur, TypedBuffer prev) {
        int c = slotOf(cur);
        int p = slotOf(prev);
        if (c < 0) {
            c = p == 0 ? 1 : 0;
            unpackInto(c, cur);
        }
        if (p < 0) {
            p = c == 0 ? 1 : 0;
            unpackInto(p, prev);
        }
        curPlane = slotPlane[c];
        curZeros = slotZeros[c];
        prevPlane = slotPlane[p];
        curWords = cur.words();
        syncedCur = cur;
        syncedPrev = prev;
        syncedThisDispatch = true;
    }

    /** How many views this instance has unpacked so far. */
    int unpacked() {
        return unpacked;
    }

    private int slotOf(TypedBuffer view) {
        for (int s = 0; s < 2; s++) {
            if (slotView[s] == view && (slotThisDispatch[s] || view.isImmutable())) {
                slotThisDispatch[s] = true;
                return s;
            }
        }
        return -1;
    }

    private void unpackInto(int slot, TypedBuffer view) {
        int count = view.numElements();
        short[] plane = slotPlane[slot].length >= 4 * count ? slotPlane[slot] : new short[4 * count];
        slotZeros[slot] = ShortPlane.unpack(view.words(), count, plane, true);
        slotPlane[slot] = plane;
        slotView[slot] = view;
        slotThisDispatch[slot] = true;
        unpacked++;
    }

    /**
     * The block whose row 0 starts at word {@code curWord} of t0, {@code rows} rows of {@code block} pixels a
     * {@code pitch} words apart: call once per block, after {@link #sync} and before its lanes.
     */
    void prepare(int curWord, int pitch, int rows, int block) {
        this.block = block;
        this.curPixel = 4 * curWord;
        this.pitchPixels = 4 * pitch;
        masked = false;
        if (!curZeros) {
            return; // no pixel of t0 is 0
        }
        int zeroBytes = 0;
        for (int r = 0; r < rows; r++) {
            for (int k = 0; k < block / 4; k++) {
                int word = curWords[curWord + r * pitch + k];
                zeroBytes |= ShortPlane.zeroByteBits(word);
            }
        }
        masked = (zeroBytes & 0x80808080) != 0;
        if (masked) {
            for (int r = 0; r < rows; r++) {
                for (int j = 0; j < block; j += L) {
                    // 0 where the pixel is 0 (msad4 leaves it out), all ones elsewhere
                    ShortVector.zero(SHORTS).sub(ShortVector.fromArray(SHORTS, curPlane, curPixel + r * pitchPixels + j)
                            .min((short) 1)).intoArray(keep, r * block + j);
                }
            }
        }
    }

    /**
     * One band's accum (rows {@code rowStart .. rowEnd − 1} of the prepared block) for the lane whose source row
     * 0 starts at word {@code srcWord} of t1: {@code out[0..3]} = components x, y, z, w. Every load lies within
     * the words msad4 reads for the lane (the caller checks those are in t1).
     */
    void band(int srcWord, int rowStart, int rowEnd, int[] out) {
        // the sums live in an array, not in loop-carried vectors: a vector that a loop carries stays in a
        // register only while C2 knows its exact class; the vectors of four rows stay within one iteration
        Arrays.fill(sums, (short) 0);
        int src = 4 * srcWord;
        for (int j = 0; j < block; j += L) {
            int r = rowStart;
            for (; r + 4 <= rowEnd; r += 4) {
                int c = curPixel + r * pitchPixels + j;
                int p = src + r * pitchPixels + j;
                if (masked) {
                    fourRowsMasked(c, p, r * block + j);
                } else {
                    fourRows(c, p);
                }
            }
            for (; r < rowEnd; r++) {
                int c = curPixel + r * pitchPixels + j;
                int p = src + r * pitchPixels + j;
                ShortVector ref = ShortVector.fromArray(SHORTS, curPlane, c);
                ShortVector keepRow = masked ? ShortVector.fromArray(SHORTS, keep, r * block + j) : null;
                for (int k = 0; k < 4; k++) {
                    ShortVector d = difference(p + k, ref);
                    ShortVector.fromArray(SHORTS, sums, k * L).add(masked ? d.and(keepRow) : d).intoArray(sums, k * L);
                }
            }
        }
        laneSums(out);
    }

    /**
     * The band's sums of the four components from their 16 register lanes each, reduced together: halves of
     * two vectors added in one, then quarters of that, then pairs and neighbours within each group of four
     * lanes. Added as shorts, modulo 2^16, which is the exact sum because a band's is at most B · BAND_ROWS ·
     * 255 ≤ 65,535 ({@link #takes}).
     * <pre>
     *   s0 s1 (16 lanes each)   lanes 0-7: s0[i] + s0[i+8]    lanes 8-15: s1[i] + s1[i−8]    (s2 s3 alike)
     *   w01 w23                 lanes 0-3: s0 · 4-7: s2 · 8-11: s1 · 12-15: s3, each lane 4 of its lanes
     *   + lane ^ 2, + lane ^ 1  each lane of a group of four holds its component's sum: out = lanes 0, 8, 4, 12
     * </pre>
     */
    private void laneSums(int[] out) {
        ShortVector s0 = ShortVector.fromArray(SHORTS, sums, 0);
        ShortVector s1 = ShortVector.fromArray(SHORTS, sums, L);
        ShortVector s2 = ShortVector.fromArray(SHORTS, sums, 2 * L);
        ShortVector s3 = ShortVector.fromArray(SHORTS, sums, 3 * L);
        ShortVector w01 = s0.blend(s1, HIGH_HALF).add(s1.blend(s0, HIGH_HALF).rearrange(SWAP_8));
        ShortVector w23 = s2.blend(s3, HIGH_HALF).add(s3.blend(s2, HIGH_HALF).rearrange(SWAP_8));
        ShortVector v = w01.blend(w23, ODD_QUARTERS).add(w23.blend(w01, ODD_QUARTERS).rearrange(SWAP_4));
        v = v.add(v.rearrange(SWAP_2));
        v.add(v.rearrange(SWAP_1)).intoArray(totals, 0);
        out[0] = totals[0] & 0xFFFF;
        out[1] = totals[8] & 0xFFFF;
        out[2] = totals[4] & 0xFFFF;
        out[3] = totals[12] & 0xFFFF;
    }

    /** Four rows of one chunk, the block's rows from pixel {@code c} of t0, the source's from {@code p} of t1. */
    private void fourRows(int c, int p) {
        int pitch = pitchPixels;
        ShortVector r0 = ShortVector.fromArray(SHORTS, curPlane, c);
        ShortVector r1 = ShortVector.fromArray(SHORTS, curPlane, c + pitch);
        ShortVector r2 = ShortVector.fromArray(SHORTS, curPlane, c + 2 * pitch);
        ShortVector r3 = ShortVector.fromArray(SHORTS, curPlane, c + 3 * pitch);
        for (int k = 0; k < 4; k++) {
            int q = p + k;
            ShortVector.fromArray(SHORTS, sums, k * L).add(difference(q, r0)).add(difference(q + pitch, r1))
                    .add(difference(q + 2 * pitch, r2)).add(difference(q + 3 * pitch, r3)).intoArray(sums, k * L);
        }
    }

    /** {@link #fourRows} where the block has a 0 pixel: each difference masked by the pixel's keep. */
    private void fourRowsMasked(int c, int p, int keepAt) {
        int pitch = pitchPixels;
        ShortVector r0 = ShortVector.fromArray(SHORTS, curPlane, c);
        ShortVector r1 = ShortVector.fromArray(SHORTS, curPlane, c + pitch);
        ShortVector r2 = ShortVector.fromArray(SHORTS, curPlane, c + 2 * pitch);
        ShortVector r3 = ShortVector.fromArray(SHORTS, curPlane, c + 3 * pitch);
        ShortVector m0 = ShortVector.fromArray(SHORTS, keep, keepAt);
        ShortVector m1 = ShortVector.fromArray(SHORTS, keep, keepAt + block);
        ShortVector m2 = ShortVector.fromArray(SHORTS, keep, keepAt + 2 * block);
        ShortVector m3 = ShortVector.fromArray(SHORTS, keep, keepAt + 3 * block);
        for (int k = 0; k < 4; k++) {
            int q = p + k;
            ShortVector.fromArray(SHORTS, sums, k * L).add(difference(q, r0).and(m0))
                    .add(difference(q + pitch, r1).and(m1)).add(difference(q + 2 * pitch, r2).and(m2))
                    .add(difference(q + 3 * pitch, r3).and(m3)).intoArray(sums, k * L);
        }
    }

    /** {@code |src − ref|} with 16 source pixels from pixel {@code at} of t1. */
    private ShortVector difference(int at, ShortVector ref) {
        return ShortVector.fromArray(SHORTS, prevPlane, at).sub(ref).abs();
    }
}
