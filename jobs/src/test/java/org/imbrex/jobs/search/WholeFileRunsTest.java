package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.imbrex.io.input.ByteRange;
import org.junit.jupiter.api.Test;

/**
 * The runs a rule search's whole-file tasks take: every file once, whole, the runs in path order, empty runs
 * left out, each run placed on the hosts holding most of its bytes.
 */
class WholeFileRunsTest {
    private static final long MIB = 1L << 20;
    private static final Configuration CONF = new Configuration(false);

    private static LocatedFileStatus file(String name, long bytes, String... hosts) {
        BlockLocation[] blocks = hosts.length == 0 ? new BlockLocation[0]
                : new BlockLocation[] {new BlockLocation(hosts, hosts, 0, bytes)};
        return new LocatedFileStatus(bytes, false, 1, 128 * MIB, 0, 0, null, "u", "g", null,
                new Path("file:/data/" + name), blocks);
    }

    @Test
    void of_theJavadocsExample() {
        List<LocatedFileStatus> files = List.of(file("e", 10 * MIB, "dn2"), file("c", 0), file("a", 10 * MIB, "dn1"),
                file("d", 20 * MIB, "dn1"), file("b", 60 * MIB, "dn1"));

        List<RangeTasks.Ranges> runs = WholeFileRuns.of(files, 2, 0, CONF);

        assertThat(runs).extracting(RangeTasks.Ranges::index).containsExactly(0, 1);
        assertThat(runs.get(0).ranges()).containsExactly(ByteRange.wholeFile("file:/data/a", 10 * MIB),
                ByteRange.wholeFile("file:/data/b", 60 * MIB), ByteRange.wholeFile("file:/data/c", 0));
        assertThat(runs.get(1).ranges()).containsExactly(ByteRange.wholeFile("file:/data/d", 20 * MIB),
                ByteRange.wholeFile("file:/data/e", 10 * MIB));
        assertThat(runs.get(0).hosts()).containsExactly("dn1");
        assertThat(runs.get(1).hosts()).as("most bytes first").containsExactly("dn1", "dn2");
    }

    @Test
    void of_noFiles_noRun() {
        assertThat(WholeFileRuns.of(List.of(), 8, 0, CONF)).isEmpty();
    }

    @Test
    void of_randomFiles_eachFileOnceWholeInPathOrder() {
        Random random = new Random(3);
        List<LocatedFileStatus> files = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            files.add(file(String.format("%05d-%d", random.nextInt(100_000), i), random.nextInt(4) == 0 ? 0
                    : 1 + random.nextInt(1 << 20)));
        }

        List<RangeTasks.Ranges> runs = WholeFileRuns.of(files, 8, 64 << 10, CONF);

        assertThat(runs).hasSize(8);
        List<ByteRange> all = runs.stream().flatMap(run -> run.ranges().stream()).toList();
        assertThat(all).hasSize(files.size()).isSortedAccordingTo((x, y) -> x.path().compareTo(y.path()))
                .allMatch(range -> range.start() == 0 && range.length() == range.fileLength());
        assertThat(all).extracting(ByteRange::fileLength).containsExactlyInAnyOrderElementsOf(
                files.stream().map(LocatedFileStatus::getLen).toList());
    }
}
