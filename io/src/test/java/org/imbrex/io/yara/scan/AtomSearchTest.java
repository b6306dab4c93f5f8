package org.imbrex.io.yara.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link AtomSearch} against a plain oracle: every offset where each atom byte is a wildcard or equals the data
 * byte (A-Z lowercased for a case-blind atom), over random data from a small alphabet with both cases, zeros
 * and planted atoms; atoms of 1 to 9 bytes, data shorter than an atom and than the four-byte head test.
 */
class AtomSearchTest {
    private static final byte[] ALPHABET = "aAkKeEyY\0-[`@\u00e9".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    @Test
    void everyOffset_isTheOraclesOffsets() {
        Random random = new Random(11);
        int found = 0;
        for (int round = 0; round < 3000; round++) {
            int length = 1 + random.nextInt(9);
            boolean caseBlind = random.nextBoolean();
            byte[] bytes = new byte[length];
            boolean[] wildcard = new boolean[length];
            for (int i = 0; i < length; i++) {
                wildcard[i] = i > 0 && i < length - 1 && random.nextInt(4) == 0;
                byte b = wildcard[i] ? 0 : ALPHABET[random.nextInt(ALPHABET.length)];
                bytes[i] = caseBlind && b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
            }
            Atom atom = new Atom(bytes, wildcard, 0, 0, caseBlind);
            byte[] data = new byte[random.nextInt(40)];
            for (int i = 0; i < data.length; i++) {
                data[i] = ALPHABET[random.nextInt(ALPHABET.length)];
            }
            if (data.length >= length && random.nextBoolean()) {
                int at = random.nextInt(data.length - length + 1);
                for (int i = 0; i < length; i++) {
                    data[at + i] = wildcard[i] ? data[at + i] : random.nextBoolean() && caseBlind && bytes[i] >= 'a'
                            && bytes[i] <= 'z' ? (byte) (bytes[i] - 32) : bytes[i];
                }
            }
            List<Integer> offsets = new ArrayList<>();
            AtomSearch.forEach(atom, data, offsets::add);
            assertThat(offsets).as("%s in %s", atom, java.util.HexFormat.of().formatHex(data))
                    .isEqualTo(oracle(bytes, wildcard, caseBlind, data));
            found += offsets.size();
        }
        assertThat(found).isGreaterThan(1000);
    }

    private static List<Integer> oracle(byte[] bytes, boolean[] wildcard, boolean caseBlind, byte[] data) {
        List<Integer> offsets = new ArrayList<>();
        for (int p = 0; p + bytes.length <= data.length; p++) {
            boolean all = true;
            for (int i = 0; i < bytes.length; i++) {
                byte b = data[p + i];
                byte seen = caseBlind && b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
                all &= wildcard[i] || seen == bytes[i];
            }
            if (all) {
                offsets.add(p);
            }
        }
        return offsets;
    }
}
