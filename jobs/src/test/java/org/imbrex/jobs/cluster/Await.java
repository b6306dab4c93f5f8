package org.imbrex.jobs.cluster;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Polls a condition until it holds; the cluster tests wait on processes, files and the master this way.
 *
 * <p>Example: {@code Await.until(Duration.ofSeconds(30), "an executor runs a task", () -> ...);}
 */
final class Await {
    private static final long POLL_MILLIS = 100;

    private Await() {
    }

    static void until(Duration timeout, String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + timeout + ": " + what);
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting until " + what, e);
            }
        }
    }
}
