package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Exact scans whose keys are tested at every 4th, every 2nd or every tile byte ({@link KeyStrides}) find
 * what the brute-force oracle finds: matches planted at offsets of every residue mod 4, across tile edges,
 * with tiles of sizes that are not multiples of 4.
 */
class KeyStrideScanTest {
    @TempDir
    java.nio.file.Path dir;

    @ParameterizedTest(name = "{0}: classes {1}")
    @CsvSource({
        // literal pairs at positions of every residue mod 4: keys at word starts only
        "'L L L L L L L L L L L L', 0001",
        // pairs at 0, 1, 7, 8 (residues 0, 1, 3, 0): none at 2, so even bytes
        "'L L L ?? ?? ?? ?? L L L', 0101",
        // no two literals in a row: single-byte keys at every byte
        "'L ?? L ?? L ?? L', 1111"})
    void scan_plantedAtEveryResidue_findsTheOraclesMatches(String shape, String classes) throws IOException {
        Random random = new Random(shape.hashCode());
        byte[] data = new byte[200_003];
        random.nextBytes(data);
        List<Signature> signatures = new ArrayList<>();
        String[] positions = shape.split(" ");
        for (int s = 0; s < 12; s++) {
            byte[] pattern = new byte[positions.length];
            boolean[] wildcard = new boolean[positions.length];
            random.nextBytes(pattern);
            for (int p = 0; p < positions.length; p++) {
                wildcard[p] = positions[p].equals("??");
            }
            Signature signature = new Signature("s" + s, pattern, wildcard);
            signatures.add(signature);
            for (int copy = 0; copy < 8; copy++) {
                // offsets ≡ copy (mod 4), some at the start and end of the data and around 4 KiB edges
                int offset = copy == 0 ? 0 : copy == 7 ? data.length - pattern.length
                        : 4 * random.nextInt((data.length - pattern.length) / 4) + copy % 4;
                if (copy == 5) {
                    offset = 4096 * (1 + random.nextInt(40)) - random.nextInt(pattern.length) - 1;
                }
                RandomSignatures.plant(signature, data, offset, random);
            }
        }
        SearchPlan plan = SearchPlan.compile(signatures);
        java.nio.file.Path file = dir.resolve("data.bin");
        Files.write(file, data);
        List<Match> expected = new ArrayList<>(BruteForce.matches(data, signatures, 0));
        java.util.Collections.sort(expected);
        // (a later plant may overwrite an earlier one of another signature)
        assertThat(expected).hasSizeGreaterThanOrEqualTo(12 * 4);
        assertThat(expected).extracting(m -> (int) (m.offset() % 4)).contains(0, 1, 2, 3);
        for (int core : new int[] {4096, 999, 65536, 1 << 20}) {
            try (BufferAllocator allocator = new RootAllocator()) {
                List<Match> found = new ArrayList<>();
                try (TileScanner scanner = new TileScanner(plan, core, allocator, ScanShaders.java(), Prefilter.ANCHORS)) {
                    String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
                    scanner.scan(FileSystem.getLocal(new Configuration()), ByteRange.wholeFile(path, data.length),
                            ScoreLimit.atMost(0), (s, offset, sad) -> found.add(new Match(s, offset, sad)));
                    assertThat(Integer.toBinaryString(scanner.keyedClasses())).as("core %d", core)
                            .isEqualTo(Integer.toString(Integer.parseInt(classes, 2), 2));
                }
                java.util.Collections.sort(found);
                assertThat(found).as("core %d", core).isEqualTo(expected);
                assertThat(allocator.getAllocatedMemory()).isZero();
            }
        }
    }
}
