package org.imbrex.io.input;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Packs ranges into splits of about a target size T, so that a task costs about as much whether its bytes
 * come from one file or from thousands. A range weighs its length plus an open cost O, what opening a file
 * and starting its scan cost, in bytes one could have scanned instead (Spark's {@code
 * spark.sql.files.openCostInBytes}).
 * <pre>
 *   ranges by path, then start         weight = length + O          T = 64 MiB, O = 64 KiB
 *   a.bin [0, 64M)                     64M + 64K ≥ T               → a split of its own
 *   a.bin [64M, 128M)                  64M + 64K ≥ T               → a split of its own
 *   a.bin [128M, 150M)   ┐             22M + 64K                   ┐
 *   b.bin [0, 3K)        ├ packed      3K + 64K                    ├ 22.2M ≤ T
 *   c.bin [0, 0)         ┘             0 + 64K                     ┘
 *   d.bin [0, 50M)                     50M + 64K: 22.2M + 50.1M > T → starts the next packed split
 * </pre>
 * A range weighing at least T is a split alone; the others fill a split in order until the next one would
 * take its weight past T (next fit). Every split but the last packed one thus weighs more than T minus
 * the heaviest packed range, and the ranges of a split stay in path order, so the same inputs always give
 * the same splits. A split's locations are the (up to) {@value #MAX_LOCATIONS} hosts holding most of its
 * bytes. Example: {@code SplitPacker.pack(ranges, 64 << 20, 64 << 10)} for 20,000 files of 1–8 KiB gives
 * 21 splits.
 */
final class SplitPacker {
    /** Hosts named per split, as Spark's file sources name them. */
    static final int MAX_LOCATIONS = 3;

    private static final Comparator<LocatedRange> PATH_ORDER = Comparator
            .comparing((LocatedRange r) -> r.range().path()).thenComparingLong(r -> r.range().start());

    private SplitPacker() {
    }

    /**
     * The splits of {@code ranges}: those weighing at least {@code target} alone, the others packed.
     *
     * @param target   the split size to pack up to, ≥ 1
     * @param openCost bytes each range weighs on top of its length, ≥ 0
     */
    static List<PackedSplit> pack(List<LocatedRange> ranges, long target, long openCost) {
        if (target < 1 || openCost < 0) {
            throw new IllegalArgumentException("cannot pack to " + target + " bytes with an open cost of "
                    + openCost + " bytes: the target must be ≥ 1, the open cost ≥ 0");
        }
        List<LocatedRange> sorted = new ArrayList<>(ranges);
        sorted.sort(PATH_ORDER);
        List<PackedSplit> splits = new ArrayList<>();
        List<LocatedRange> open = new ArrayList<>();
        long openWeight = 0;
        for (LocatedRange range : sorted) {
            long weight = weight(range.range(), openCost);
            if (weight >= target) {
                splits.add(split(List.of(range)));
                continue;
            }
            if (!open.isEmpty() && weight > target - openWeight) {
                splits.add(split(open));
                open = new ArrayList<>();
                openWeight = 0;
            }
            open.add(range);
            openWeight += weight;
        }
        if (!open.isEmpty()) {
            splits.add(split(open));
        }
        return splits;
    }

    /** {@code length + openCost}, saturated at {@code Long.MAX_VALUE}. */
    static long weight(ByteRange range, long openCost) {
        return range.length() > Long.MAX_VALUE - openCost ? Long.MAX_VALUE : range.length() + openCost;
    }

    /** One split of {@code ranges}, in their order, on the (up to) {@value #MAX_LOCATIONS} hosts holding most. */
    static PackedSplit split(List<LocatedRange> ranges) {
        Map<String, Long> hostBytes = new TreeMap<>();
        for (LocatedRange range : ranges) {
            range.hostBytes().forEach((host, bytes) -> hostBytes.merge(host, bytes, Long::sum));
        }
        String[] hosts = hostBytes.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(MAX_LOCATIONS).map(Map.Entry::getKey).toArray(String[]::new);
        return new PackedSplit(ranges.stream().map(LocatedRange::range).toList(), hosts);
    }
}
