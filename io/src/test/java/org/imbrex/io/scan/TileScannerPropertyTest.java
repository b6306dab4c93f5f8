package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.imbrex.io.signature.Signature;

/** Results equal the oracle for any data, signatures, tile size, split size and limit. */
class TileScannerPropertyTest {

    @Property(tries = 40)
    void search_anyTileSplitAndLimit_findsWhatTheOracleFinds(
            @ForAll long seed,
            @ForAll @IntRange(min = 0, max = 3000) int dataLength,
            @ForAll @IntRange(min = 1, max = 4) int signatureCount,
            @ForAll @IntRange(min = 1, max = 300) int longest,
            @ForAll @IntRange(min = 0, max = 1500) int coreBeyondLongest,
            @ForAll @IntRange(min = 64, max = 3100) int splitSize,
            @ForAll @IntRange(min = -1, max = 8000) int maxSad) throws IOException {
        Random random = new Random(seed);
        List<Signature> signatures = new ArrayList<>();
        signatures.add(RandomSignatures.of("s0", longest, random));
        for (int s = 1; s < signatureCount; s++) {
            signatures.add(RandomSignatures.of("s" + s, 1 + random.nextInt(longest), random));
        }
        byte[] data = new byte[dataLength];
        random.nextBytes(data);
        for (Signature signature : signatures) {
            if (signature.length() <= dataLength) {
                RandomSignatures.plant(signature, data, random.nextInt(dataLength - signature.length() + 1), random);
            }
        }
        // −1 stands for no limit; small limits make later passes run on surviving groups only.
        ScoreLimit limit = maxSad < 0 ? ScoreLimit.any() : ScoreLimit.atMost(maxSad);
        java.nio.file.Path file = Files.createTempFile("imbrex-property", ".bin");
        try {
            Files.write(file, data);
            String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();

            List<Match> scanned = Scans.search(path, SearchPlan.compile(signatures), longest + coreBeyondLongest,
                    splitSize, limit);

            assertThat(scanned).isEqualTo(BruteForce.matches(data, signatures, limit.maxSad(0)));
        } finally {
            Files.delete(file);
        }
    }
}
