package org.imbrex.kernels.shaders;

import java.util.Arrays;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * The msad4 block-matching loop of {@link BlockMatchLanes} for one candidate lane at a time, in 16-bit vector
 * lanes (the JDK's vector API, 512-bit registers, or 256-bit ones where the machine has no wider, as with
 * AVX2): what a gather's lanes, a few per block and rarely neighbours, run in the vector form. Loading this
 * class needs the module {@code jdk.incubator.vector}.
 *
 * <p>Lane c reads source word {@code w = prevWord(c)} at row 0; component k of its accum is the SAD of the
 * block against the source bytes that start k bytes into word w. A block row is cut into chunks of half a
 * register (16 pixels in 512-bit registers of 32 shorts, 8 in 256-bit ones of 16); a chunk's source is the
 * register's worth of bytes from word w + chunk·CHUNK/4 on, and each component compares it with the chunk's
 * reference bytes moved k lanes up; register lanes k .. k + CHUNK − 1 are component k's terms, the others are
 * left out when the sums are read (512-bit registers drawn):
 * <pre>
 *   lane i      0   1   2   3   4  …  17  18  19 … 31
 *   src         b0  b1  b2  b3  b4 …  b17 b18 b19   b31        words w .. w + 7 of row r
 *   ref, k = 2  ·   ·   r0  r1  r2 …  r15 ·   ·     ·          padded row read from offset 4 − k
 *   keep, k = 2 0   0   m0  m1  m2 …  m15 0   0     0          only where the block has a 0 byte:
 *                                                              m_j = 0 where r_j = 0 (msad4 skips it)
 *   accum.z     = Σ over rows of Σ_(i = 2 .. 17) |src_i − ref_i| (& keep_i)  = Σ_j |r_j − b_(j+2)|
 * </pre>
 * Each register lane's sum stays in 16 bits (a band's rows × chunks × 255), and so does the band's total,
 * which {@link #takes} requires (BLOCK · BAND_ROWS · 255 ≤ 65,535, as {@code MotionPlan}'s bands are): the
 * sum of the register is then the exact band sum that the HLSL adds in 32 bits. Example: B = 16, one band
 * of 16 rows: per row one 8-word load widened to 32 shorts, then four differences and adds (with 256-bit
 * registers: two 4-word loads widened to 16 shorts, each followed by four differences and adds).
 */
final class BlockMatchLaneVector {
    /** The widest registers of 16-bit lanes this machine runs as such, 512 or 256 bits (see {@link #takes}). */
    private static final VectorSpecies<Short> SHORTS =
            ShortVector.SPECIES_PREFERRED.vectorBitSize() >= 512 ? ShortVector.SPECIES_512 : ShortVector.SPECIES_256;
    /** The source words one register of shorts widens, a byte per lane: half its bits. */
    private static final VectorSpecies<Integer> WORDS =
            VectorSpecies.of(int.class, VectorShape.forBitSize(SHORTS.vectorBitSize() / 2));
    private static final int L = SHORTS.length();
    /** Reference pixels a chunk compares: half a register, so that its CHUNK + 3 source bytes fit in one. */
    private static final int CHUNK = L / 2;
    /** A padded chunk: 4 lanes of 0 below its 16 references, and zeros above up to a whole register read. */
    private static final int PAD = 4;
    private static final int STRIDE = PAD + L;
    /** All ones in the lanes of a chunk, 0 above. */
    private static final short[] CHUNK_LANES = new short[L];
    /** The widest block this form takes. */
    static final int MAX_BLOCK = 64;

    static {
        Arrays.fill(CHUNK_LANES, 0, CHUNK, (short) -1);
    }

    private final short[] ref = new short[MAX_BLOCK * (MAX_BLOCK / CHUNK) * STRIDE];
    private final short[] keep = new short[MAX_BLOCK * (MAX_BLOCK / CHUNK) * STRIDE];
    private final short[] sums = new short[4 * L];
    private int block;
    /** Whether a reference byte of the block is 0, so that its differences must be masked (msad4 skips it). */
    private boolean masked;

    /**
     * Whether this form takes blocks of {@code block} pixels in bands of {@code bandRows} rows: 16, 32 or 64
     * pixels, band sums below 65,536, and a machine whose vector unit has registers of 256 bits or more.
     */
    static boolean takes(int block, int bands, int bandRows) {
        return (block == 16 || block == 32 || block == MAX_BLOCK) && bands >= 1 && bandRows >= 1
                && (long) bands * bandRows <= block && (long) block * bandRows * 255 <= 0xFFFF
                && ShortVector.SPECIES_PREFERRED.vectorBitSize() >= SHORTS.vectorBitSize() && block % CHUNK == 0;
    }

    /**
     * Whether every register load of {@link #prepare} (the block's rows from word {@code curWord} of an array of
     * {@code curWords}) and of {@link #band} (lanes whose source starts at word {@code highestSrcWord} at most,
     * in an array of {@code prevWords}) lies inside its array: a chunk's load reads L/4 words, more than the
     * chunk's own CHUNK/4 + 1. A block whose loads would run past the end (the frame's last words) is left to
     * the scalar lanes, so that the loads here never take a path of their own for it, which the JIT would
     * compile only when it first came, throwing the compiled loop away (a motion job met it once per run).
     */
    static boolean loadsFit(int curWord, int curWords, int highestSrcWord, int prevWords, int pitch, int rows,
            int block) {
        long last = (long) (rows - 1) * pitch + (long) (block / CHUNK - 1) * (CHUNK / 4) + WORDS.length();
        return curWord >= 0 && highestSrcWord >= 0 && curWord + last <= curWords && highestSrcWord + last <= prevWords;
    }

    /**
     * Reads the block's reference rows {@code 0 .. rows − 1} ({@code cur[curWord + r·pitch + k]}, k < B/4) into
     * padded chunks, with the masks of their non-zero bytes where one is 0: call once per block, before its
     * lanes.
     */
    void prepare(int[] cur, int curWord, int pitch, int rows, int block) {
        this.block = block;
        int chunks = block / CHUNK;
        int zeroBytes = 0;
        for (int r = 0; r < rows; r++) {
            for (int k = 0; k < block / 4; k++) {
                int word = cur[curWord + r * pitch + k];
                zeroBytes |= (word - 0x01010101) & ~word; // bit 7 of a byte set for the lowest 0 byte of a word
            }
        }
        masked = (zeroBytes & 0x80808080) != 0;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < chunks; c++) {
                int at = (r * chunks + c) * STRIDE + PAD;
                // a register of bytes, of which the chunk is the first half: the same species as band(), since
                // vector code compiles to registers only where each call site sees one
                ShortVector bytes = source(cur, curWord + r * pitch + c * CHUNK / 4);
                bytes.intoArray(ref, at);
                if (masked) {
                    // 0 where the byte is 0 (msad4 leaves it out) and above the chunk, all ones elsewhere
                    ShortVector.zero(SHORTS).sub(bytes.min((short) 1))
                            .and(ShortVector.fromArray(SHORTS, CHUNK_LANES, 0)).intoArray(keep, at);
                }
            }
        }
    }

    /**
     * One band's accum (rows {@code rowStart .. rowEnd − 1} of the prepared ones) for the lane whose source
     * row 0 starts at word {@code srcWord} of {@code prev}: {@code out[0..3]} = components x, y, z, w.
     * Every register load must lie in {@code prev} ({@link #loadsFit}).
     */
    void band(int[] prev, int srcWord, int pitch, int rowStart, int rowEnd, int[] out) {
        int chunks = block / CHUNK;
        // the four sums live in an array, not in loop-carried vectors: a vector that a loop carries stays in a
        // register only while C2 knows its exact class, which it stops knowing once the JVM has run other
        // shapes of short vectors (the dense shader's), and then every add allocates
        Arrays.fill(sums, (short) 0);
        int shift = Integer.numberOfTrailingZeros(chunks);
        if (masked) {
            for (int i = rowStart << shift; i < rowEnd << shift; i++) {
                ShortVector bytes = source(prev, srcWord + (i >>> shift) * pitch + (i & (chunks - 1)) * CHUNK / 4);
                int at = i * STRIDE + PAD;
                add(0, difference(bytes, at).and(ShortVector.fromArray(SHORTS, keep, at)));
                add(L, difference(bytes, at - 1).and(ShortVector.fromArray(SHORTS, keep, at - 1)));
                add(2 * L, difference(bytes, at - 2).and(ShortVector.fromArray(SHORTS, keep, at - 2)));
                add(3 * L, difference(bytes, at - 3).and(ShortVector.fromArray(SHORTS, keep, at - 3)));
            }
        } else {
            // no reference byte is 0: lanes outside component k's 16 add differences too, and are left out below
            for (int i = rowStart << shift; i < rowEnd << shift; i++) {
                ShortVector bytes = source(prev, srcWord + (i >>> shift) * pitch + (i & (chunks - 1)) * CHUNK / 4);
                int at = i * STRIDE + PAD;
                add(0, difference(bytes, at));
                add(L, difference(bytes, at - 1));
                add(2 * L, difference(bytes, at - 2));
                add(3 * L, difference(bytes, at - 3));
            }
        }
        // component k: register lanes k .. k + CHUNK - 1 (the chunk's references moved up by k)
        for (int k = 0; k < 4; k++) {
            int sum = 0;
            for (int i = k * L + k; i < k * L + k + CHUNK; i++) {
                sum += sums[i] & 0xFFFF;
            }
            out[k] = sum;
        }
    }

    private void add(int at, ShortVector terms) {
        ShortVector.fromArray(SHORTS, sums, at).add(terms).intoArray(sums, at);
    }

    /** {@code |src − ref|} with the padded reference chunk read from {@code at}. */
    private ShortVector difference(ShortVector bytes, int at) {
        return bytes.sub(ShortVector.fromArray(SHORTS, ref, at)).abs();
    }

    /**
     * The bytes of words {@code [first, first + L/4)} as shorts (L = the register's lanes), byte 0 of word
     * {@code first} in lane 0; the words lie in the array ({@link #loadsFit}).
     */
    private static ShortVector source(int[] words, int first) {
        return ((ShortVector) IntVector.fromArray(WORDS, words, first).reinterpretAsBytes()
                .convertShape(VectorOperators.B2S, SHORTS, 0)).and((short) 0xFF);
    }
}
