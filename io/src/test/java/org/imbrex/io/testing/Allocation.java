package org.imbrex.io.testing;

import java.lang.management.ManagementFactory;

/**
 * Checks that a piece of work allocates on the heap what its input asks for and no more, with HotSpot's
 * per-thread allocation counter: at most {@code fixed + perInputByte · inputBytes} bytes.
 *
 * <pre>{@code
 * SignatureSet set = Allocation.atMost(16 << 20, 64, bytes.length, "parsing a signature file",
 *         () -> SignatureParser.parse("fuzz.txt", new ByteArrayInputStream(bytes)));
 * }</pre>
 * The first run of a code path also loads, links and (when fuzzing) instruments classes on the same thread,
 * which counts too: work that passes the limit is run once more, and only the second count decides.
 */
public final class Allocation {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Work that returns a value or throws. */
    @FunctionalInterface
    public interface Work<T, X extends Exception> {
        T run() throws X;
    }

    private Allocation() {
    }

    /**
     * Runs {@code work} and returns (or throws) what it does, first checking its allocation; an {@link
     * AssertionError} names {@code what} when it allocated more than allowed, also when run again.
     */
    public static <T, X extends Exception> T atMost(long fixed, long perInputByte, long inputBytes, String what,
            Work<T, X> work) throws X {
        long allowed = fixed + perInputByte * inputBytes;
        long start = THREADS.getCurrentThreadAllocatedBytes();
        try {
            return work.run();
        } finally {
            if (THREADS.getCurrentThreadAllocatedBytes() - start > allowed) {
                long again = THREADS.getCurrentThreadAllocatedBytes();
                try {
                    work.run();
                } catch (Exception | AssertionError ignored) {
                    // the first run's outcome is the one reported
                }
                long used = THREADS.getCurrentThreadAllocatedBytes() - again;
                if (used > allowed) {
                    throw new AssertionError(what + " allocated " + used + " bytes for " + inputBytes + " bytes of "
                            + "input; at most " + allowed + " (" + fixed + " + " + perInputByte + " per input byte) "
                            + "were expected");
                }
            }
        }
    }
}
