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
 * {@link QuadFilter} against a plain oracle of {@code QuadFilter.hlsl}: bit k of thread x is set exactly when
 * the four tile bytes from 4x + k hash to a set bit of the table; reads past {@code buf_src} and past {@code
 * buf_keys} give 0 (spec §3) and stores past u0 are dropped (spec §4.4).
 */
class QuadFilterTest {

    @Test
    void quadFilter_docsExample_findsMzAtByteTwo() {
        int[] keys = new int[QuadFilter.KEY_WORDS];
        setKey(keys, 0x00905A4D);
        int[] hits = ShaderRun.gramFilter(new QuadFilter(), new int[] {0x5A4D0000, 0x00000090}, keys, 1);
        assertThat(hits[0]).isEqualTo(0b0100);
        assertThat(hits[1]).isZero();
    }

    @Test
    void quadFilter_quadAcrossWords_takesItsBytesFromTheNextWord() {
        int[] keys = new int[QuadFilter.KEY_WORDS];
        setKey(keys, 0x44332211);
        // 11 22 33 44 at bytes 1, 2 and 3 of a word (and its next word), and at byte 0 of word 6
        int[] source = {0x33221100, 0x00000044, 0x22110000, 0x00004433, 0x11000000, 0x00443322, 0x44332211};
        int[] hits = ShaderRun.gramFilter(new QuadFilter(), source, keys, 1);
        assertThat(Arrays.copyOf(hits, 7)).containsExactly(0b0010, 0, 0b0100, 0, 0b1000, 0, 0b0001);
    }

    @Test
    void quadFilter_lastWord_readsZerosPastTheTile() {
        int[] keys = new int[QuadFilter.KEY_WORDS];
        setKey(keys, 0x00000077);                   // 77 then the zeros read past buf_src
        int[] hits = ShaderRun.gramFilter(new QuadFilter(), new int[] {0x77000000}, keys, 1);
        assertThat(hits[0]).isEqualTo(0b1000);
    }

    @Test
    void quadFilter_bit_isTheMultiplicativeHashsTopBits() {
        assertThat(QuadFilter.bit(0)).isZero();
        assertThat(QuadFilter.bit(1)).isEqualTo(0x9E3779B1 >>> 11);
        assertThat(QuadFilter.bit(-1)).isEqualTo((0x9E3779B1 * -1) >>> 11).isLessThan(1 << QuadFilter.HASH_BITS);
    }

    /**
     * Random tiles with planted key quads, full and short tables, word counts off the group size; 9000 words
     * take three calls of 64 groups, the second one starting at thread 4096.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 7, 64, 65, 300, 4097, 9000})
    void quadFilter_randomTiles_matchTheOracle(int words) {
        Random random = new Random(words);
        for (int round = 0; round < 6; round++) {
            int[] source = new int[words];
            for (int i = 0; i < words; i++) {
                source[i] = random.nextInt(4) == 0 ? 0 : random.nextInt();
            }
            int tableWords = round < 4 ? QuadFilter.KEY_WORDS : random.nextInt(QuadFilter.KEY_WORDS);
            int[] keys = new int[tableWords];
            for (int k = 0; k < 200; k++) {
                int at = random.nextInt(4 * words);
                int quad = quadAt(source, at);
                int bit = QuadFilter.bit(round % 2 == 0 ? quad : random.nextInt());
                if (bit >>> 5 < tableWords) {
                    keys[bit >>> 5] |= 1 << bit;
                }
            }
            int groups = (words + 63) / 64 + round % 2;
            int[] hits = ShaderRun.gramFilter(new QuadFilter(), source,
                    TypedBuffer.ofWords(DxgiFormat.R32_UINT, keys, keys.length), groups);
            for (int x = 0; x < 64 * groups; x++) {
                int expected = 0;
                for (int k = 0; k < 4; k++) {
                    int bit = QuadFilter.bit(quadAt(source, 4 * x + k));
                    int word = bit >>> 5 < tableWords ? keys[bit >>> 5] : 0;
                    expected |= ((word >>> bit) & 1) << k;
                }
                assertThat(hits[x]).as("round %d thread %d", round, x).isEqualTo(expected);
            }
        }
    }

    /** The quad at tile byte {@code at}, bytes past the tile read as 0. */
    private static int quadAt(int[] words, int at) {
        int quad = 0;
        for (int i = 0; i < 4; i++) {
            int b = at + i;
            int value = b / 4 < words.length ? (words[b / 4] >>> (8 * (b % 4))) & 0xFF : 0;
            quad |= value << (8 * i);
        }
        return quad;
    }

    private static void setKey(int[] keys, int quad) {
        int bit = QuadFilter.bit(quad);
        keys[bit >>> 5] |= 1 << bit;
    }
}
