package org.imbrex.jobs.testing;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.SparkContext;

/**
 * Thread-local Spark properties for the jobs a test submits from its thread, cleared when closed, so that a
 * failing test does not leave them to the next one.
 *
 * <p>Example: {@code try (LocalProperties p = LocalProperties.set(sc, "spark.imbrex.search.table-parts", "16"))
 * { Searches.run(...); }}
 */
public final class LocalProperties implements AutoCloseable {
    private final SparkContext sc;
    private final Map<String, String> set;

    private LocalProperties(SparkContext sc, Map<String, String> set) {
        this.sc = sc;
        this.set = set;
        set.forEach(sc::setLocalProperty);
    }

    /** Sets {@code keysAndValues} (key, value, key, value, …) on the calling thread. */
    public static LocalProperties set(SparkContext sc, String... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values come in pairs: " + keysAndValues.length + " given");
        }
        Map<String, String> set = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            set.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return new LocalProperties(sc, set);
    }

    @Override
    public void close() {
        set.keySet().forEach(key -> sc.setLocalProperty(key, null));
    }
}
