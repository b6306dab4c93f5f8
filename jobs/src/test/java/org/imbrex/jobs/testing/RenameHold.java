package org.imbrex.jobs.testing;

import java.net.InetAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.server.namenode.AuditLogger;

/**
 * Stops an HDFS client in the middle of a rename, for the tests that kill a job during its commit: the
 * {@link LocalHdfs} NameNode's audit logger. The NameNode calls it in the RPC handler of each operation,
 * after the operation is applied and logged and before the client is answered; while a {@link Hold} is
 * armed, the first successful rename whose source matches waits there until the hold is closed, so the
 * client's {@code rename} call does not return.
 *
 * <pre>
 *   job driver                      NameNode handler                       test
 *   rename(_temporary/.../part-0) → applied, logged → held ............... hold.awaitHeld(): true
 *   (waits for the answer)                                                kill the driver's JVM
 *                                   answers a dead client ← .............. hold.close()
 * </pre>
 * Example: {@code try (RenameHold.Hold hold = hdfs.holdRename(src -> src.contains("/_temporary/"))) {
 * start the job; hold.awaitHeld(Duration.ofMinutes(2)); kill it; }}. At most one hold is armed at a time.
 */
public final class RenameHold implements AuditLogger {
    /** The longest a held rename waits for its hold to close: a forgotten hold must not stop the NameNode. */
    static final Duration MOST_HELD = Duration.ofMinutes(5);
    private static final AtomicReference<Hold> ARMED = new AtomicReference<>();

    /** The NameNode makes one by reflection (see {@code dfs.namenode.audit.loggers}). */
    public RenameHold() {
    }

    @Override
    public void initialize(Configuration conf) {
    }

    @Override
    public void logAuditEvent(boolean succeeded, String user, InetAddress address, String command, String source,
            String destination, FileStatus status) {
        Hold hold = ARMED.get();
        if (hold != null && succeeded && command.equals("rename") && hold.source.test(source)) {
            hold.hold(source, destination);
        }
    }

    static Hold arm(Predicate<String> source) {
        Hold hold = new Hold(source);
        if (!ARMED.compareAndSet(null, hold)) {
            throw new IllegalStateException("a rename is already held or awaited");
        }
        return hold;
    }

    static void disarm() {
        Hold hold = ARMED.getAndSet(null);
        if (hold != null) {
            hold.close();
        }
    }

    /** One armed hold: it holds the first matching rename, and lets it go when closed. */
    public static final class Hold implements AutoCloseable {
        private final Predicate<String> source;
        private final AtomicBoolean taken = new AtomicBoolean();
        private final CountDownLatch held = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        private volatile String heldSource;
        private volatile String heldDestination;

        private Hold(Predicate<String> source) {
            this.source = source;
        }

        private void hold(String from, String to) {
            if (!taken.compareAndSet(false, true)) {
                return;
            }
            heldSource = from;
            heldDestination = to;
            held.countDown();
            try {
                released.await(MOST_HELD.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Waits until a matching rename is held; false if none came within {@code timeout}. */
        public boolean awaitHeld(Duration timeout) {
            try {
                return held.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for a rename", e);
            }
        }

        /** The held rename's source path ({@code /dir/.out_imbrex_incomplete_ID/_temporary/...}), once held. */
        public String source() {
            return heldSource;
        }

        /** The held rename's destination path, already renamed to on the NameNode. */
        public String destination() {
            return heldDestination;
        }

        /** Lets the held rename answer its client, and disarms the hold. */
        @Override
        public void close() {
            ARMED.compareAndSet(this, null);
            released.countDown();
        }
    }
}
