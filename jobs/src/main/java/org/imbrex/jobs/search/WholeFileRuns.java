package org.imbrex.jobs.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.imbrex.io.input.ByteRangeInputFormat;
import org.imbrex.io.input.InputFile;
import org.imbrex.io.input.PackedSplit;

/**
 * The tasks of a rule search over whole files ({@link ScanAndEvaluate}): the files in path order cut into
 * runs of tapering weight ({@link PathRuns}), each file one range from its first byte to its last, each run
 * placed where most of its bytes are ({@link ByteRangeInputFormat#wholeFiles}, as a scan's splits are placed).
 * <pre>
 *   files (MiB)   a 10 | b 60 | c 0 | d 20 | e 10       2 runs, 80% and 20%:   [a, b, c] on dn1   [d, e] on dn1, dn2
 *   partition     0                                                            0                  1
 * </pre>
 * Example: {@code WholeFileRuns.of(listed, 8, 64 << 10, conf)} for 1,039 binaries of 396 MiB gives 8 runs
 * tapering from about 79 MiB to about 20 MiB.
 */
final class WholeFileRuns {
    private WholeFileRuns() {
    }

    /** At most {@code runs} tapering runs of {@code files}, each file weighing its length plus {@code openCost}. */
    static List<RangeTasks.Ranges> of(List<LocatedFileStatus> files, int runs, long openCost, Configuration conf) {
        // each path printed once: Path.toString builds the string anew, and a sort asks for it 20,000 times
        List<Map.Entry<String, LocatedFileStatus>> sorted = new ArrayList<>();
        for (LocatedFileStatus file : files) {
            sorted.add(Map.entry(file.getPath().toString(), file));
        }
        sorted.sort(Map.Entry.comparingByKey());
        PathRuns cuts = PathRuns.of(sorted.stream().map(file -> new InputFile(file.getKey(), file.getValue().getLen()))
                .toList(), runs, openCost);
        List<List<LocatedFileStatus>> byRun = new ArrayList<>();
        for (int i = 0; i < cuts.numPartitions(); i++) {
            byRun.add(new ArrayList<>());
        }
        for (Map.Entry<String, LocatedFileStatus> file : sorted) {
            byRun.get(cuts.getPartition(file.getKey())).add(file.getValue());
        }
        List<RangeTasks.Ranges> tasks = new ArrayList<>();
        for (List<LocatedFileStatus> run : byRun) {
            if (!run.isEmpty()) {
                PackedSplit split = wholeFiles(run, conf);
                tasks.add(new RangeTasks.Ranges(tasks.size(), split.ranges(), ScanSplits.hosts(split)));
            }
        }
        return tasks;
    }

    private static PackedSplit wholeFiles(List<LocatedFileStatus> run, Configuration conf) {
        try {
            return ByteRangeInputFormat.wholeFiles(run, conf);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
