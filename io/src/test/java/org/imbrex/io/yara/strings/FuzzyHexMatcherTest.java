package org.imbrex.io.yara.strings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link FuzzyHexMatcher} against a second, plainer reading of the same rule: every way through a hex
 * string written out, in YARA's priority order, each scored at every offset.
 */
class FuzzyHexMatcherTest {
    private static final int[] DATA_BYTES = {0x60, 0x61, 0x62, 0x63, 0x41, 0x00};

    @Test
    void example_oneByteOff_isAMatchOfSadOne() {
        StringDefinition mz = StringDefinitionReader.read("t.yar", "$a = { 4D 5A }");
        assertThat(StringMatcher.matchAt(mz, new byte[] {0x4D, 0x5B}, 0, 2)).isEqualTo(new StringMatch(0, 2, 1));
        assertThat(StringMatcher.matchAt(mz, new byte[] {0x4D, 0x5D}, 0, 2)).isNull();
    }

    @Test
    void groupFree_takesTheShortestEnd_withItsLowestSad() {
        // { 61 [0-2] 62 } within 1 over "a c b": the end after "c" (cost |63-62| = 1) comes first.
        StringDefinition jump = StringDefinitionReader.read("t.yar", "$a = { 61 [0-2] 62 }");
        assertThat(StringMatcher.matchAt(jump, new byte[] {0x61, 0x63, 0x62}, 0, 1))
                .isEqualTo(new StringMatch(0, 2, 1));
        assertThat(StringMatcher.matchAt(jump, new byte[] {0x61, 0x63, 0x62}, 0, 0))
                .isEqualTo(new StringMatch(0, 3, 0));
    }

    @Test
    void nibbleWildcard_mustMatchItsNibble_whateverTheLimit() {
        StringDefinition nibble = StringDefinitionReader.read("t.yar", "$a = { 4? 5A }");
        assertThat(StringMatcher.matchAt(nibble, new byte[] {0x50, 0x5A}, 0, 200)).isNull();
        assertThat(StringMatcher.matchAt(nibble, new byte[] {0x4F, 0x5A}, 0, 200)).isEqualTo(new StringMatch(0, 2));
    }

    @Test
    void textStrings_stayExact() {
        StringDefinition text = StringDefinitionReader.read("t.yar", "$a = \"ab\"");
        assertThat(StringMatcher.matches(text, new byte[] {0x61, 0x63, 0x61, 0x62}, 50))
                .containsExactly(new StringMatch(2, 2));
    }

    @Test
    void limitZero_isTheExactMatcher_onTheStringCorpus() {
        YaraStringCorpus corpus = new YaraStringCorpus(YaraStringCorpus.SEED);
        List<byte[]> files = corpus.files();
        int compared = 0;
        for (String text : corpus.definitions()) {
            StringDefinition definition = StringDefinitionReader.read("corpus.yar", text);
            if (!(definition.value() instanceof HexString hex)) {
                continue;
            }
            for (byte[] file : files) {
                for (int s = 0; s < file.length; s++) {
                    assertThat(FuzzyHexMatcher.matchAt(hex, file, s, 0)).as(text)
                            .isEqualTo(HexMatcher.matchAt(hex, file, s));
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThan(10_000);
    }

    @Test
    void randomStrings_matchTheWrittenOutWays_atEveryOffsetAndLimit() {
        Random random = new Random(20261203L);
        int matches = 0;
        for (int round = 0; round < 400; round++) {
            List<HexToken> tokens = randomTokens(random, round % 2 == 0, 2 + random.nextInt(4));
            HexString hex = new HexString(tokens);
            byte[] data = new byte[12 + random.nextInt(20)];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) DATA_BYTES[random.nextInt(DATA_BYTES.length)];
            }
            List<List<HexToken>> ways = ways(tokens);
            for (int limit : new int[] {0, 1, 2, 5, 40}) {
                for (int s = 0; s < data.length; s++) {
                    StringMatch expected = hex.hasAlternatives() ? firstWay(ways, data, s, limit)
                            : shortestWay(ways, data, s, limit);
                    assertThat(FuzzyHexMatcher.matchAt(hex, data, s, limit)).as("%s limit %d at %d", hex, limit, s)
                            .isEqualTo(expected);
                    matches += expected == null ? 0 : 1;
                }
            }
        }
        assertThat(matches).isGreaterThan(2000);
    }

    private static List<HexToken> randomTokens(Random random, boolean groups, int length) {
        List<HexToken> tokens = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            if (i > 0 && random.nextInt(3) == 0) {
                int min = random.nextInt(2);
                tokens.add(new HexToken.HexJump(min, min + random.nextInt(3)));
            }
            if (groups && random.nextInt(3) == 0) {
                List<List<HexToken>> alternatives = new ArrayList<>();
                for (int a = 0; a < 2 + random.nextInt(2); a++) {
                    alternatives.add(randomTokens(random, false, 1 + random.nextInt(2)));
                }
                tokens.add(new HexToken.HexAlternatives(alternatives));
            } else {
                tokens.add(randomByte(random));
            }
        }
        return tokens;
    }

