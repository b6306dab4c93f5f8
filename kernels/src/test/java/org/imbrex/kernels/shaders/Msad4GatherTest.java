package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.imbrex.kernels.intrinsics.Msad4;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Msad4Gather} against {@code Msad4Gather.hlsl} written with the {@link Msad4} intrinsic, thread by
 * thread: masked reference bytes, windows that run past {@code buf_src} (reads 0, spec §3), threads past
 * {@code buf_at} (they read word 0), a UAV smaller than the Dispatch (stores dropped, spec §4.4), and sums
 * near 65535.
 */
class Msad4GatherTest {

    @Test
    void msad4Gather_docsExample_writesTheDocsSums() {
        int[] words = ShaderRun.msad4Gather(new Msad4Gather(), new int[] {0xA100B2C3},
                new int[] {0, 0xD7B0C372, 0x4F57C2A3}, new int[] {1}, 1, 1);
        assertThat(words).containsExactly(152, 4, 89, 109);
    }

    @Test
    void msad4Gather_fullReference_sumsUpTo65280() {
        int[] reference = new int[64];
        java.util.Arrays.fill(reference, 0xFFFF_FFFF);
        int[] source = new int[70];
        int[] words = ShaderRun.msad4Gather(new Msad4Gather(), reference, source, new int[] {3}, 1, 1);
        assertThat(words).containsExactly(65280, 65280, 65280, 65280);
    }

    @ParameterizedTest(name = "{0} candidates")
    @ValueSource(ints = {1, 5, 63, 64, 65, 1000, 1100})
    void msad4Gather_randomCandidates_matchesTheHlslOracle(int candidates) {
        Random random = new Random(candidates);
        for (int trial = 0; trial < 5; trial++) {
            int[] reference = randomWords(random, 1 + random.nextInt(64));
            int[] source = randomWords(random, random.nextInt(2000));
            int[] at = new int[candidates];
            for (int x = 0; x < candidates; x++) {
                at[x] = random.nextInt(10) == 0 ? -random.nextInt(5) : random.nextInt(source.length + 70);
            }
            int groups = (candidates + 63) / 64 + random.nextInt(2);
            int elements = Math.max(1, candidates - random.nextInt(3));
            assertThat(ShaderRun.msad4Gather(new Msad4Gather(), reference, source, at, groups, elements))
                    .isEqualTo(oracle(reference, source, at, groups, elements));
        }
    }

    /**
     * Candidates that repeat a word, and a UAV as large as the Dispatch, so that the threads past {@code buf_at}
     * (all reading at = 0) store what they sum: the lanes that share a window must still each write its sums.
     */
    @ParameterizedTest(name = "{0} candidates")
    @ValueSource(ints = {1, 2, 3, 64, 70})
    void msad4Gather_repeatedWindowsAndThreadsPastBufAt_matchTheHlslOracle(int candidates) {
        Random random = new Random(100 + candidates);
        for (int trial = 0; trial < 5; trial++) {
            int[] reference = randomWords(random, 1 + random.nextInt(16));
            int[] source = randomWords(random, 1 + random.nextInt(300));
            int[] at = new int[candidates];
            for (int x = 0; x < candidates; x++) {
                at[x] = x > 0 && random.nextBoolean() ? at[x - 1] : random.nextInt(source.length + 8);
            }
            int groups = (candidates + 63) / 64 + 1;
            int elements = 64 * groups;
            int[] sums = ShaderRun.msad4Gather(new Msad4Gather(), reference, source, at, groups, elements);
            assertThat(sums).isEqualTo(oracle(reference, source, at, groups, elements));
            // Thread x >= candidates read at = 0: the window at word 0.
            int[] first = oracle(reference, source, new int[] {0}, 1, 1);
            assertThat(java.util.Arrays.copyOfRange(sums, 4 * (elements - 1), 4 * elements)).isEqualTo(first);
        }
    }

    private static int[] randomWords(Random random, int count) {
        int[] words = new int[count];
        for (int i = 0; i < count; i++) {
            int w = random.nextInt();
            for (int j = 0; j < 4; j++) {
                if (random.nextInt(4) == 0) {
                    w &= ~(0xFF << (8 * j));
                }
            }
            words[i] = w;
        }
        return words;
    }

    /** Msad4Gather.hlsl thread by thread with the msad4 intrinsic; loads past a buffer read 0. */
    static int[] oracle(int[] reference, int[] source, int[] at, int groups, int elements) {
        int[] words = new int[4 * elements];
        for (int x = 0; x < Math.min(64 * groups, elements); x++) {
            int start = ld(at, x);
            int[] accum = new int[4];
            for (int i = 0; i < reference.length; i++) {
                accum = Msad4.msad4(reference[i], ld(source, start + i), ld(source, start + i + 1), accum);
            }
            System.arraycopy(accum, 0, words, 4 * x, 4);
        }
        return words;
    }

    private static int ld(int[] buffer, int index) {
        return Integer.compareUnsigned(index, buffer.length) < 0 ? buffer[index] : 0;
    }
}
