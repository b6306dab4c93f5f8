package org.imbrex.jobs.search;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import org.imbrex.io.yara.scan.FileRules;
import scala.Tuple2;

/**
 * The atoms a scan task found, a record per run of one file: the scan reports the matches of a range
 * together, so consecutive matches of the same path become one {@code (path, [atom << 32 | offset, ...])},
 * and the shuffle to the rule-evaluating tasks carries each path once per run instead of once per atom.
 * <pre>
 *   scan   (a, atom3, 10) (a, atom0, 12) (a, atom3, 90) (b, atom1, 0) (a, atom2, 5)
 *   out    (a, [3·2^32 + 10, 12, 3·2^32 + 90])  (b, [1·2^32])  (a, [2·2^32 + 5])
 * </pre>
 * A file cut into several ranges gives several records, which the cogroup by path joins again. Offsets are
 * below 2^31 ({@link RuleSearchJob#MAX_FILE_BYTES}). Example: {@code
 * matches.mapPartitionsToPair(new FileAtoms())}.
 */
final class FileAtoms implements PairFlatMapFunction<Iterator<Match>, String, long[]> {
    private static final long serialVersionUID = 1L;
    private final int firstAtom;

    /** Matches of signature i are atom i. */
    FileAtoms() {
        this(0);
    }

    /** Matches of signature i are atom {@code firstAtom + i} (a scan of the case-blind atoms only). */
    FileAtoms(int firstAtom) {
        this.firstAtom = firstAtom;
    }

    /** One found atom as the rule evaluation reads it. */
    static long hit(Match match) {
        return hit(match, 0);
    }

    private static long hit(Match match, int firstAtom) {
        return hit(firstAtom + match.signature(), match.offset());
    }

    /** Atom {@code atom} found at {@code offset} (below 2^31), as the rule evaluation reads it. */
    static long hit(int atom, long offset) {
        return (long) atom << 32 | offset;
    }

    /** Hands each of {@code hits} ({@link #hit}) to {@code rules} as the atom it found. */
    static void found(FileRules rules, long[] hits) {
        for (long hit : hits) {
            rules.found((int) (hit >>> 32), hit & 0xFFFF_FFFFL);
        }
    }

    @Override
    public Iterator<Tuple2<String, long[]>> call(Iterator<Match> matches) {
        return new Iterator<>() {
            private Match pending = matches.hasNext() ? matches.next() : null;

            @Override
            public boolean hasNext() {
                return pending != null;
            }

            @Override
            public Tuple2<String, long[]> next() {
                if (pending == null) {
                    throw new NoSuchElementException();
                }
                String path = pending.path();
                long[] hits = new long[16];
                int count = 0;
                while (pending != null && pending.path().equals(path)) {
                    if (count == hits.length) {
                        hits = Arrays.copyOf(hits, 2 * count);
                    }
                    hits[count++] = hit(pending, firstAtom);
                    pending = matches.hasNext() ? matches.next() : null;
                }
                return new Tuple2<>(path, Arrays.copyOf(hits, count));
            }
        };
    }
}
