package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.imbrex.io.input.InputFile;
import org.imbrex.jobs.spark.TaperedShares;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PathRunsTest {
    private static final long MIB = 1L << 20;

    private static InputFile file(String name, long mib) {
        return new InputFile("file:/data/" + name, mib * MIB);
    }

    @Test
    void of_theJavadocsExample() {
        List<InputFile> files = List.of(file("e", 30), file("a", 10), file("c", 40), file("b", 300), file("d", 20));

        PathRuns runs = PathRuns.of(files, 2, 0);

        assertThat(runs.numPartitions()).isEqualTo(2);
        assertThat(List.of("a", "b", "b2", "c", "d", "e", "zz")).extracting(n -> runs.getPartition("file:/data/" + n))
                .containsExactly(0, 0, 0, 1, 1, 1, 1);
    }

    @Test
    void of_noFilesOrOnePart_isOnePart() {
        assertThat(PathRuns.of(List.of(), 4, 0).numPartitions()).isEqualTo(1);
        assertThat(PathRuns.of(List.of(file("a", 1), file("b", 1)), 1, 0).getPartition("file:/data/b")).isZero();
    }

    @Test
    void of_oneHugeFile_fewerRunsThanParts() {
        PathRuns runs = PathRuns.of(List.of(file("a", 1), file("b", 1000), file("c", 1)), 8, 0);

        assertThat(runs.numPartitions()).isBetween(1, 3);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 8})
    void of_randomFiles_runsInPathOrderAndTaperingWeight(int parts) {
        Random random = new Random(parts);
        List<InputFile> files = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            files.add(file(String.format("%05d-%d", random.nextInt(100_000), i), 1 + random.nextInt(8)));
        }
        long openCost = 64 << 10;
        PathRuns runs = PathRuns.of(files, parts, openCost);

        assertThat(runs.numPartitions()).isEqualTo(parts);
        List<InputFile> sorted = files.stream().sorted(Comparator.comparing(InputFile::path)).toList();
        long[] weights = new long[parts];
        int previous = 0;
        for (InputFile f : sorted) {
            int part = runs.getPartition(f.path());
            assertThat(part).as("%s after part %d", f.path(), previous).isBetween(previous, parts - 1);
            previous = part;
            weights[part] += f.length() + openCost;
        }
        long total = java.util.Arrays.stream(weights).sum();
        for (int k = 0; k < parts; k++) {
            // within one file (at most 8 MiB + open cost) of its tapered share
            double share = total * (TaperedShares.before(k + 1, parts) - TaperedShares.before(k, parts));
            assertThat((double) weights[k]).as("run %d of %s", k, java.util.Arrays.toString(weights))
                    .isCloseTo(share, within(8.0 * MIB + openCost));
        }
        assertThat(weights[0]).as("the first run, the largest").isGreaterThan(weights[parts - 1]);
    }
}
