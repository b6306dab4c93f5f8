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
}
