package org.imbrex.kernels.shaders;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link SeaSelect}'s scans of a block's bounds in 32-bit vector lanes (the JDK's vector API): a register holds
 * the four components of two candidate lanes (of one at 128 bits). Bounds are compared as uint, as the HLSL
 * compares them: each word with its top bit flipped, so that a signed minimum or comparison is the unsigned
 * one, and NO_SCORE (0xFFFFFFFF) is the largest. Loading this class needs the module {@code
 * jdk.incubator.vector}.
 * <pre>
 *   words   [ c.x c.y c.z c.w | c+1.x c+1.y c+1.z c+1.w ] [ c+2 ... | c+3 ... ] ...    4 · CANDIDATES of a block
 *   lowest        min over every register, then over its lanes       → the block's lowest bound
 *   anyAtMost     a word ≤ SAD_BEST in the register                  → its lanes are worth the exact test
 * </pre>
 * Example: for the words {@code 9 4 7 -1 | 5 5 8 6} of lanes 0 and 1, {@code lowest} is 4, {@code
 * firstHolding(…, 4)} is lane 0, {@code anyAtMost(…, 5)} is true (words 1, 4 and 5) and {@code anyAtMost(…,
 * 3)} false: neither lane needs the exact test.
 */
final class SeaSelectLanes {
    /** At most 256 bits, the shape of {@link CoarseRowShorts}' ints, so that C2 sees one class of IntVector. */
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, VectorShape.forBitSize(
            Math.min(256, IntVector.SPECIES_PREFERRED.vectorBitSize())));
    /** Candidate lanes per register: four words each. */
    static final int LANES = INTS.length() / 4;

    private SeaSelectLanes() {
    }

    /** The lowest of {@code words[e, e + 4 · lanes)} as uint. */
    static int lowest(int[] words, int e, int lanes) {
        int n = 4 * lanes;
        int i = 0;
        int low = Integer.MAX_VALUE;
        if (e >= 0 && (long) e + n <= words.length) {
            IntVector min = IntVector.broadcast(INTS, Integer.MAX_VALUE);
            for (; i <= n - INTS.length(); i += INTS.length()) {
                min = min.min(IntVector.fromArray(INTS, words, e + i).lanewise(VectorOperators.XOR, Integer.MIN_VALUE));
            }
            low = min.reduceLanes(VectorOperators.MIN);
        }
        for (; i < n; i++) {
            low = Math.min(low, words[e + i] ^ Integer.MIN_VALUE);
        }
        return low ^ Integer.MIN_VALUE;
    }

    /** The first lane of {@code words[e, e + 4 · lanes)} with a component equal to {@code value}, or −1. */
    static int firstHolding(int[] words, int e, int lanes, int value) {
        int n = 4 * lanes;
        int i = 0;
        if (e >= 0 && (long) e + n <= words.length) {
            // the register that holds it, then its words one by one
            while (i <= n - INTS.length() && !IntVector.fromArray(INTS, words, e + i).eq(value).anyTrue()) {
                i += INTS.length();
            }
        }
        for (; i < n; i++) {
            if (words[e + i] == value) {
                return i / 4;
            }
        }
        return -1;
    }

    /**
     * Whether a word of lanes {@code [c, c + LANES)}, from word {@code e}, is at most {@code sadBest} as uint (all
     * within the array: the caller checks). One test of the mask ({@code anyTrue}), which C2 compiles to an
     * instruction on Java 17, where it calls {@code toLong} and {@code firstTrue} through Java code.
     */
    static boolean anyAtMost(int[] words, int e, int sadBest) {
        return IntVector.fromArray(INTS, words, e).lanewise(VectorOperators.XOR, Integer.MIN_VALUE)
                .compare(VectorOperators.LE, sadBest ^ Integer.MIN_VALUE).anyTrue();
    }
}
