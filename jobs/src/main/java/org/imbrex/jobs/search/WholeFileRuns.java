package org.imbrex.jobs.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.input.InputFile;

/**
 * The tasks of a rule search over whole files ({@link ScanAndEvaluate}): the files in path order cut into
 * runs of about equal weight ({@link PathRuns}), each file one range from its first byte to its last, each
 * run placed where most of its bytes are (up to three hosts, as a scan's splits are placed).
 * <pre>
 *   files (MiB)   a 10 | b 30 | c 0 | d 20 | e 40          2 runs:   [a, b, c] on dn1   [d, e] on dn2, dn1
 *   partition     0                                                 0                  1
 * </pre>
 * Example: {@code WholeFileRuns.of(listed, 8, 64 << 10)} for 1,039 binaries of 396 MiB gives 8 runs of about
 * 50 MiB each.
 */
final class WholeFileRuns {
    private static final int MAX_HOSTS = 3;

    private WholeFileRuns() {
    }

    /** At most {@code runs} runs of {@code files}, each file weighing its length plus {@code openCost}. */
    static List<RangeTasks.Ranges> of(List<LocatedFileStatus> files, int runs, long openCost) {
        List<LocatedFileStatus> sorted = new ArrayList<>(files);
        sorted.sort(Comparator.comparing(file -> file.getPath().toString()));
        PathRuns cuts = PathRuns.of(sorted.stream().map(file -> new InputFile(
                file.getPath().toString(), file.getLen())).toList(), runs, openCost);
        List<List<LocatedFileStatus>> byRun = new ArrayList<>();
        for (int i = 0; i < cuts.numPartitions(); i++) {
            byRun.add(new ArrayList<>());
        }
        for (LocatedFileStatus file : sorted) {
            byRun.get(cuts.getPartition(file.getPath().toString())).add(file);
        }
        List<RangeTasks.Ranges> tasks = new ArrayList<>();
        for (List<LocatedFileStatus> run : byRun) {
            if (run.isEmpty()) {
                continue;
            }
            List<ByteRange> ranges = run.stream().map(file -> ByteRange.wholeFile(file.getPath().toString(),
                    file.getLen())).toList();
            tasks.add(new RangeTasks.Ranges(tasks.size(), ranges, hosts(run)));
        }
        return tasks;
    }

    /** The hosts holding most bytes of {@code run}, most first (ties by name); none where none is known. */
    private static String[] hosts(List<LocatedFileStatus> run) {
        Map<String, Long> hostBytes = new TreeMap<>();
        for (LocatedFileStatus file : run) {
            for (BlockLocation block : file.getBlockLocations()) {
                try {
                    for (String host : block.getHosts()) {
                        hostBytes.merge(host, block.getLength(), Long::sum);
                    }
                } catch (IOException unknown) {
                    // BlockLocation declares it; no file system throws it. Such a block has no known host.
                }
            }
        }
        return hostBytes.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(MAX_HOSTS).map(Map.Entry::getKey).toArray(String[]::new);
    }
}
