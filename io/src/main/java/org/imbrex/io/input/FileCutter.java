package org.imbrex.io.input;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;

/**
 * Cuts a file into ranges of the split size S, where {@code FileInputFormat} cuts it: at multiples of S
 * from the start, the last range taking up to 1.1 × S (so no range is a sliver). With S a divisor or a
 * multiple of the block size, every cut is a block boundary, and a range reads from one block (or whole
 * blocks). Each range counts the bytes each host holds of it.
 * <pre>
 *   file 150 MiB, S = 64 MiB, blocks of 128 MiB on (dn1, dn2) and (dn2, dn3)
 *   block        |&lt;---------------- 0: dn1 dn2 ----------------&gt;|&lt;- 1: dn2 dn3 -&gt;|
 *   ranges       [0, 64M)              [64M, 128M)               [128M, 150M)        150 − 128 ≤ 1.1 × 64
 *   host bytes   dn1 64M, dn2 64M      dn1 64M, dn2 64M          dn2 22M, dn3 22M
 *   range k:     start = k·S, length = S, while more than 1.1·S bytes remain from its start; then the rest
 * </pre>
 * An empty file is one empty range, held by no host. Example: {@code FileCutter.cut(status, blocks, 64 <<
 * 20)} gives the three ranges above.
 */
final class FileCutter {
    /** Hadoop's {@code FileInputFormat.SPLIT_SLOP}: the last range may be this many split sizes long. */
    static final double SPLIT_SLOP = 1.1;

    private FileCutter() {
    }

    /** The ranges of {@code file}, in order; {@code blocks} may be empty (no location known). */
    static List<LocatedRange> cut(FileStatus file, BlockLocation[] blocks, long splitSize) {
        if (splitSize < 1) {
            throw new IllegalArgumentException("split size " + splitSize + " must be at least 1 byte");
        }
        String path = file.getPath().toString();
        long length = file.getLen();
        List<LocatedRange> ranges = new ArrayList<>();
        long start = 0;
        while ((double) (length - start) / splitSize > SPLIT_SLOP) {
            ranges.add(located(new ByteRange(path, start, splitSize, length), blocks));
            start += splitSize;
        }
        if (start < length || length == 0) {
            ranges.add(located(new ByteRange(path, start, length - start, length), blocks));
        }
        return ranges;
    }

    private static LocatedRange located(ByteRange range, BlockLocation[] blocks) {
        Map<String, Long> hostBytes = new TreeMap<>();
        for (BlockLocation block : blocks) {
            long overlap = Math.min(range.end(), block.getOffset() + block.getLength())
                    - Math.max(range.start(), block.getOffset());
            if (overlap <= 0) {
                continue;
            }
            try {
                for (String host : block.getHosts()) {
                    hostBytes.merge(host, overlap, Long::sum);
                }
            } catch (IOException unknown) {
                // BlockLocation declares it; no file system throws it. Such a block has no known host.
            }
        }
        return new LocatedRange(range, hostBytes);
    }
}
