package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.imbrex.kernels.resource.DxgiFormat;
import org.imbrex.kernels.resource.TypedBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link GramFilter} against a plain oracle of {@code GramFilter.hlsl}: bit k of thread x is set exactly
 * when the gram of tile bytes 4x + k and 4x + k + 1 is a key of class k; reads past {@code buf_src} and past
 * {@code buf_keys} give 0 (spec §3) and stores past u0 are dropped (spec §4.4).
 */
class GramFilterTest {

    @Test
    void gramFilter_docsExample_findsMzAtByteTwo() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        setKey(keys, 2, 0x5A4D);
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x5A4D0000, 0x00000090}, keys, 1);
        assertThat(hits[0]).isEqualTo(0b0100);
        assertThat(hits[1]).isZero();
    }

    @Test
    void gramFilter_keyOfEveryClass_isFoundAtEveryByte() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        for (int k = 0; k < GramFilter.CLASSES; k++) {
            setKey(keys, k, 0x5A4D);
        }
        // MZ at bytes 0, 1 (word 1), 2 and 3 (word 3 and word 4's first byte)
        int[] source = {0x00005A4D, 0x005A4D00, 0x5A4D0000, 0x4D000000, 0x0000005A};
        int[] hits = ShaderRun.gramFilter(new GramFilter(), source, keys, 1);
        assertThat(Arrays.copyOf(hits, 5)).containsExactly(0b0001, 0b0010, 0b0100, 0b1000, 0);
    }

    @Test
    void gramFilter_keyOfClassZero_isTestedAtWordStartsOnly() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        setKey(keys, 0, 0x5A4D);
        // MZ at byte 2 of word 0 (not a word start) and at byte 0 of word 1
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x5A4D0000, 0x00005A4D}, keys, 1);
        assertThat(hits[0]).isZero();
        assertThat(hits[1]).isEqualTo(0b0001);
    }

    @Test
    void gramFilter_keyOfClassesZeroAndTwo_isTestedAtEvenBytes() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        setKey(keys, 0, 0x3412);
        setKey(keys, 2, 0x3412);
        // bytes 12 34 at byte 1 (odd), 2 and 4
        int[] source = {0x00341200, 0x34120000, 0x00003412};
        int[] hits = ShaderRun.gramFilter(new GramFilter(), source, keys, 1);
        assertThat(Arrays.copyOf(hits, 3)).containsExactly(0, 0b0100, 0b0001);
    }

    @Test
    void gramFilter_gramAcrossWords_pairsTheLastByteWithTheNextWord() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        setKey(keys, 3, 0x3412);                    // bytes 12 34: byte 3 of word 0, byte 0 of word 1
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x12000000, 0x00000034}, keys, 1);
        assertThat(hits[0]).isEqualTo(0b1000);
    }

    @Test
    void gramFilter_lastWord_pairsItsLastByteWithZero() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        setKey(keys, 3, 0x0077);                    // 77 then the 00 read past buf_src
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x77000000}, keys, 1);
        assertThat(hits[0]).isEqualTo(0b1000);
    }

    @Test
    void gramFilter_shortKeyTable_missingKeyWordsReadZero() {
        int[] keys = {0xFFFF_FFFF};                 // class 0, grams 0..31 only
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x00000005, 0x00002000}, keys, 1);
        // word 0 bytes 05 00 00 00: gram 0005 at byte 0 is a key of class 0; classes 1-3 are missing: no key
        // word 1 bytes 00 20 00 00: gram 2000 (word 256 of class 0: missing)
        assertThat(hits[0]).isEqualTo(0b0001);
        assertThat(hits[1]).isZero();
        assertThat(hits[2]).isEqualTo(0b0001);      // past buf_src: gram 0000, a key of class 0
    }

    @ParameterizedTest(name = "{0} source words")
    @ValueSource(ints = {0, 1, 63, 64, 65, 200, 4095, 4096, 4097, 9000})
    void gramFilter_randomTiles_matchesTheHlslOracle(int words) {
        Random random = new Random(words);
        int[] source = new int[words];
        for (int i = 0; i < words; i++) {
            source[i] = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt();
        }
        int groups = Math.max(1, (words + 63) / 64 + 1);
        // keyed classes: none, word starts, even bytes, every byte alike, every byte differently, class 2 alone
        for (int keyed : new int[] {0b0000, 0b0001, 0b0101, 0b1111, -1, 0b0100}) {
            int[] keys = new int[GramFilter.KEY_WORDS];
            int[] grams = new int[500];
            for (int i = 0; i < grams.length; i++) {
                grams[i] = i == 0 ? 0 : random.nextInt(65536);
            }
            for (int k = 0; k < GramFilter.CLASSES; k++) {
                for (int gram : grams) {
                    if (keyed == -1 ? random.nextBoolean() : (keyed >>> k & 1) != 0) {
                        setKey(keys, k, gram);
                    }
                }
            }
            assertThat(ShaderRun.gramFilter(new GramFilter(), source, keys, groups))
                    .as("classes %s", Integer.toBinaryString(keyed)).isEqualTo(oracle(source, keys, groups));
        }
    }

    @Test
    void gramFilter_oneShaderOverDispatches_readsTheTablesEachDispatchBinds() {
        // The Java shader keeps buf_keys as one byte per gram between calls, and shares the copy of equal
        // classes: a later Dispatch that binds the same array with other contents, or classes that became
        // empty or unequal, must see what is bound now.
        Random random = new Random(7);
        int[] source = new int[5000];
        for (int i = 0; i < source.length; i++) {
            source[i] = random.nextInt(8) == 0 ? 0 : random.nextInt();
        }
        int groups = (source.length + 63) / 64;
        GramFilter shader = new GramFilter();
        int[] keys = new int[GramFilter.KEY_WORDS];
        int[][] classSets = {{0}, {0, 1, 2, 3}, {0, 2}, {}, {1, 3}, {0, 1, 2, 3}, {0}};
        for (int round = 0; round < classSets.length; round++) {
            Arrays.fill(keys, 0);
            int[] grams = new int[400];
            for (int i = 0; i < grams.length; i++) {
                grams[i] = i == 0 ? source[77] & 0xFFFF : random.nextInt(65536);
            }
            for (int k : classSets[round]) {
                for (int gram : grams) {
                    setKey(keys, k, gram);
                }
            }
            if (round == 5) {
                setKey(keys, 3, source[1234] >>> 16);   // class 3 one key more than the others
            }
            assertThat(ShaderRun.gramFilter(shader, source, keys, groups))
                    .as("round %d", round).isEqualTo(oracle(source, keys, groups));
        }
    }

    @Test
    void gramFilter_immutableViewsInTurns_readsTheViewEachDispatchBinds() {
        // The Java shader skips re-reading an immutable view it read last; another view, even of equal
        // size, must be read, and an immutable view keeps the words it was made from.
        Random random = new Random(11);
        int[] source = new int[3000];
        for (int i = 0; i < source.length; i++) {
            source[i] = random.nextInt();
        }
        int groups = (source.length + 63) / 64;
        int[] everyByte = new int[GramFilter.KEY_WORDS];
        int[] evenBytes = new int[GramFilter.KEY_WORDS];
        for (int i = 0; i < 300; i++) {
            int gram = i < 20 ? source[i * 100] & 0xFFFF : random.nextInt(65536);
            for (int k = 0; k < 4; k++) {
                setKey(everyByte, k, gram);
            }
            setKey(evenBytes, 0, gram ^ 0x0101);
            setKey(evenBytes, 2, gram ^ 0x0101);
        }
        TypedBuffer a = TypedBuffer.immutableWords(DxgiFormat.R32_UINT, everyByte);
        TypedBuffer b = TypedBuffer.immutableWords(DxgiFormat.R32_UINT, evenBytes);
        int[] expectA = oracle(source, everyByte, groups);
        int[] expectB = oracle(source, evenBytes, groups);
        Arrays.fill(everyByte, 0);   // the views hold copies
        GramFilter shader = new GramFilter();
        TypedBuffer[] turns = {a, a, b, a, b, b, a};
        for (int turn = 0; turn < turns.length; turn++) {
            assertThat(ShaderRun.gramFilter(shader, source, turns[turn], groups)).as("turn %d", turn)
                    .isEqualTo(turns[turn] == a ? expectA : expectB);
        }
        assertThat(expectA).isNotEqualTo(expectB);
    }

    static void setKey(int[] keys, int keyClass, int gram) {
        keys[keyClass * GramFilter.CLASS_WORDS + (gram >>> 5)] |= 1 << (gram & 31);
    }

    /** GramFilter.hlsl for every thread, byte by byte. */
    static int[] oracle(int[] source, int[] keys, int groups) {
        int[] hits = new int[64 * groups];
        for (int x = 0; x < hits.length; x++) {
            for (int k = 0; k < 4; k++) {
                int gram = byteAt(source, 4 * x + k) | byteAt(source, 4 * x + k + 1) << 8;
                hits[x] |= (isKey(keys, k, gram) ? 1 : 0) << k;
            }
        }
        return hits;
    }

    private static boolean isKey(int[] keys, int keyClass, int gram) {
        int word = keyClass * GramFilter.CLASS_WORDS + (gram >>> 5);
        return word < keys.length && ((keys[word] >>> (gram & 31)) & 1) != 0;
    }

    private static int byteAt(int[] words, int n) {
        return n / 4 < words.length ? (words[n / 4] >>> (8 * (n % 4))) & 0xFF : 0;
    }
}
