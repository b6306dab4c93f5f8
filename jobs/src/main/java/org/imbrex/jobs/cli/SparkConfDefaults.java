package org.imbrex.jobs.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Gives every long option {@code --name} of an imbrex command the default {@code
 * spark.imbrex.<command>.<name>} from the Spark configuration, so options can live in a properties file
 * ({@code spark-submit --properties-file conf/imbrex-defaults.conf}) while command-line flags still win.
 *
 * <pre>
 *   spark.imbrex.search.max-sad 12     search --max-sad 12
 *   spark.imbrex.motion.format csv     motion --format csv; search's --format keeps its own default
 *   spark.imbrex.max-sad 12            (deprecated) search --max-sad 12: only search has --max-sad; a warning
 *   spark.imbrex.format csv            (deprecated, ambiguous) ignored: search and motion both have --format;
 *                                      a warning names the two keys to use instead
 * </pre>
 * The Spark configuration reaches the driver as {@code spark.*} system properties (spark-submit sets
 * them; {@code bin/imbrex} sets them from its own {@code --properties-file} and {@code --conf}). The
 * per-command key wins over the old one. Warnings go to the given stream once per key.
 */
public final class SparkConfDefaults implements CommandLine.IDefaultValueProvider {
    /** The prefix of imbrex's keys in the Spark configuration. */
    public static final String PREFIX = "spark.imbrex.";

    private final PrintStream warnings;
    private final Set<String> warned = new HashSet<>();

    /** Warnings go to standard error. */
    public SparkConfDefaults() {
        this(System.err);
    }

    public SparkConfDefaults(PrintStream warnings) {
        this.warnings = warnings;
    }

    /** The key of {@code option} of {@code command}: {@code spark.imbrex.search.max-sad}. */
    public static String key(String command, String option) {
        return PREFIX + command + "." + option;
    }

    @Override
    public String defaultValue(CommandLine.Model.ArgSpec argSpec) {
        if (!(argSpec instanceof OptionSpec option) || !option.longestName().startsWith("--")) {
            return null;
        }
        String name = option.longestName().substring(2);
        CommandSpec command = option.command();
        String value = System.getProperty(key(command.name(), name));
        if (value != null) {
            return value;
        }
        String legacy = System.getProperty(PREFIX + name);
        if (legacy != null) {
            List<String> owners = commandsWith(command, name);
            if (owners.size() == 1) {
                warnOnce(PREFIX + name, PREFIX + name + " is deprecated; use " + key(command.name(), name));
                return legacy;
            }
            warnOnce(PREFIX + name, PREFIX + name + " is ignored: " + String.join(" and ", owners) + (owners.size() == 2 ? " both" : " all") + " have --"
                    + name + "; use " + String.join(" or ", owners.stream().map(c -> key(c, name)).toList()));
        }
        return option.defaultValue();
    }

    /** The commands beside {@code command} (its parent's subcommands) that have {@code --name}. */
    private static List<String> commandsWith(CommandSpec command, String name) {
        List<String> owners = new ArrayList<>();
        CommandSpec parent = command.parent();
        if (parent == null) {
            owners.add(command.name());
            return owners;
        }
        for (CommandLine sub : new java.util.LinkedHashSet<>(parent.subcommands().values())) {
            if (sub.getCommandSpec().findOption("--" + name) != null) {
                owners.add(sub.getCommandSpec().name());
            }
        }
        return owners;
    }

    private void warnOnce(String key, String message) {
        if (warned.add(key)) {
            warnings.println("imbrex: " + message);
        }
    }
}
