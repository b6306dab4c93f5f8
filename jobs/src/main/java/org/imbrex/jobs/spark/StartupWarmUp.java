package org.imbrex.jobs.spark;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Work a local command runs on a daemon thread while its Spark session starts, so that the JIT has compiled
 * the job's hot loops by the time the first task runs: in local mode the tasks run in this JVM, and starting
 * Spark leaves the second core mostly idle for a second or more. The work runs what the job will run, on the
 * job's own inputs, and throws the results away; it ends at {@link #stop()} (the job is about to start) or
 * when it has done enough, and its failures are only logged.
 * <pre>
 *   main thread   check inputs → start Spark ……………………………… → stop() → jobs
 *   warm-up       ·············· work, checking stopped() often ↑ ends soon after
 * </pre>
 * Only a command that starts its own local session warms up ({@link #wanted}); the JVM property {@value
 * #PROPERTY} = false turns it off. Example: {@code StartupWarmUp warmUp = StartupWarmUp.start("scan",
 * stopped -> scanSomeTiles(stopped)); ... warmUp.stop();}
 */
public final class StartupWarmUp {
    /** The JVM property that turns warm-ups off ({@code -Dimbrex.warm-up=false}). */
    public static final String PROPERTY = "imbrex.warm-up";
    private static final Logger LOG = LoggerFactory.getLogger(StartupWarmUp.class);
    private static final StartupWarmUp NONE = new StartupWarmUp("no", null);

    /** What a warm-up does; it returns soon after {@code stopped} turns true. */
    @FunctionalInterface
    public interface Work {
        void run(BooleanSupplier stopped) throws Exception;
    }

    private final AtomicBoolean stopped = new AtomicBoolean();
    private final Thread thread;

    private StartupWarmUp(String name, Work work) {
        if (work == null) {
            this.thread = null;
        } else {
            this.thread = new Thread(() -> run(name, work), "imbrex-" + name + "-warm-up");
            thread.setDaemon(true);
        }
    }

    /**
     * Whether a command with {@code --master master} warms up: its session would run the tasks in this JVM,
     * none runs yet (a running one is warm, and its jobs may be running), and {@value #PROPERTY} is not false.
     */
    public static boolean wanted(String master, boolean sessionRunning) {
        return !sessionRunning && enabled() && ImbrexSession.runsInThisJvm(master);
    }

    /** Starts {@code work} if {@link #wanted} for {@code master} and the JVM's session; else does nothing. */
    public static StartupWarmUp startFor(String master, String name, Work work) {
        return wanted(master, ImbrexSession.running()) ? start(name, work) : NONE;
    }

    /**
     * Starts {@code work} unless {@value #PROPERTY} is false, whatever the master: for work any driver does
     * before its session starts ({@link HadoopWarmUp}).
     */
    public static StartupWarmUp startUnlessOff(String name, Work work) {
        return enabled() ? start(name, work) : NONE;
    }

    private static boolean enabled() {
        return Boolean.parseBoolean(System.getProperty(PROPERTY, "true").trim());
    }

    /** Starts {@code work} on a daemon thread named {@code imbrex-NAME-warm-up} and returns at once. */
    public static StartupWarmUp start(String name, Work work) {
        StartupWarmUp warmUp = new StartupWarmUp(name, work);
        warmUp.thread.start();
        return warmUp;
    }

    private void run(String name, Work work) {
        long started = System.nanoTime();
        try {
            work.run(stopped::get);
        } catch (Exception | LinkageError e) {
            LOG.debug("{} warm-up stopped (harmless)", name, e);
        }
        LOG.debug("{} warm-up: {} ms", name, (System.nanoTime() - started) / 1_000_000);
    }

    /** Asks the work to end; returns at once. */
    public void stop() {
        stopped.set(true);
    }

    /** Waits for the work to end; whether it ended within {@code millis} (true when there was none). */
    public boolean await(long millis) throws InterruptedException {
        if (thread != null) {
            thread.join(millis);
        }
        return thread == null || !thread.isAlive();
    }
}
