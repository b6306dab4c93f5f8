package org.imbrex.kernels.shaders;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.imbrex.kernels.dispatch.Dispatch;
import org.imbrex.kernels.dispatch.LaneLoops;
import org.imbrex.kernels.intrinsics.MsadOverflow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The msad4 search shader against a direct SAD loop: for element x and component k, the SAD of the
 * reference bytes against the source bytes at offset 4x + k, reference bytes 0x00 skipped, source bytes past
 * the end read as 0.
 */
class Msad4SearchTest {

    private static int sourceByte(int[] words, long b) {
        long word = b / 4;
        return word < words.length ? (words[(int) word] >>> (8 * (b % 4))) & 0xFF : 0;
    }

    /** Oracle: a direct SAD loop over bytes, wrapping modulo 2^32, for {@code elements} UAV elements. */
    static int[] directSad(int refSize, int[] reference, int[] source, int threads, int elements) {
        int[] out = new int[elements * 4];
        for (int x = 0; x < Math.min(threads, elements); x++) {
            for (int k = 0; k < 4; k++) {
                int sad = 0;
                for (long t = 0; t < 4L * refSize; t++) {
                    int r = sourceByte(reference, t);
                    if (r != 0) {
                        sad += Math.abs(r - sourceByte(source, 4L * x + k + t));
                    }
                }
                out[4 * x + k] = sad;
            }
        }
        return out;
    }

    private static int[] randomWords(Random random, int count, double zeroByteRate) {
        int[] words = new int[count];
        for (int i = 0; i < count; i++) {
            for (int b = 0; b < 4; b++) {
                int value = random.nextDouble() < zeroByteRate ? 0 : 1 + random.nextInt(255);
                words[i] |= value << (8 * b);
            }
        }
        return words;
    }

    private static int groupsFor(int threads) {
        return (threads + Msad4Search.LANES - 1) / Msad4Search.LANES;
    }

    @Test
    void docsExample_threadZero_writesVector1MinusAccum() {
        int[] out = Msad4SearchRun.run(new Msad4Search(), 1, new int[] {0xA100B2C3},
                new int[] {0xD7B0C372, 0x4F57C2A3}, 64, Dispatch.of(1));
        assertThat(new int[] {out[0], out[1], out[2], out[3]}).containsExactly(153 - 1, 6 - 2, 92 - 3, 113 - 4);
    }

    @ParameterizedTest(name = "{0} source words")
    @ValueSource(ints = {1, 2, 63, 64, 65, 127, 129, 200})
    void awkwardSizes_matchDirectSad(int sourceWords) {
        Random random = new Random(sourceWords);
        int refSize = 3;
        int[] reference = randomWords(random, refSize, 0.2);
        int[] source = randomWords(random, sourceWords, 0.1);
        int[] out = Msad4SearchRun.run(new Msad4Search(), refSize, reference, source, sourceWords,
                Dispatch.of(groupsFor(sourceWords)));
        assertThat(out).containsExactly(directSad(refSize, reference, source, sourceWords, sourceWords));
    }

    @Property(tries = 60)
    void randomSearch_matchesDirectSad(@ForAll @IntRange(min = 1, max = 300) int sourceWords,
            @ForAll @IntRange(min = 0, max = 24) int refSize, @ForAll @IntRange(min = 0, max = 3) int zeroRate,
            @ForAll @IntRange(min = -2, max = 2) int refWordsDelta, @ForAll @IntRange(min = -70, max = 70) int uavDelta,
            @ForAll long seed) {
        Random random = new Random(seed);
        int[] reference = randomWords(random, Math.max(0, refSize + refWordsDelta), zeroRate / 4.0);
        int[] source = randomWords(random, sourceWords, zeroRate / 8.0);
        int groups = groupsFor(sourceWords);
        int elements = Math.max(0, sourceWords + uavDelta);
        int[] expected = directSad(refSize, reference, source, groups * Msad4Search.LANES, elements);
        assertThat(Msad4SearchRun.run(new Msad4Search(), refSize, reference, source, elements, Dispatch.of(groups)))
                .containsExactly(expected);
        assertThat(Msad4SearchRun.run(new Msad4Search(MsadOverflow.SATURATE), refSize, reference, source, elements,
                Dispatch.of(groups))).as("no sum overflows, so saturating is the same").containsExactly(expected);
    }

    /**
     * Both lane forms against the oracle, across the vector form's 32-iteration blocks (REF_SIZE 31, 32, 33,
     * 64, 65, ...), references shorter than REF_SIZE (words past the end read 0, masked) and all-masked ones.
     */
    @Property(tries = 80)
    void laneForms_matchDirectSad(@ForAll LaneLoops lanes, @ForAll @IntRange(min = 1, max = 700) int sourceWords,
            @ForAll @IntRange(min = 0, max = 100) int refSize, @ForAll @IntRange(min = 0, max = 4) int zeroRate,
            @ForAll @IntRange(min = -3, max = 0) int refWordsDelta, @ForAll long seed) {
        Random random = new Random(seed);
        int[] reference = randomWords(random, Math.max(0, refSize + refWordsDelta), zeroRate / 4.0);
        int[] source = randomWords(random, sourceWords, zeroRate / 8.0);
        int groups = groupsFor(sourceWords);
        int elements = groups * Msad4Search.LANES;
        assertThat(Msad4SearchRun.run(new Msad4Search(MsadOverflow.WRAP, lanes), refSize, reference, source, elements,
                Dispatch.of(groups))).containsExactly(directSad(refSize, reference, source, elements, elements));
    }

