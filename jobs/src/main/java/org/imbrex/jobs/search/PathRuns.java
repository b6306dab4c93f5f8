package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.Partitioner;
import org.imbrex.io.input.InputFile;
import org.imbrex.jobs.spark.TaperedShares;

/**
 * Parts of a job's files by path: the files in path order cut into runs of tapering weight (length plus an
 * open cost each; {@link TaperedShares}: the first run about 1.6 times the mean, the last 0.4 times), part
 * {@code k} holding the k-th run. Spark starts the parts' tasks in order, so the short ones come last and the
 * cores finish together; the parts' files follow each other in path order. Only the first path of each run
 * after the first travels with the tasks.
 * <pre>
 *   files (MiB)   a 10 | b 300 | c 40 | d 20 | e 30      2 parts, 80% and 20% of 400:   [a, b]   [c, d, e]
 *   part of x     the number of run starts ≤ x:  "b2" → 0,  "c" → 1,  "zz" → 1
 * </pre>
 * Paths are compared as Java strings (by UTF-16 unit), as the tasks sort them. Example: {@code
 * inputs.cogroup(atoms, PathRuns.of(files, 2, openCost))}.
 */
final class PathRuns extends Partitioner {
    private static final long serialVersionUID = 1L;

    private final String[] starts;

    private PathRuns(String[] starts) {
        this.starts = starts;
    }

    /** At most {@code parts} tapering runs of {@code files}, each file weighing its length plus {@code openCost}. */
    static PathRuns of(List<InputFile> files, int parts, long openCost) {
        List<InputFile> sorted = new ArrayList<>(files);
        sorted.sort(Comparator.comparing(InputFile::path));
        double total = 0;
        for (InputFile file : sorted) {
            total += file.length() + openCost;
        }
        List<String> starts = new ArrayList<>();
        double before = 0;
        for (InputFile file : sorted) {
            // a run starts at the file whose weight's middle passes the run's tapered share
            double middle = before + (file.length() + openCost) / 2.0;
            if (starts.size() < parts - 1 && before > 0
                    && middle >= total * TaperedShares.before(starts.size() + 1, parts)) {
                starts.add(file.path());
            }
            before += file.length() + openCost;
        }
        return new PathRuns(starts.toArray(String[]::new));
    }

    @Override
    public int numPartitions() {
        return starts.length + 1;
    }

    @Override
    public int getPartition(Object key) {
        int at = Arrays.binarySearch(starts, (String) key);
        return at >= 0 ? at + 1 : -at - 1;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PathRuns that && Arrays.equals(that.starts, starts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(starts);
    }
}