    private static HexToken.HexByte randomByte(Random random) {
        int value = DATA_BYTES[random.nextInt(DATA_BYTES.length)];
        return switch (random.nextInt(6)) {
            case 0 -> new HexToken.HexByte(0, 0);
            case 1 -> new HexToken.HexByte(value & 0xF0, 0xF0);
            default -> HexToken.HexByte.exactly(value);
        };
    }

    /** Every way through the tokens, bytes and fixed jumps only, in priority order. */
    private static List<List<HexToken>> ways(List<HexToken> tokens) {
        List<List<HexToken>> ways = new ArrayList<>();
        ways.add(new ArrayList<>());
        for (HexToken token : tokens) {
            List<List<HexToken>> choices = new ArrayList<>();
            if (token instanceof HexToken.HexJump jump) {
                for (int n = jump.min(); n <= jump.max(); n++) {
                    choices.add(List.of(new HexToken.HexJump(n, n)));
                }
            } else if (token instanceof HexToken.HexAlternatives group) {
                group.alternatives().forEach(alternative -> choices.addAll(ways(alternative)));
            } else {
                choices.add(List.of(token));
            }
            List<List<HexToken>> longer = new ArrayList<>();
            for (List<HexToken> way : ways) {
                for (List<HexToken> choice : choices) {
                    List<HexToken> next = new ArrayList<>(way);
                    next.addAll(choice);
                    longer.add(next);
                }
            }
            ways = longer;
        }
        return ways;
    }

    /** The end and SAD of one way at s, or null when it does not fit or costs more than the limit. */
    private static int[] score(List<HexToken> way, byte[] data, int s, int limit) {
        int position = s;
        long sad = 0;
        for (HexToken token : way) {
            if (token instanceof HexToken.HexJump jump) {
                position += jump.min();
                if (position > data.length) {
                    return null;
                }
                continue;
            }
            HexToken.HexByte b = (HexToken.HexByte) token;
            if (position >= data.length) {
                return null;
            }
            int d = data[position++] & 0xFF;
            if (b.mask() == 0xFF) {
                sad += Math.abs(d - b.value());
            } else if (!b.matches(d)) {
                return null;
            }
        }
        return sad <= limit ? new int[] {position, (int) sad} : null;
    }

    private static StringMatch firstWay(List<List<HexToken>> ways, byte[] data, int s, int limit) {
        for (List<HexToken> way : ways) {
            int[] end = score(way, data, s, limit);
            if (end != null) {
                return end[0] > s ? new StringMatch(s, end[0] - s, end[1]) : null;
            }
        }
        return null;
    }

    private static StringMatch shortestWay(List<List<HexToken>> ways, byte[] data, int s, int limit) {
        int[] best = null;
        for (List<HexToken> way : ways) {
            int[] end = score(way, data, s, limit);
            if (end != null && (best == null || end[0] < best[0] || end[0] == best[0] && end[1] < best[1])) {
                best = end;
            }
        }
        return best == null || best[0] <= s ? null : new StringMatch(s, best[0] - s, best[1]);
    }
}
