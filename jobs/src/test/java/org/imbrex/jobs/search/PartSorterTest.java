package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.imbrex.io.signature.Signature;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartSorterTest {
    private static final List<Signature> SIGNATURES = List.of(signature("zip", 0x50, 0x4B),
            signature("mz", 0x4D, 0x5A), signature("png", 0x89, 0x50));
    private static final TableOrder ORDER = TableOrder.of(SIGNATURES);
    private static final String[] PATHS = {"file:/d/a.bin", "file:/d/b.bin", "file:/d/\uD83D\uDE00.bin",
            "file:/d/\uFFFD.bin", "file:/d/a.bin.1"};

    @Property(tries = 60)
    void sorted_anyRunSize_givesEveryMatchOnceInTableOrder(@ForAll @IntRange(min = 0, max = 3000) int rows,
            @ForAll @IntRange(min = 2000, max = 400_000) int runBytes, @ForAll long seed) {
        List<Match> matches = randomMatches(rows, new Random(seed));
        List<Match> expected = new ArrayList<>(matches);
        expected.sort(ORDER);

        List<Match> sorted = new ArrayList<>();
        try (PartSorter parts = new PartSorter(ORDER, runBytes, PartSorterTest::tempFile)) {
            matches.forEach(parts::add);
            parts.sorted().forEachRemaining(sorted::add);
            assertThat(parts.rows()).isEqualTo(rows);
        }

        assertThat(sorted).containsExactlyElementsOf(expected);
    }

    @Test
    void sorted_runsSpilled_mergesThemAndCloseDeletesTheirFiles(@TempDir Path dir) throws IOException {
        List<Match> matches = randomMatches(5000, new Random(7));
        List<Match> sorted = new ArrayList<>();
        PartSorter parts = new PartSorter(ORDER, 20_000, () -> Files.createTempFile(dir, "run", ".kryo").toFile());
        try {
            matches.forEach(parts::add);
            assertThat(parts.spills()).as("runs of about 20 kB from 5000 matches of ~100 bytes").isGreaterThan(10);
            assertThat(filesIn(dir)).hasSize(parts.spills());
            parts.sorted().forEachRemaining(sorted::add);
        } finally {
            parts.close();
        }

        assertThat(sorted).isSortedAccordingTo(ORDER).containsExactlyInAnyOrderElementsOf(matches);
        assertThat(filesIn(dir)).isEmpty();
    }

    @Test
    void sorted_nothingAdded_isEmpty() {
        try (PartSorter parts = new PartSorter(ORDER, 1, PartSorterTest::tempFile)) {
            assertThat(parts.sorted()).isExhausted();
            assertThat(parts.spills()).isZero();
        }
    }

    @Test
    void add_eachMatchOverTheRunSize_spillsEveryOneAndStillSorts() {
        List<Match> matches = new ArrayList<>(randomMatches(50, new Random(3)));
        Collections.reverse(matches);
        List<Match> sorted = new ArrayList<>();
        try (PartSorter parts = new PartSorter(ORDER, 1, PartSorterTest::tempFile)) {
            matches.forEach(parts::add);
            assertThat(parts.spills()).isEqualTo(50);
            parts.sorted().forEachRemaining(sorted::add);
        }
        assertThat(sorted).isSortedAccordingTo(ORDER).hasSize(50);
    }

    /** Distinct matches: a (signature, path, offset) appears once, as a scan reports it. */
    private static List<Match> randomMatches(int rows, Random random) {
        List<Match> matches = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (matches.size() < rows) {
            int signature = random.nextInt(SIGNATURES.size());
            String path = PATHS[random.nextInt(PATHS.length)];
            long offset = random.nextInt(4) == 0 ? random.nextLong() >>> 1 : random.nextInt(1000);
            if (seen.add(signature + " " + path + " " + offset)) {
                matches.add(new Match(signature, path, offset, random.nextInt(300)));
            }
        }
        return matches;
    }

    private static List<Path> filesIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }

    private static File tempFile() throws IOException {
        File file = Files.createTempFile("imbrex-part-sorter-test", ".kryo").toFile();
        file.deleteOnExit();
        return file;
    }

    private static Signature signature(String name, int b0, int b1) {
        return new Signature(name, new byte[] {(byte) b0, (byte) b1}, new boolean[2]);
    }
}
