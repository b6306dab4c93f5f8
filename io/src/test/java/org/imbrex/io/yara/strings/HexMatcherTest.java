package org.imbrex.io.yara.strings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * {@link HexMatcher#matcher}, which looks at a string's form once for many starts, against {@link
 * HexMatcher#matchAt}, which reads the tokens as YARA's engines do at each start.
 */
class HexMatcherTest {

    @Test
    void matcher_everyHexStringOfTheCorpus_isMatchAtAtEveryOffset() {
        YaraStringCorpus corpus = new YaraStringCorpus(YaraStringCorpus.SEED);
        List<byte[]> files = corpus.files();
        int compared = 0;
        for (String text : corpus.definitions()) {
            if (!(StringDefinitionReader.read("corpus.yar", text).value() instanceof HexString hex)) {
                continue;
            }
            for (byte[] file : files) {
                IntFunction<StringMatch> matcher = HexMatcher.matcher(hex, file);
                for (int s = 0; s < file.length; s++) {
                    assertThat(matcher.apply(s)).as(text + " at " + s).isEqualTo(HexMatcher.matchAt(hex, file, s));
                }
            }
            compared++;
        }
        assertThat(compared).isGreaterThan(50);
    }

    @Test
    void matcher_bytesNibblesWildcardsAndJumps_agreesUpToTheLastByte() {
        Random random = new Random(77);
        byte[] data = new byte[300];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (random.nextBoolean() ? 0x4D : random.nextInt(256));
        }
        String[] forms = {"4D", "?D", "4?", "??", "[0-2]", "[3]", "[1-40]", "[20-30]", "[2-]"};
        for (int round = 0; round < 300; round++) {
            StringBuilder hex = new StringBuilder("4D");
            for (int n = random.nextInt(6); n > 0; n--) {
                hex.append(' ').append(forms[random.nextInt(forms.length)]);
            }
            hex.append(" 4D"); // a string ends with a byte
            HexString string = (HexString) StringDefinitionReader.read("t.yar", "$a = { " + hex + " }").value();
            IntFunction<StringMatch> matcher = HexMatcher.matcher(string, data);
            for (int s = 0; s < data.length; s++) {
                assertThat(matcher.apply(s)).as(hex + " at " + s).isEqualTo(HexMatcher.matchAt(string, data, s));
            }
        }
        HexString three = (HexString) StringDefinitionReader.read("t.yar", "$a = { 4D ?? 4D }").value();
        assertThat(HexMatcher.matcher(three, new byte[] {0x4D, 0, 0x4D}).apply(0)).isEqualTo(new StringMatch(0, 3));
        assertThat(HexMatcher.matcher(three, new byte[] {0x4D, 0x4D}).apply(0)).isNull();
    }

    /**
     * Strings with unbounded jumps ({@code [n-]}, {@code [-]}), which the matcher tries position by position
     * with a stop, against the plain reading: the set of positions reached after each token, an unbounded
     * jump reaching every position to the end of the data.
     */
    @Test
    void matchAt_unboundedJumps_isTheSmallestEndOfTheReachedSets() {
        Random random = new Random(19);
        byte[] data = new byte[600];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (0x61 + random.nextInt(3));
        }
        String[] forms = {"61", "62", "63", "6?", "??", "[0-3]", "[2-]", "[-]", "[5-9]"};
        int compared = 0;
        for (int round = 0; round < 200; round++) {
            StringBuilder hex = new StringBuilder(random.nextBoolean() ? "61" : "62");
            for (int n = 1 + random.nextInt(5); n > 0; n--) {
                hex.append(' ').append(forms[random.nextInt(forms.length)]);
            }
            hex.append(random.nextBoolean() ? " 63" : " 62 63");
            HexString string;
            try {
                string = (HexString) StringDefinitionReader.read("t.yar", "$a = { " + hex + " }").value();
            } catch (RuntimeException refusedAsYaraRefusesIt) {
                continue; // e.g. two jumps in a row
            }
            for (int s = 0; s < data.length; s += 1 + random.nextInt(7)) {
                int end = reachedSetsEnd(string.tokens(), s, data);
                assertThat(HexMatcher.matchAt(string, data, s)).as(hex + " at " + s)
                        .isEqualTo(end > s ? new StringMatch(s, end - s) : null);
            }
            compared++;
        }
        assertThat(compared).isGreaterThan(100);
    }

    /** The plain reading of a group-free hex string from {@code s}: smallest end, or -1. */
    private static int reachedSetsEnd(List<HexToken> tokens, int s, byte[] data) {
        boolean[] reached = new boolean[data.length + 1];   // reached[p]: position p is reached
        reached[s] = true;
        for (HexToken token : tokens) {
            boolean[] next = new boolean[data.length + 1];
            boolean any = false;
            for (int p = 0; p <= data.length; p++) {
                if (!reached[p]) {
                    continue;
                }
                if (token instanceof HexToken.HexByte b) {
                    if (p < data.length && b.matches(data[p] & 0xFF)) {
                        next[p + 1] = any = true;
                    }
                } else {
                    HexToken.HexJump jump = (HexToken.HexJump) token;
                    for (long q = (long) p + jump.min(); q <= Math.min((long) p + jump.max(), data.length); q++) {
                        next[(int) q] = any = true;
                    }
                }
            }
            if (!any) {
                return -1;
            }
            reached = next;
        }
        for (int p = 0; p <= data.length; p++) {
            if (reached[p]) {
                return p;
            }
        }
        return -1;
    }
}
