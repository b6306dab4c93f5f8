package org.imbrex.jobs.cli;

import picocli.CommandLine;

/**
 * Gives every long option {@code --name} of an imbrex command the default {@code spark.imbrex.name} from
 * the Spark configuration, so options can live in a properties file ({@code spark-submit
 * --properties-file conf/imbrex-defaults.conf}) while command-line flags still win.
 *
 * <p>The Spark configuration reaches the driver as {@code spark.*} system properties (spark-submit sets
 * them; {@code bin/imbrex} sets them from its own {@code --properties-file} and {@code --conf}). Example:
 * with {@code spark.imbrex.max-sad 12} in the properties file, {@code search} runs with {@code --max-sad
 * 12} unless the command line says otherwise.
 */
public final class SparkConfDefaults implements CommandLine.IDefaultValueProvider {
    /** The prefix of imbrex's keys in the Spark configuration. */
    public static final String PREFIX = "spark.imbrex.";

    @Override
    public String defaultValue(CommandLine.Model.ArgSpec argSpec) {
        if (!(argSpec instanceof CommandLine.Model.OptionSpec option)) {
            return null;
        }
        String name = option.longestName();
        if (!name.startsWith("--")) {
            return null;
        }
        String value = System.getProperty(PREFIX + name.substring(2));
        return value != null ? value : option.defaultValue();
    }
}
