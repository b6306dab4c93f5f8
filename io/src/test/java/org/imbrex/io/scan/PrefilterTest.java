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
import org.imbrex.kernels.dispatch.NumThreads;
import org.imbrex.kernels.dispatch.ThreadContext;
import org.imbrex.kernels.dispatch.ThreadShader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The prefilter does less work for the same matches: the msad4 passes run on candidates only. */
class PrefilterTest {
    @TempDir
    java.nio.file.Path dir;

    @Test
    void scan_exactSignaturesInRandomData_dispatchesTheFilterAndFewGathersPerTile() throws IOException {
        Random random = new Random(12);
        byte[] data = new byte[1 << 20];
        random.nextBytes(data);
        List<Signature> signatures = new ArrayList<>();
        for (int s = 0; s < 16; s++) {
            byte[] pattern = new byte[20];
            random.nextBytes(pattern);
            signatures.add(new Signature("s" + s, pattern, new boolean[20]));
            RandomSignatures.plant(signatures.get(s), data, random.nextInt(data.length - 20), random);
        }
        SearchPlan plan = SearchPlan.compile(signatures);
        java.nio.file.Path file = dir.resolve("data.bin");
        Files.write(file, data);

        ScanStats filtered = scan(plan, file, Prefilter.ANCHORS);
        ScanStats dense = scan(plan, file, Prefilter.NONE);

        assertThat(filtered.matches()).isEqualTo(dense.matches()).isGreaterThanOrEqualTo(16);
        assertThat(dense.dispatches()).isGreaterThanOrEqualTo(16 * 16);    // every first pass on every tile
        // per tile one filter Dispatch; a gather only for the signature planted in it, or a rare false candidate
        assertThat(filtered.dispatches()).isLessThanOrEqualTo(16 + 2 * 16);
    }

