package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SumBound} against a plain oracle of {@code SumBound.hlsl}, and the bound it computes against the
 * SAD it must never exceed where the window lies in the tile: prefix sums of random tiles, runs of random
 * signatures, windows past the tile (loads read 0, spec §3), runs past {@code buf_runs}, and a UAV smaller
 * than the Dispatch.
 */
class SumBoundTest {

    @Test
    void sumBound_docsExample_isTheDifferenceOfTheRunSums() {
        int[] prefix = prefix(new byte[] {0x4C, 0x5A, 0x11, 0x22});
        int[] runs = {0, 2, 0x4D + 0x5A};
        int[] words = ShaderRun.sumBound(new SumBound(), prefix, runs, 1, new int[] {0}, 1, 1);
        // offset 0: 4C 5A → |166 − 167| = 1; offset 1: 5A 11 → |107 − 167| = 60; 2: 11 22 → |51 − 167| = 116;
        // offset 3 reads P[5], past buf_prefix: 0, so |0 − P[3] − 167| = |−183 − 167| = 350 (the search only
        // asks for offsets whose window lies in the tile)
        assertThat(words).containsExactly(1, 60, 116, 350);
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {1, 63, 64, 65, 300, 2000})
    void sumBound_randomTilesAndSignatures_matchesTheOracleAndNeverExceedsTheSad(int length) {
        Random random = new Random(length);
        for (int trial = 0; trial < 5; trial++) {
            byte[] tile = new byte[length];
            random.nextBytes(tile);
            int[] signature = new int[1 + random.nextInt(40)];
            for (int j = 0; j < signature.length; j++) {
                signature[j] = random.nextInt(5) == 0 ? -1 : random.nextInt(256);     // −1: a wildcard
            }
            int[] runs = runs(signature);
            int candidates = 1 + random.nextInt(200);
            int[] at = new int[candidates];
            for (int x = 0; x < candidates; x++) {
                at[x] = random.nextInt((length + 3) / 4 + 3);
            }
            int groups = (candidates + 63) / 64;
            int[] prefix = prefix(tile);
            int[] words = ShaderRun.sumBound(new SumBound(), prefix, runs, runs.length / 3, at, groups, candidates);
            assertThat(words).isEqualTo(oracle(prefix, runs, runs.length / 3, at, candidates));
            for (int x = 0; x < candidates; x++) {
                for (int k = 0; k < 4; k++) {
                    int o = 4 * at[x] + k;
                    if (o + signature.length <= tile.length) {
                        assertThat(words[4 * x + k]).isLessThanOrEqualTo(sad(signature, tile, o));
                    }
                }
            }
        }
    }

    /**
     * Candidates that repeat a word, and a UAV as large as the Dispatch, so that the threads past {@code buf_at}
     * (all reading at = 0) store their bounds too: lanes that share offsets must each still write them.
     */
    @ParameterizedTest(name = "{0} candidates")
    @ValueSource(ints = {1, 2, 3, 64, 70})
    void sumBound_repeatedWordsAndThreadsPastBufAt_matchTheOracle(int candidates) {
        Random random = new Random(500 + candidates);
        for (int trial = 0; trial < 5; trial++) {
            byte[] tile = new byte[1 + random.nextInt(600)];
            random.nextBytes(tile);
            int[] signature = new int[1 + random.nextInt(20)];
            for (int j = 0; j < signature.length; j++) {
                signature[j] = random.nextInt(5) == 0 ? -1 : random.nextInt(256);
            }
            int[] runs = runs(signature);
            int[] at = new int[candidates];
            for (int x = 0; x < candidates; x++) {
                at[x] = x > 0 && random.nextBoolean() ? at[x - 1] : random.nextInt(tile.length / 4 + 3);
            }
            int groups = (candidates + 63) / 64 + 1;
            int elements = 64 * groups;
            int[] prefix = prefix(tile);
            int[] words = ShaderRun.sumBound(new SumBound(), prefix, runs, runs.length / 3, at, groups, elements);
            assertThat(words).isEqualTo(oracle(prefix, runs, runs.length / 3, at, elements));
            int[] atZero = oracle(prefix, runs, runs.length / 3, new int[] {0}, 1);
            assertThat(java.util.Arrays.copyOfRange(words, 4 * (elements - 1), 4 * elements)).isEqualTo(atZero);
        }
    }

    @Test
    void sumBound_runsPastTheirBuffer_readZero() {
        int[] prefix = prefix(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        int[] runs = {0, 1, 9, 2};                       // run 1 has only its first word: end and sum read 0
        int[] words = ShaderRun.sumBound(new SumBound(), prefix, runs, 3, new int[] {1}, 1, 1);
        assertThat(words).isEqualTo(oracle(prefix, runs, 3, new int[] {1}, 1));
    }

    @Test
    void sumBound_runPositionsPastTwoToThe31_wrapAsUintAndReadZero() {
        int[] prefix = prefix(new byte[64]);
        int[] runs = {0x8000_0000, 0xFFFF_FFFF, 5, 0, 3, 7};
        int[] at = {0, 1, 15, 16, -1};
        int[] words = ShaderRun.sumBound(new SumBound(), prefix, runs, 2, at, 1, at.length);
        assertThat(words).isEqualTo(oracle(prefix, runs, 2, at, at.length));
    }

    /** Runs of up to 4 consecutive literal positions, as the search cuts them. */
    private static int[] runs(int[] signature) {
        java.util.List<Integer> runs = new java.util.ArrayList<>();
        for (int j = 0; j < signature.length; ) {
            if (signature[j] < 0) {
                j++;
                continue;
            }
            int first = j;
            int sum = 0;
            while (j < signature.length && signature[j] >= 0 && j - first < 4) {
                sum += signature[j++];
            }
            runs.add(first);
            runs.add(j);
            runs.add(sum);
        }
        return runs.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int[] prefix(byte[] tile) {
        int[] prefix = new int[tile.length + 1];
        for (int i = 0; i < tile.length; i++) {
            prefix[i + 1] = prefix[i] + (tile[i] & 0xFF);
        }
        return prefix;
    }

    /** The SAD of the signature at tile offset o, its window inside the tile. */
    private static int sad(int[] signature, byte[] tile, int o) {
        int sad = 0;
        for (int j = 0; j < signature.length; j++) {
            if (signature[j] >= 0) {
                sad += Math.abs(signature[j] - (tile[o + j] & 0xFF));
            }
        }
        return sad;
    }

    /** SumBound.hlsl thread by thread. */
    private static int[] oracle(int[] prefix, int[] runs, int runCount, int[] at, int elements) {
        int[] words = new int[4 * elements];
        for (int x = 0; x < elements; x++) {
            for (int k = 0; k < 4; k++) {
                int o = 4 * ld(at, x) + k;
                int bound = 0;
                for (int r = 0; r < runCount; r++) {
                    int end = ld(runs, 3 * r + 1);
                    int first = ld(runs, 3 * r);
                    bound += Math.abs(ld(prefix, o + end) - ld(prefix, o + first) - ld(runs, 3 * r + 2));
                }
                words[4 * x + k] = bound;
            }
        }
        return words;
    }

    private static int ld(int[] buffer, int index) {
        return Integer.compareUnsigned(index, buffer.length) < 0 ? buffer[index] : 0;
    }
}
