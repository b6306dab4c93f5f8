package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.imbrex.io.signature.Signature;
import org.imbrex.kernels.intrinsics.Msad4;
import org.junit.jupiter.api.Test;

class SearchPlanTest {

    private static ReferencePass pass(int signature, int wordOffset, ReferencePass.Kind kind, int... words) {
        return new ReferencePass(signature, wordOffset, words, kind);
    }

    @Test
    void compile_literalZero_getsAComplementPassWithFF() {
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("mz", "4D 5A ?? 00")));

        assertThat(plan.passes()).containsExactly(
                pass(0, 0, ReferencePass.Kind.PLAIN, 0x00005A4D),
                pass(0, 0, ReferencePass.Kind.COMPLEMENT, 0xFF000000));
        assertThat(plan.needsComplement()).isTrue();
    }

    @Test
    void compile_noZeroByte_hasNoComplementPass() {
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("elf", "7F 45 4C 46 02")));

        assertThat(plan.passes()).containsExactly(pass(0, 0, ReferencePass.Kind.PLAIN, 0x464C457F, 0x02));
        assertThat(plan.needsComplement()).isFalse();
    }

    @Test
    void compile_257Bytes_cutsAt64Words() {
        byte[] bytes = new byte[257];
        Arrays.fill(bytes, (byte) 0x11);
        SearchPlan plan = SearchPlan.compile(List.of(new Signature("s", bytes, new boolean[257])));

        assertThat(plan.passes()).extracting(ReferencePass::wordOffset).containsExactly(0, 64);
        assertThat(plan.passes()).extracting(ReferencePass::refSize).containsExactly(64, 1);
        assertThat(plan.passes().get(1).words()).containsExactly(0x11);
    }

    @Test
    void compile_4096Bytes_givesSixteenPassesOf64Words() {
        byte[] bytes = new byte[4096];
        Arrays.fill(bytes, (byte) 0xFF);
        SearchPlan plan = SearchPlan.compile(List.of(new Signature("s", bytes, new boolean[4096])));

        assertThat(plan.passes()).hasSize(16).allMatch(p -> p.refSize() == 64);
        assertThat(plan.passes()).extracting(ReferencePass::wordOffset)
                .containsExactly(0, 64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960);
    }

    @Test
    void compile_maskedWordsAtTheEdges_areTrimmed() {
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("w", "?? ?? ?? ?? ?? 41 ?? ?? 42 ??")));

        assertThat(plan.passes()).containsExactly(pass(0, 1, ReferencePass.Kind.PLAIN, 0x4100, 0x42));
    }

    @Test
    void compile_onlyWildcards_hasNoPass() {
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("a", "01"), Signature.ofHex("any", "?? ??")));

        assertThat(plan.passesOf(1)).isEmpty();
        assertThat(plan.firstPass(1)).isEqualTo(plan.endPass(1)).isEqualTo(1);
        assertThat(plan.maxLength()).isEqualTo(2);
        assertThat(plan.minLength()).isEqualTo(1);
        assertThat(plan.halo()).isEqualTo(1);
    }

    @Test
    void compile_passesAreGroupedBySignature() {
        SearchPlan plan = SearchPlan.compile(List.of(Signature.ofHex("a", "00 01"), Signature.ofHex("b", "02")));

        assertThat(plan.passesOf(0)).extracting(ReferencePass::signature).containsExactly(0, 0);
        assertThat(plan.passesOf(1)).extracting(ReferencePass::signature).containsExactly(1);
    }

    @Test
    void compile_noSignature_isRefused() {
        assertThatThrownBy(() -> SearchPlan.compile(List.of())).hasMessage("a search needs at least one signature");
    }

    @Test
    void passes_worstCase_stayWithinMsad4Range() {
        byte[] bytes = new byte[1000];
        Arrays.fill(bytes, (byte) 0xFF);
        SearchPlan plan = SearchPlan.compile(List.of(new Signature("ff", bytes, new boolean[1000])));
        byte[] zeros = new byte[1000 + 8];

        int[] words = words(zeros);
        for (ReferencePass pass : plan.passes()) {
            assertThat(passSum(pass, words, 0)).isEqualTo(pass.refSize() * 4 * 255).isLessThanOrEqualTo(65535);
        }
        assertThat(score(plan, zeros, 0)).isEqualTo(1000 * 255);
    }

    /** The plan's arithmetic, evaluated with the scalar msad intrinsic, is the exact SAD (spec §1.2). */
    @Property(tries = 200)
    void passes_summedWithMsad4_giveTheExactSad(@ForAll @IntRange(min = 1, max = 700) int length,
            @ForAll long seed) {
        Random random = new Random(seed);
        byte[] pattern = new byte[length];
        boolean[] wildcard = new boolean[length];
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(4);
            wildcard[i] = kind == 0;
            pattern[i] = (byte) (kind == 1 ? 0 : kind == 2 ? 0xFF : random.nextInt(256));
        }
        Signature signature = new Signature("r", pattern, wildcard);
        byte[] data = new byte[length + 3 + random.nextInt(8)];
        random.nextBytes(data);
        SearchPlan plan = SearchPlan.compile(List.of(signature));

        for (int t = 0; t + length <= data.length; t++) {
            int expected = 0;
            for (int i = 0; i < length; i++) {
                if (!wildcard[i]) {
                    expected += Math.abs((pattern[i] & 0xFF) - (data[t + i] & 0xFF));
                }
            }
            assertThat(score(plan, data, t)).isEqualTo(expected);
        }
    }

    private static int score(SearchPlan plan, byte[] data, int t) {
        int[] words = words(data);
        int[] complement = Arrays.stream(words).map(w -> ~w).toArray();
        int score = 0;
        for (ReferencePass pass : plan.passes()) {
            score += passSum(pass, pass.kind() == ReferencePass.Kind.PLAIN ? words : complement, t);
        }
        return score;
    }

    /** One pass at tile offset t: element t/4, component t%4, t1 = words from wordOffset on. */
    private static int passSum(ReferencePass pass, int[] words, int t) {
        int x = t >> 2;
        int k = t & 3;
        int[] reference = pass.words();
        int sum = 0;
        for (int i = 0; i < reference.length; i++) {
            int lo = at(words, pass.wordOffset() + x + i);
            int hi = at(words, pass.wordOffset() + x + i + 1);
            sum = Msad4.msad(reference[i], Msad4.window(lo, hi, k), sum);
        }
        return sum;
    }

    private static int at(int[] words, int index) {
        return index < words.length ? words[index] : 0;
    }

    private static int[] words(byte[] data) {
        int[] words = new int[(data.length + 3) / 4];
        for (int i = 0; i < data.length; i++) {
            words[i / 4] |= (data[i] & 0xFF) << (8 * (i % 4));
        }
        return words;
    }
}