    /**
     * The largest sums: 0xFF references over zero bytes give 255 a term, so a 32-iteration block sums 32,640
     * (the vector form's 16-bit lane limit) and 64 words 65,280, next to 65,535; 300 words pass 65,535 and
     * wrap only past 2^32, as msad4's 32-bit adds do.
     */
    @ParameterizedTest(name = "{0} words of 0xFF")
    @ValueSource(ints = {32, 64, 65, 300})
    void largestSums_bothLaneForms(int refSize) {
        int[] reference = new int[refSize];
        java.util.Arrays.fill(reference, 0xFFFF_FFFF);
        int[] source = new int[200];
        source[7] = 0xFFFF_FFFF; // one window of the first lanes meets 0xFF bytes: sums just below the top
        int[] expected = directSad(refSize, reference, source, 256, 256);
        assertThat(expected).contains(255 * 4 * refSize);
        for (LaneLoops lanes : LaneLoops.values()) {
            assertThat(Msad4SearchRun.run(new Msad4Search(MsadOverflow.WRAP, lanes), refSize, reference, source, 256,
                    Dispatch.of(4))).as(lanes.name()).containsExactly(expected);
        }
    }

    /**
     * REF_SIZE 0xFFFFFFFF with a 3-word reference: the iterations past the reference's end read 0, which masks
     * every byte, so the sums are those of the 3 words (the vector form stops reading at the end).
     */
    @Test
    void hugeRefSize_pastTheReference_addsNothing() {
        Random random = new Random(11);
        int[] reference = randomWords(random, 3, 0.1);
        int[] source = randomWords(random, 70, 0);
        int[] out = Msad4SearchRun.run(new Msad4Search(MsadOverflow.WRAP, LaneLoops.VECTOR), -1, reference, source,
                128, Dispatch.of(2));
        assertThat(out).containsExactly(directSad(3, reference, source, 128, 128));
    }

    @Test
    void longSignatureWithManyWildcards_matchesDirectSad() {
        Random random = new Random(64);
        int refSize = 64;
        int[] reference = randomWords(random, refSize, 0.5);
        int[] source = randomWords(random, 1000, 0.0);
        int[] out = Msad4SearchRun.run(new Msad4Search(), refSize, reference, source, 1000, Dispatch.of(16));
        assertThat(out).containsExactly(directSad(refSize, reference, source, 1000, 1000));
    }

    @Test
    void zeroReference_givesZeroSums() {
        int[] out = Msad4SearchRun.run(new Msad4Search(), 4, new int[4], new int[] {1, 2, 3, 4, 5}, 5, Dispatch.of(1));
        assertThat(out).containsOnly(0);
    }

    @Test
    void reusedInstance_startsEveryGroupFromZero() {
        Msad4Search shader = new Msad4Search();
        Random random = new Random(7);
        int[] reference = randomWords(random, 2, 0);
        int[] source = randomWords(random, 130, 0);
        int[] first = Msad4SearchRun.run(shader, 2, reference, source, 130, Dispatch.of(3));
        int[] second = Msad4SearchRun.run(shader, 2, reference, source, 130, Dispatch.of(3));
        assertThat(second).containsExactly(first).containsExactly(directSad(2, reference, source, 130, 130));
    }

    @Test
    void groupsInYAndZ_writeTheSameElements() {
        Random random = new Random(3);
        int[] reference = randomWords(random, 5, 0.1);
        int[] source = randomWords(random, 100, 0);
        int[] flat = Msad4SearchRun.run(new Msad4Search(), 5, reference, source, 128, Dispatch.of(2, 1, 1));
        assertThat(Msad4SearchRun.run(new Msad4Search(), 5, reference, source, 128, Dispatch.of(2, 3, 2)))
                .containsExactly(flat);
    }

    @Test
    void hlslResource_isTheConformanceShader() throws IOException {
        assertThat(code("/org/imbrex/kernels/shaders/Msad4Search.hlsl"))
                .isEqualTo(code("/conformance/msad4/msad4.hlsl"));
    }

    /** The HLSL without comments and whitespace. */
    private static String code(String resource) throws IOException {
        try (InputStream in = Msad4SearchTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("//[^\n]*", "")
                    .replaceAll("\\s+", "");
        }
    }

    @Test
    void catalog_createsTheSearchShaderByName() {
        assertThat(ShaderCatalog.names()).contains(Msad4Search.NAME);
        assertThat(ShaderCatalog.create("msad4-search")).isInstanceOf(Msad4Search.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ShaderCatalog.create("nope"))
                .hasMessageContaining("nope").hasMessageContaining("msad4-search");
    }
}
