package org.imbrex.jobs.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.util.LongAccumulator;
import org.imbrex.io.input.ByteRange;
import org.imbrex.io.yara.scan.RuleScanPlan;
import org.imbrex.jobs.search.RuleSources.RuleText;

/**
 * One scan task of a rule search: finds the atoms in the task's byte ranges ({@link ScanPartition}), and
 * evaluates the rules on every file the task holds whole right away ({@link FileEvaluation}), so that most
 * files never wait for a shuffle; the atoms of a file the task holds only part of go back for the files
 * cut into several ranges to be evaluated once every part is scanned.
 * <pre>
 *   ranges    a.bin [0, 4k) of 4k    b.bin [0, 9k) of 9k    big.bin [64m, 128m) of 200m
 *   scan      (a, atom3, 10) (a, atom0, 12) (big, atom1, 70000000)
 *   out       written: a.bin and b.bin evaluated, rows in part N      hits: (big.bin, [1·2^32 + 70000000])
 * </pre>
 * The whole files are evaluated in path order, after the scan of the task's ranges. Example: {@code
 * splits.mapPartitionsWithIndex(new ScanAndEvaluate(scan, sources, spec, files, matches), false)}.
 */
final class ScanAndEvaluate implements Function2<Integer, Iterator<ByteRange>, Iterator<RuleScanOutput>> {
    private static final long serialVersionUID = 1L;

    private final ScanPartition scan;
    private final ArrayList<RuleText> sources;
    private final EvaluateRules.Spec spec;
    private final LongAccumulator filesEvaluated;
    private final LongAccumulator ruleMatches;

    ScanAndEvaluate(ScanPartition scan, List<RuleText> sources, EvaluateRules.Spec spec,
            LongAccumulator filesEvaluated, LongAccumulator ruleMatches) {
        this.scan = scan;
        this.sources = new ArrayList<>(sources);
        this.spec = spec;
        this.filesEvaluated = filesEvaluated;
        this.ruleMatches = ruleMatches;
    }

    /** True when {@code range} is all of its file: the task that scans it evaluates the file. */
    static boolean whole(ByteRange range) {
        return range.start() == 0 && range.length() == range.fileLength();
    }

    @Override
    public Iterator<RuleScanOutput> call(Integer part, Iterator<ByteRange> given) throws IOException {
        List<ByteRange> ranges = new ArrayList<>();
        given.forEachRemaining(ranges::add);
        Iterator<Match> matches = scan.call(ranges.iterator());
        Match pending = matches.hasNext() ? matches.next() : null;
        Map<String, Hits> wholeFiles = new TreeMap<>();
        List<RuleScanOutput> out = new ArrayList<>();
        for (ByteRange range : ranges) {
            // The scan reports a range's matches together, ranges in order: the run of this path is this range's
            // (and the next range's too, when that is another part of the same file: then both are parts).
            Hits hits = whole(range) ? wholeFiles.computeIfAbsent(range.path(), p -> new Hits(range.fileLength()))
                    : new Hits(range.fileLength());
            while (pending != null && pending.path().equals(range.path())) {
                hits.add(FileAtoms.hit(pending));
                pending = matches.hasNext() ? matches.next() : null;
            }
            if (!whole(range) && hits.count > 0) {
                out.add(RuleScanOutput.of(range.path(), hits.toArray()));
            }
        }
        if (pending != null) {
            throw new IllegalStateException("the scan found atoms in " + pending.path() + " outside the task's ranges");
        }
        RuleScanPlan plan = EvaluateRules.plan(sources);
        try (FileEvaluation evaluation = new FileEvaluation(plan, spec, part, filesEvaluated, ruleMatches)) {
            for (Map.Entry<String, Hits> file : wholeFiles.entrySet()) {
                evaluation.evaluate(file.getKey(), file.getValue().length, List.of(file.getValue().toArray()));
            }
            out.add(RuleScanOutput.of(evaluation.finish()));
        }
        return out.iterator();
    }

    /** The atoms found in one file, and its length. */
    private static final class Hits {
        final long length;
        long[] values = new long[16];
        int count;

        Hits(long length) {
            this.length = length;
        }

        void add(long hit) {
            if (count == values.length) {
                values = Arrays.copyOf(values, 2 * count);
            }
            values[count++] = hit;
        }

        long[] toArray() {
            return Arrays.copyOf(values, count);
        }
    }
}
