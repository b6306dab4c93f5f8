package org.imbrex.io.input;

import java.util.Map;

/**
 * A range to pack, with how many of its bytes each host holds (a replica counts once per host).
 *
 * <p>Example: {@code new LocatedRange(new ByteRange("hdfs://nn/a.bin", 0, 64 << 20, 200 << 20), Map.of("dn1",
 * 64L << 20, "dn2", 64L << 20))}: both hosts hold the whole range.
 *
 * @param range     the range
 * @param hostBytes bytes of the range on each host; empty when the file system does not say
 */
record LocatedRange(ByteRange range, Map<String, Long> hostBytes) {
    LocatedRange {
        hostBytes = Map.copyOf(hostBytes);
    }
}
