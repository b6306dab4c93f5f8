package org.imbrex.jobs.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.imbrex.io.input.ByteRange;
import scala.Tuple2;

/**
 * One task of a rule search over whole files: scans its run of files for the plan's atoms, then evaluates the
 * rules on each file with the atoms found in it, in the same task, so that no atom travels through a shuffle
 * and no file waits for a stage of scans to end (the larger files' scan and evaluation run as a job beside
 * these tasks). A rule search takes this path for every file of at most one
 * split ({@code --split-size}): the evaluation holds a whole file in memory anyway, and such a file would
 * have been scanned by one task too.
 * <pre>
 *   ranges   [a 0-40M, b 0-3M, c 0-0, d 0-9M]          the run's files, whole, in path order
 *   scan     AtomsOfScan over a, b, d                  (path, [atom << 32 | offset, ...]) per run of a file
 *   gather   a → [[...], [...]],  b → [],  c → [],  d → [[...]]
 *   rules    EvaluateRules.evaluate(part, a, b, c, d)  → rules/ and strings/ part files of table part `part`
 * </pre>
 * Example: {@code new RangeTasks<>(sc, runs, new ScanAndEvaluate(scan, evaluate), tag).collect()}.
 *
 * @param scan     the atoms of a run of ranges, or null when the plan has none (rules without strings)
 * @param evaluate the evaluation of a table part's files
 */
record ScanAndEvaluate(RangeTasks.Task<Tuple2<String, long[]>> scan, EvaluateRules evaluate)
        implements RangeTasks.Task<WrittenRules> {

    @Override
    public Iterator<WrittenRules> run(int partition, Iterator<ByteRange> ranges) throws Exception {
        List<ByteRange> files = new ArrayList<>();
        ranges.forEachRemaining(files::add);
        Map<String, List<long[]>> hits = new HashMap<>();
        if (scan != null) {
            // an empty file has nothing to scan, but its rules are evaluated all the same
            Iterator<Tuple2<String, long[]>> found = scan.run(partition, files.stream()
                    .filter(file -> file.length() > 0).iterator());
            found.forEachRemaining(run -> hits.computeIfAbsent(run._1(), path -> new ArrayList<>()).add(run._2()));
        }
        List<EvaluateRules.FileHits> evaluated = new ArrayList<>();
        for (ByteRange file : files) {
            evaluated.add(new EvaluateRules.FileHits(file.path(), file.fileLength(), hits.getOrDefault(file.path(),
                    List.of())));
        }
        return evaluate.evaluate(partition, evaluated);
    }
}