    /**
     * A YARA rule set gives thousands of atoms, some of them common in real data (a "str" of a text string, a
     * function prologue): such an atom's thousands of candidates in a tile are gathered like any other's,
     * while the candidates of all atoms together stay within the filter's budget.
     */
    @Test
    void scan_commonSignatureAmongThousands_isGatheredNotScannedDensely() throws IOException {
        Random random = new Random(31);
        byte[] data = new byte[1 << 20];
        random.nextBytes(data);
        List<Signature> signatures = new ArrayList<>();
        for (int s = 0; s < 3000; s++) {
            byte[] pattern = new byte[8];
            random.nextBytes(pattern);
            signatures.add(new Signature("r" + s, pattern, new boolean[8]));
        }
        Signature common = Signature.ofHex("common", "FD 7B BF A9 FD 03");
        signatures.add(common);
        for (int i = 0; i < 2000; i++) {
            RandomSignatures.plant(common, data, random.nextInt(data.length - common.length()), random);
        }
        SearchPlan plan = SearchPlan.compile(signatures);
        java.nio.file.Path file = dir.resolve("common.bin");
        Files.write(file, data);

        List<Match> found = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator()) {
            // the dense msad4-search pass is not there to run: a signature scanned densely fails the test
            ScanShaders gatherOnly = ScanShaders.withSearch(NoDenseScan::new);
            try (TileScanner scanner = new TileScanner(plan, 1 << 20, allocator, gatherOnly, Prefilter.ANCHORS)) {
                scanWhole(scanner, file, found);
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
        java.util.Collections.sort(found);
        // the oracle: every offset's eight bytes looked up among the random signatures, the common one by brute force
        java.util.Map<Long, Integer> random8 = new java.util.HashMap<>();
        for (int s = 0; s < 3000; s++) {
            random8.put(java.nio.ByteBuffer.wrap(signatures.get(s).pattern()).getLong(), s);
        }
        List<Match> expected = new ArrayList<>();
        java.nio.ByteBuffer view = java.nio.ByteBuffer.wrap(data);
        for (int o = 0; o + 8 <= data.length; o++) {
            Integer s = random8.get(view.getLong(o));
            if (s != null) {
                expected.add(new Match(s, o, 0));
            }
        }
        for (Match m : BruteForce.matches(data, List.of(common), 0)) {
            expected.add(new Match(3000, m.offset(), 0));
        }
        java.util.Collections.sort(expected);
        assertThat(expected.stream().filter(m -> m.signature() == 3000).count()).isGreaterThan(1900);
        assertThat(found).isEqualTo(expected);
    }

    /**
     * Hundreds of signatures sharing their rarest gram fill one bucket of the key table; a hit finds the
     * entries whose neighbour bytes it holds by binary search, so each planted copy, also at the very start
     * and end of a tile, must still be found, and nothing else.
     */
    @Test
    void scan_manySignaturesSharingTheirKeyGram_findEveryCopyAndNothingElse() throws IOException {
        Random random = new Random(77);
        byte[] data = new byte[1 << 18];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (random.nextInt(8) == 0 ? 0xE9 : random.nextInt(256));
        }
        List<Signature> signatures = new ArrayList<>();
        for (int s = 0; s < 600; s++) {
            byte[] pattern = new byte[4 + random.nextInt(5)];
            random.nextBytes(pattern);
            int at = random.nextInt(pattern.length - 1);
            pattern[at] = (byte) 0x0F;          // the same rare pair in every signature, at different places
            pattern[at + 1] = (byte) 0xF1;
            boolean[] wildcard = new boolean[pattern.length];
            for (int i = 0; i < pattern.length; i++) {
                wildcard[i] = i != at && i != at + 1 && random.nextInt(5) == 0;
            }
            signatures.add(new Signature("k" + s, pattern, wildcard));
        }
        for (int copy = 0; copy < 1200; copy++) {
            Signature signature = signatures.get(random.nextInt(signatures.size()));
            int offset = copy == 0 ? 0 : copy == 1 ? data.length - signature.length() : random.nextInt(
                    data.length - signature.length());
            RandomSignatures.plant(signature, data, offset, random);
        }
        SearchPlan plan = SearchPlan.compile(signatures);
        java.nio.file.Path file = dir.resolve("shared-key.bin");
        Files.write(file, data);

        List<Match> found = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                TileScanner scanner = new TileScanner(plan, 1 << 16, allocator, ScanShaders.java(), Prefilter.ANCHORS)) {
            scanWhole(scanner, file, found);
        }
        java.util.Collections.sort(found);
        List<Match> expected = BruteForce.matches(data, signatures, 0);
        assertThat(expected).hasSizeGreaterThan(1000);
        assertThat(found).isEqualTo(expected);
    }

    private static void scanWhole(TileScanner scanner, java.nio.file.Path file, List<Match> found) throws IOException {
        String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
        scanner.scan(FileSystem.getLocal(new Configuration()), ByteRange.wholeFile(path, Files.size(file)),
                ScoreLimit.atMost(0), (s, o, sad) -> found.add(new Match(s, o, sad)));
    }

    private static ScanStats scan(SearchPlan plan, java.nio.file.Path file, Prefilter prefilter) throws IOException {
        try (BufferAllocator allocator = new RootAllocator()) {
            ScanStats stats;
            try (TileScanner scanner = new TileScanner(plan, 1 << 16, allocator, ScanShaders.java(), prefilter)) {
                String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
                stats = scanner.scan(FileSystem.getLocal(new Configuration()),
                        ByteRange.wholeFile(path, Files.size(file)), ScoreLimit.atMost(0), (s, o, sad) -> { });
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
            return stats;
        }
    }

    /** A search shader with msad4-search's bindings whose every thread fails the test. */
    private static final class NoDenseScan implements ThreadShader {
        @Override
        public String name() {
            return "no-dense-scan";
        }

        @Override
        public NumThreads numThreads() {
            return NumThreads.of(64, 1, 1);
        }

        @Override
        public void main(ThreadContext thread) {
            throw new AssertionError("a signature was scanned densely");
        }
    }
}
