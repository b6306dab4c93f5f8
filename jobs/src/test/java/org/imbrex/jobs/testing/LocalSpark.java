package org.imbrex.jobs.testing;

import org.apache.spark.sql.SparkSession;
import org.imbrex.jobs.spark.ImbrexSession;

/**
 * The one local-mode Spark session of a test JVM ({@code local[2]}, UI off, bound to 127.0.0.1), with
 * imbrex's Kryo setup and the test file system {@link FaultyFileSystem}: starting a session costs seconds,
 * so every IT class shares it. It stops when the JVM exits. Commands run with {@code ImbrexMain.run} use it
 * too, and leave it running.
 *
 * <p>Example: {@code new SearchJob(options).run(LocalSpark.session())}.
 */
public final class LocalSpark {
    private static SparkSession session;

    private LocalSpark() {
    }

    public static synchronized SparkSession session() {
        if (session == null) {
            System.setProperty("spark.ui.enabled", "false");
            System.setProperty("spark.ui.showConsoleProgress", "false");
            System.setProperty("spark.sql.shuffle.partitions", "4");
            // Seen by Spark's Hadoop configuration (tasks) and by the driver's checks before Spark starts.
            System.setProperty("spark.hadoop.fs." + FaultyFileSystem.SCHEME + ".impl",
                    FaultyFileSystem.class.getName());
            session = ImbrexSession.create("imbrex tests", "local[2]");
            Runtime.getRuntime().addShutdownHook(new Thread(session::stop, "stop-local-spark"));
        }
        return session;
    }
}
