package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.hadoop.conf.Configuration;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;

/** {@link TileBytes#ASCII_LOWER}: a scan of the lowercased view equals the oracle on the lowercased bytes. */
class TileBytesTest {
    /** Letters of both cases, their neighbours in the table (@ [ ` {), zero, and high bytes. */
    private static final byte[] ALPHABET = "aAbBzZ@[`{\u0000\u00c4\u00e4 -".getBytes(StandardCharsets.ISO_8859_1);

    @Test
    void asciiLower_changesTheCapitalsOnly() {
        byte[] all = new byte[256 * 8];
        for (int b = 0; b < 256; b++) {
            int expected = b >= 'A' && b <= 'Z' ? b + 32 : b;
            assertThat(TileBytes.ASCII_LOWER.of(b)).as("byte %d", b).isEqualTo(expected);
            assertThat(TileBytes.AS_READ.of(b)).isEqualTo(b);
            for (int lane = 0; lane < 8; lane++) {
                all[lane * 256 + (b + 37 * lane) % 256] = (byte) b; // every byte once in every lane of a long
            }
        }
        byte[] lowered = all.clone();
        TileBytes.ASCII_LOWER.apply(lowered, 0, lowered.length);
        for (int i = 0; i < all.length; i++) {
            assertThat(lowered[i] & 0xFF).as("byte %d in place", all[i] & 0xFF)
                    .isEqualTo(TileBytes.ASCII_LOWER.of(all[i] & 0xFF));
        }
    }

    /** Every byte in every lane of the eight-byte steps, at every start and end. */
    @Test
    void asciiLower_inPlace_equalsByteByByte_atAnyBounds() {
        Random random = new Random(11);
        for (int trial = 0; trial < 2000; trial++) {
            byte[] bytes = new byte[1 + random.nextInt(40)];
            random.nextBytes(bytes);
            int from = random.nextInt(bytes.length);
            int to = from + random.nextInt(bytes.length - from + 1);
            byte[] expected = bytes.clone();
            for (int i = from; i < to; i++) {
                expected[i] = (byte) TileBytes.ASCII_LOWER.of(expected[i] & 0xFF);
            }
            TileBytes.ASCII_LOWER.apply(bytes, from, to);
            assertThat(bytes).isEqualTo(expected);
        }
    }

    /**
     * The vector lanes' registers and the eight-byte steps after them lowercase the same bytes, at every start
     * and end around a register's 64 bytes, and the eight-byte steps alone do too (a JVM without the module).
     */
    @Test
    void lowercase_inLanesOrNot_equalsByteByByte_atAnyBounds() {
        Random random = new Random(12);
        for (int trial = 0; trial < 3000; trial++) {
            byte[] bytes = new byte[1 + random.nextInt(300)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(3) == 0 ? ALPHABET[random.nextInt(ALPHABET.length)]
                        : (byte) random.nextInt(256);
            }
            int from = random.nextInt(bytes.length);
            int to = from + random.nextInt(bytes.length - from + 1);
            byte[] expected = bytes.clone();
            for (int i = from; i < to; i++) {
                expected[i] = (byte) TileBytes.ASCII_LOWER.of(expected[i] & 0xFF);
            }
            for (boolean inLanes : new boolean[] {true, false}) {
                byte[] lowered = bytes.clone();
                TileBytes.lowercase(lowered, from, to, inLanes);
                assertThat(lowered).as("in lanes %b, [%d, %d)", inLanes, from, to).isEqualTo(expected);
            }
        }
    }

    @Test
    void lanes_lowercaseWholeRegistersOnly_andReturnWhereTheyStopped() {
        byte[] bytes = new byte[200];
        java.util.Arrays.fill(bytes, (byte) 'Q');
        int end = TileBytesLanes.lowercase(bytes, 3, 200);
        int register = jdk.incubator.vector.ByteVector.SPECIES_PREFERRED.length();
        assertThat(end).isEqualTo(3 + (197 / register) * register);
        for (int i = 0; i < bytes.length; i++) {
            assertThat(bytes[i]).as("byte %d", i).isEqualTo((byte) (i >= 3 && i < end ? 'q' : 'Q'));
        }
    }

    @Property(tries = 40)
    void scanOfTheLowercaseView_anyTileAndSplit_findsWhatTheOracleFindsInLowercasedBytes(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 3000) int dataLength,
            @ForAll @IntRange(min = 1, max = 40) int longest,
            @ForAll @IntRange(min = 0, max = 700) int coreBeyondLongest,
            @ForAll @IntRange(min = 64, max = 3100) int splitSize,
            @ForAll @IntRange(min = 0, max = 3) int maxSad) throws IOException {
        Random random = new Random(seed);
        byte[] data = new byte[dataLength];
        for (int i = 0; i < dataLength; i++) {
            data[i] = ALPHABET[random.nextInt(ALPHABET.length)];
        }
        List<Signature> signatures = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            // lowercase signatures, as the case-blind ones are written; some with wildcards
            byte[] pattern = new byte[s == 0 ? longest : 1 + random.nextInt(longest)];
            boolean[] wildcard = new boolean[pattern.length];
            int at = dataLength > pattern.length ? random.nextInt(dataLength - pattern.length) : -1;
            for (int i = 0; i < pattern.length; i++) {
                int b = at >= 0 ? data[at + i] & 0xFF : ALPHABET[random.nextInt(ALPHABET.length)] & 0xFF;
                pattern[i] = (byte) TileBytes.ASCII_LOWER.of(b);
                wildcard[i] = i > 0 && i < pattern.length - 1 && random.nextInt(8) == 0;
            }
            signatures.add(new Signature("s" + s, pattern, wildcard));
        }
        byte[] lowered = data.clone();
        TileBytes.ASCII_LOWER.apply(lowered, 0, lowered.length);
        Path file = Files.createTempFile("imbrex-case", ".bin");
        try {
            Files.write(file, data);
            String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
            Configuration conf = new Configuration();
            for (Prefilter prefilter : Prefilter.values()) {
                List<Match> scanned = Scans.scan(conf, Scans.ranges(conf, List.of(path), splitSize),
                        SearchPlan.compile(signatures), longest + coreBeyondLongest, ScoreLimit.atMost(maxSad),
                        prefilter, TileBytes.ASCII_LOWER);
                assertThat(scanned).as("prefilter %s", prefilter)
                        .isEqualTo(BruteForce.matches(lowered, signatures, maxSad));
            }
        } finally {
            Files.delete(file);
        }
    }
}
