package org.imbrex.io.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sparse file over 2 GiB: offsets past 2^31 and at the very end are found with their exact long value.
 * Only the ranges around the planted matches are scanned, as the splits that hold them would be.
 */
class LargeFileScanTest {
    private static final long TWO_GIB = 1L << 31;
    private static final long LENGTH = (5L << 30) + 12_345;

    @TempDir
    java.nio.file.Path dir;

    @Test
    void scan_sparseFileOver2GiB_findsMatchesAround2Pow31AndAtTheEnd() throws IOException {
        Signature dead = Signature.ofHex("dead", "DE AD ?? 00 BE EF");
        Signature tail = Signature.ofHex("tail", "7F 45 4C 46 01 02 01 00 00 00 00 00 00 00 00 00 03 00 3E 00");
        long[] deadAt = {TWO_GIB - 3, TWO_GIB + 3, (1L << 32) - 1, LENGTH - 6};
        long tailAt = LENGTH - 40;
        java.nio.file.Path file = dir.resolve("sparse.bin");
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(LENGTH);
            for (long at : deadAt) {
                sparse.seek(at);
                sparse.write(new byte[] {(byte) 0xDE, (byte) 0xAD, 0x55, 0x00, (byte) 0xBE, (byte) 0xEF});
            }
            sparse.seek(tailAt);
            sparse.write(new byte[] {0x7F, 0x45, 0x4C, 0x46, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3E, 0});
        }
        String path = new org.apache.hadoop.fs.Path(file.toUri()).toString();
        // A split boundary exactly at 2^31, as a 128 MiB split size gives; matches on both sides of it.
        List<ByteRange> ranges = List.of(
                new ByteRange(path, TWO_GIB - 65_536, 65_536, LENGTH),
                new ByteRange(path, TWO_GIB, 65_536, LENGTH),
                new ByteRange(path, (1L << 32) - 4096, 8192, LENGTH),
                new ByteRange(path, LENGTH - 100_000, 100_000, LENGTH));

        List<Match> matches = Scans.scan(new Configuration(), ranges,
                SearchPlan.compile(List.of(dead, tail)), 4096, ScoreLimit.atMost(0));

        assertThat(matches).containsExactly(
                new Match(0, deadAt[0], 0), new Match(0, deadAt[1], 0), new Match(0, deadAt[2], 0),
                new Match(0, deadAt[3], 0), new Match(1, tailAt, 0));
        assertThat(deadAt[3] + dead.length()).isEqualTo(LENGTH);
    }
}
