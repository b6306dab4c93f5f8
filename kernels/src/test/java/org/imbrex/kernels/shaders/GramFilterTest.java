package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link GramFilter} against a plain oracle of {@code GramFilter.hlsl}: bit k of thread x is set exactly
 * when the gram of tile bytes 4x + k and 4x + k + 1 is a key (of buf_word_keys too for k = 0); reads past {@code buf_src} give 0 (spec §3)
 * and stores past u0 are dropped (spec §4.4).
 */
class GramFilterTest {

    @Test
    void gramFilter_docsExample_findsMzAtByteTwo() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        setKey(keys, 0x5A4D);
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x5A4D0000, 0x00000090}, keys, NONE, 1);
        assertThat(hits[0]).isEqualTo(0b0100);
        assertThat(hits[1]).isZero();
    }

    @Test
    void gramFilter_gramAcrossWords_pairsTheLastByteWithTheNextWord() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        setKey(keys, 0x3412);                       // bytes 12 34: byte 3 of word 0, byte 0 of word 1
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x12000000, 0x00000034}, keys, NONE, 1);
        assertThat(hits[0]).isEqualTo(0b1000);
    }

    @Test
    void gramFilter_lastWord_pairsItsLastByteWithZero() {
        int[] keys = new int[GramFilter.KEY_WORDS];
        setKey(keys, 0x0077);                       // 77 then the 00 read past buf_src
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x77000000}, keys, NONE, 1);
        assertThat(hits[0]).isEqualTo(0b1000);
    }

    @Test
    void gramFilter_shortKeyTable_missingKeyWordsReadZero() {
        int[] keys = {0xFFFF_FFFF};                 // grams 0..31 only
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x00000005, 0x00002000}, keys, new int[0], 1);
        // word 0 bytes 05 00 00 00: grams 0005, 0000, 0000, 0000 (with word 1's 00)   all keys
        // word 1 bytes 00 20 00 00: grams 2000 (word 256: missing), 0020 (bit 0 of word 1: missing), 0000, 0000
        assertThat(hits[0]).isEqualTo(0b1111);
        assertThat(hits[1]).isEqualTo(0b1100);
        assertThat(hits[2]).isEqualTo(0b1111);      // past buf_src: all grams are 0000, a key
    }

    @Test
    void gramFilter_wordKeys_areTestedAtTheFirstByteOfEachWordOnly() {
        int[] wordKeys = new int[GramFilter.KEY_WORDS];
        setKey(wordKeys, 0x5A4D);
        // MZ at byte 2 of word 0 (not a word start) and at byte 0 of word 1
        int[] hits = ShaderRun.gramFilter(new GramFilter(), new int[] {0x5A4D0000, 0x00005A4D}, NONE, wordKeys, 1);
        assertThat(hits[0]).isZero();
        assertThat(hits[1]).isEqualTo(0b0001);
    }

    @ParameterizedTest(name = "{0} source words")
    @ValueSource(ints = {0, 1, 63, 64, 65, 200, 4095, 4096, 4097, 9000})
    void gramFilter_randomTiles_matchesTheHlslOracle(int words) {
        Random random = new Random(words);
        int[] source = new int[words];
        for (int i = 0; i < words; i++) {
            source[i] = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt();
        }
        int[] keys = new int[GramFilter.KEY_WORDS];
        for (int k = 0; k < 500; k++) {
            setKey(keys, random.nextInt(65536));
        }
        setKey(keys, 0);
        int[] wordKeys = new int[GramFilter.KEY_WORDS];
        for (int k = 0; k < 300; k++) {
            setKey(wordKeys, random.nextInt(65536));
        }
        int groups = Math.max(1, (words + 63) / 64 + 1);
        for (int[][] tables : new int[][][] {{keys, NONE}, {NONE, wordKeys}, {keys, wordKeys}}) {
            assertThat(ShaderRun.gramFilter(new GramFilter(), source, tables[0], tables[1], groups))
                    .isEqualTo(oracle(source, tables[0], tables[1], groups));
        }
    }

    @Test
    void gramFilter_oneShaderOverDispatches_readsTheTablesEachDispatchBinds() {
        // The Java shader keeps buf_keys as one byte per gram between calls: a later Dispatch that binds the
        // same array with other contents, or a table that became empty, must see what is bound now.
        Random random = new Random(7);
        int[] source = new int[5000];
        for (int i = 0; i < source.length; i++) {
            source[i] = random.nextInt(8) == 0 ? 0 : random.nextInt();
        }
        int groups = (source.length + 63) / 64;
        GramFilter shader = new GramFilter();
        int[] keys = new int[GramFilter.KEY_WORDS];
        int[] wordKeys = new int[GramFilter.KEY_WORDS];
        for (int round = 0; round < 6; round++) {
            java.util.Arrays.fill(keys, 0);
            java.util.Arrays.fill(wordKeys, 0);
            for (int k = 0; k < (round % 3 == 2 ? 0 : 400); k++) {
                setKey(keys, random.nextInt(65536));
            }
            for (int k = 0; k < (round % 2 == 0 ? 0 : 200); k++) {
                setKey(wordKeys, random.nextInt(65536));
            }
            setKey(round % 3 == 2 ? wordKeys : keys, source[77] & 0xFFFF);
            assertThat(ShaderRun.gramFilter(shader, source, keys, wordKeys, groups))
                    .as("round %d", round).isEqualTo(oracle(source, keys, wordKeys, groups));
        }
    }

    /** A full table without keys. */
    private static final int[] NONE = new int[GramFilter.KEY_WORDS];

    static void setKey(int[] keys, int gram) {
        keys[gram >>> 5] |= 1 << (gram & 31);
    }

    /** GramFilter.hlsl for every thread, byte by byte. */
    static int[] oracle(int[] source, int[] keys, int[] wordKeys, int groups) {
        int[] hits = new int[64 * groups];
        for (int x = 0; x < hits.length; x++) {
            for (int k = 0; k < 4; k++) {
                int gram = byteAt(source, 4 * x + k) | byteAt(source, 4 * x + k + 1) << 8;
                boolean key = isKey(keys, gram) || (k == 0 && isKey(wordKeys, gram));
                hits[x] |= (key ? 1 : 0) << k;
            }
        }
        return hits;
    }

    private static boolean isKey(int[] keys, int gram) {
        return (gram >>> 5) < keys.length && ((keys[gram >>> 5] >>> (gram & 31)) & 1) != 0;
    }

    private static int byteAt(int[] words, int n) {
        return n / 4 < words.length ? (words[n / 4] >>> (8 * (n % 4))) & 0xFF : 0;
    }
}
