package org.imbrex.jobs.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The Spark session a command runs in. Closing it stops the session only when the command started it:
 * {@link ImbrexSession#create} returns the JVM's running session if there is one (a notebook's, or the one
 * a test suite shares), and a command must not stop a session it merely borrowed.
 *
 * <pre>{@code
 * try (CommandSession session = CommandSession.open("imbrex search", options.master())) {
 *     new SearchJob(options).run(session.spark());
 * }   // stopped here, unless a session was already running before open()
 * }</pre>
 *
 * @param spark   the session
 * @param started true when {@link #open} started it, so {@link #close()} stops it
 */
public record CommandSession(SparkSession spark, boolean started) implements AutoCloseable {

    /** The running session, or a new one made by {@link ImbrexSession#create}. */
    public static CommandSession open(String appName, String master) {
        boolean running = ImbrexSession.running();
        return new CommandSession(ImbrexSession.create(appName, master), !running);
    }

    @Override
    public void close() {
        if (started) {
            spark.stop();
        }
    }
}
