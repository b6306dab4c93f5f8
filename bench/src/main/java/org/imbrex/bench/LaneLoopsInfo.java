package org.imbrex.bench;

import org.imbrex.kernels.dispatch.LaneLoops;

/**
 * Prints the lane loops a JVM started like the benchmarks' forks runs, for the header of {@code
 * bench/kernels-bench.sh}, e.g. {@code lanes: vector API, 512-bit registers (32 × 16-bit lanes)}.
 */
public final class LaneLoopsInfo {
    private LaneLoopsInfo() {
    }

    public static void main(String[] args) {
        System.out.println("lanes: " + LaneLoops.active().describe());
    }
}
