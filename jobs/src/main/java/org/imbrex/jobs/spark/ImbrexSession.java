package org.imbrex.jobs.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Creates the Spark session every imbrex job runs in: Kryo with registration required, imbrex's
 * registrator, the console progress bar, and, for local masters, everything bound to 127.0.0.1.
 *
 * <p>Under spark-submit the master and the rest of the configuration come from spark-submit; {@code
 * bin/imbrex} passes {@code --master} (default {@code local[*]}). Example: {@code SparkSession spark =
 * ImbrexSession.create("imbrex search", "local[2]");}
 */
public final class ImbrexSession {
    private ImbrexSession() {
    }

    /**
     * The session for a job.
     *
     * @param master the {@code --master} option, or null to keep what spark-submit configured (falling back
     *               to {@code local[*]})
     */
    public static SparkSession create(String appName, String master) {
        SparkConf conf = new SparkConf();
        String chosen = chosenMaster(conf, master);
        conf.setMaster(chosen);
        conf.setIfMissing("spark.app.name", appName);
        configure(conf);
        if (chosen.startsWith("local")) {
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
            conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
        }
        // The classic session's own builder: SparkSession.builder() first finds which implementation is on the
        // class path (classic or Connect) through Scala's runtime reflection, whose start costs a second of CPU.
        return org.apache.spark.sql.classic.SparkSession.builder().config(conf).getOrCreate();
    }

    /**
     * Whether a session made by {@link #create} for {@code master} would run its tasks in this JVM ({@code
     * local}, {@code local[N]}, {@code local[*]}, {@code local-cluster} excluded).
     */
    public static boolean runsInThisJvm(String master) {
        String chosen = chosenMaster(new SparkConf(), master);
        return chosen.equals("local") || chosen.startsWith("local[");
    }

    private static String chosenMaster(SparkConf conf, String master) {
        return master != null ? master : conf.get("spark.master", "local[*]");
    }

    /**
     * Whether this JVM has a session running already (a notebook's, or one a test suite shares), which
     * {@link #create} would return instead of starting one.
     */
    public static boolean running() {
        // Asked of the classic companion, whose sessions create makes; the API's would look it up first.
        return org.apache.spark.sql.classic.SparkSession.getDefaultSession().isDefined();
    }

    /** The settings imbrex needs in every session, local or cluster. */
    public static void configure(SparkConf conf) {
        conf.set("spark.serializer", "org.apache.spark.serializer.KryoSerializer");
        conf.set("spark.kryo.registrationRequired", "true");
        conf.set("spark.kryo.registrator", ImbrexKryoRegistrator.class.getName());
        conf.setIfMissing("spark.ui.showConsoleProgress", "true");
        conf.setIfMissing("spark.sql.shuffle.partitions", "16");
    }
}
