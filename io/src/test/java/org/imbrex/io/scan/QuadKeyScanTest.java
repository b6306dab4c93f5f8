package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Scans whose table keys windows by four bytes ({@link QuadKeys}, the {@code quad-filter} shader) find what
 * the brute-force oracle finds: hundreds of signatures over a small alphabet, so that their grams are common
 * and the scan keys quads, beside signatures without four literal bytes in a row that keep gram keys; matches
 * planted at every residue mod 4, across tile edges, at the data's start and end, with wildcards and zeros.
 */
class QuadKeyScanTest {
    /** Bytes of the data and of the signatures: 16 values, so a gram is one in 256 and a quad one in 65,536. */
    private static final byte[] ALPHABET = "\0aeinorstlcdhu .".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    @TempDir
    java.nio.file.Path dir;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void quadKeyedScan_findsTheOraclesMatches(int seed) throws IOException {
        Random random = new Random(seed);
        byte[] data = new byte[48_001];
        for (int i = 0; i < data.length; i++) {
            data[i] = letter(random);
        }
        List<Signature> signatures = new ArrayList<>();
        for (int s = 0; s < 600; s++) {
            int length = 5 + random.nextInt(s % 50 == 0 ? 40 : 12);
            byte[] pattern = new byte[length];
            boolean[] wildcard = new boolean[length];
            boolean sparse = s % 40 == 7; // no four literal bytes in a row: a gram key
            for (int p = 0; p < length; p++) {
                wildcard[p] = p > 0 && p < length - 1 && (sparse ? p % 2 == 1 : random.nextInt(9) == 0);
                pattern[p] = wildcard[p] ? 0 : letter(random);
            }
            signatures.add(new Signature("s" + s, pattern, wildcard));
        }
        for (int copy = 0; copy < 900; copy++) {
            Signature signature = signatures.get(random.nextInt(signatures.size()));
            int offset = copy == 0 ? 0 : copy == 1 ? data.length - signature.length()
                    : copy % 7 == 0 ? Math.max(0, 4096 * (1 + random.nextInt(11)) - random.nextInt(signature.length()) - 1)
                    : random.nextInt(data.length - signature.length());
            RandomSignatures.plant(signature, data, offset, random);
        }
        SearchPlan plan = SearchPlan.compile(signatures);
        java.nio.file.Path file = dir.resolve("data.bin");
        Files.write(file, data);
        List<Match> expected = new ArrayList<>(BruteForce.matches(data, signatures, 0));
        Collections.sort(expected);
        assertThat(expected).hasSizeGreaterThan(500);
        assertThat(expected).extracting(m -> (int) (m.offset() % 4)).contains(0, 1, 2, 3);
        for (int core : new int[] {4096, 999, 65536}) {
            try (BufferAllocator allocator = new RootAllocator()) {
                List<Match> found = new ArrayList<>();
                try (TileScanner scanner = new TileScanner(plan, core, allocator, ScanShaders.java(), Prefilter.ANCHORS)) {
                    String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
                    scanner.scan(FileSystem.getLocal(new Configuration()), ByteRange.wholeFile(path, data.length),
                            ScoreLimit.atMost(0), (s, offset, sad) -> found.add(new Match(s, offset, sad)));
                    assertThat(scanner.quadKeyed()).as("quad-keyed anchors, core %d", core).isGreaterThan(500);
                    assertThat(scanner.keyedClasses()).as("gram keys beside them, core %d", core).isEqualTo(0b1111);
                }
                Collections.sort(found);
                assertThat(found).as("core %d", core).isEqualTo(expected);
                assertThat(allocator.getAllocatedMemory()).isZero();
            }
        }
    }

    @Test
    void aFewSignaturesWithRarePairs_stayWithGramKeys() throws IOException {
        Random random = new Random(7);
        byte[] data = new byte[20_000];
        random.nextBytes(data);
        List<Signature> signatures = new ArrayList<>();
        for (int s = 0; s < 20; s++) {
            Signature signature = RandomSignatures.of("s" + s, 12, random);
            signatures.add(signature);
            RandomSignatures.plant(signature, data, random.nextInt(data.length - 12), random);
        }
        java.nio.file.Path file = dir.resolve("rare.bin");
        Files.write(file, data);
        try (BufferAllocator allocator = new RootAllocator();
                TileScanner scanner = new TileScanner(SearchPlan.compile(signatures), 4096, allocator,
                        ScanShaders.java(), Prefilter.ANCHORS)) {
            List<Match> found = new ArrayList<>();
            String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
            scanner.scan(FileSystem.getLocal(new Configuration()), ByteRange.wholeFile(path, data.length),
                    ScoreLimit.atMost(0), (s, offset, sad) -> found.add(new Match(s, offset, sad)));
            assertThat(scanner.quadKeyed()).isZero();
            Collections.sort(found);
            List<Match> expected = new ArrayList<>(BruteForce.matches(data, signatures, 0));
            Collections.sort(expected);
            assertThat(found).isEqualTo(expected).isNotEmpty();
        }
    }

    private static byte letter(Random random) {
        return ALPHABET[random.nextInt(ALPHABET.length)];
    }
}
