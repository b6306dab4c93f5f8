package org.imbrex.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The msad4 benchmarks' work counter: byte differences done, which JMH reports as a rate next to ops/s
 * (the {@code :byteDiffs} rows). A benchmark method adds its Dispatch's differences, e.g. {@code
 * work.byteDiffs += 1 MiB × 64} for a 64-byte signature over a 1 MiB tile.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class ByteDiffWork {
    public long byteDiffs;

    @Setup(Level.Iteration)
    public void reset() {
        byteDiffs = 0;
    }
}
