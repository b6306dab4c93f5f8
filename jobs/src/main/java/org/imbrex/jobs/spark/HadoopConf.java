package org.imbrex.jobs.spark;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaSparkContext;

/**
 * A Hadoop configuration that travels to executors: the driver's entries as a plain map, rebuilt into a
 * {@link Configuration} where a task needs a {@code FileSystem}. A job's tasks share one copy ({@link #shared},
 * a {@link SharedValue}): the map holds every default of Hadoop's XML files, about a thousand entries, which
 * each task would otherwise deserialize again.
 *
 * <p>Before Spark starts, {@link #fromSystemProperties()} gives the driver the same view Spark will have
 * ({@code spark.hadoop.*} keys), so inputs and outputs are checked before any task runs. Example: {@code
 * FileSystem fs = path.getFileSystem(HadoopConf.of(sc.hadoopConfiguration()).toConfiguration());}
 */
public final class HadoopConf implements Serializable {
    private static final long serialVersionUID = 1L;

    private final SharedValue<HashMap<String, String>> entries;

    private HadoopConf(SharedValue<HashMap<String, String>> entries) {
        this.entries = entries;
    }

    /** Captures every entry of a configuration; they travel with each task that holds this. */
    public static HadoopConf of(Configuration conf) {
        return new HadoopConf(SharedValue.of(entries(conf)));
    }

    /** Captures the Spark context's Hadoop configuration once, shared: a task carries only its handle. */
    public static HadoopConf shared(JavaSparkContext sc) {
        return new HadoopConf(SharedValue.broadcast(sc, entries(sc.hadoopConfiguration())));
    }

    /** Every entry of {@code conf}, as a plain map. */
    static HashMap<String, String> entries(Configuration conf) {
        HashMap<String, String> entries = new HashMap<>();
        for (Map.Entry<String, String> entry : conf) {
            entries.put(entry.getKey(), entry.getValue());
        }
        return entries;
    }

    /** A driver-side configuration with the {@code spark.hadoop.*} system properties applied. */
    public static Configuration fromSystemProperties() {
        Configuration conf = new Configuration();
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith("spark.hadoop.")) {
                conf.set(key.substring("spark.hadoop.".length()), System.getProperty(key));
            }
        }
        return conf;
    }

    /** A fresh configuration holding the captured entries. */
    public Configuration toConfiguration() {
        Configuration conf = new Configuration(false);
        entries.get().forEach(conf::set);
        return conf;
    }
}
