package org.imbrex.jobs.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The launcher-level arguments {@code bin/imbrex} accepts before the command, as spark-submit does:
 * {@code --properties-file FILE} and {@code --conf KEY=VALUE} (repeatable). They become {@code spark.*}
 * system properties, which Spark and {@link SparkConfDefaults} read. Later ones win; command-line options
 * of the command win over both.
 *
 * <p>Example: {@code imbrex --properties-file conf/imbrex-defaults.conf --conf spark.imbrex.best=5 search
 * ...}.
 */
public final class GlobalArguments {
    private GlobalArguments() {
    }

    /** Applies the leading launcher arguments and returns the rest (the command and its arguments). */
    public static String[] apply(String[] args) {
        List<String> rest = new ArrayList<>();
        int i = 0;
        while (i < args.length) {
            String arg = args[i];
            if (arg.equals("--properties-file") && i + 1 < args.length) {
                loadProperties(Path.of(args[i + 1]));
                i += 2;
            } else if (arg.startsWith("--properties-file=")) {
                loadProperties(Path.of(arg.substring("--properties-file=".length())));
                i++;
            } else if (arg.equals("--conf") && i + 1 < args.length) {
                setConf(args[i + 1]);
                i += 2;
            } else if (arg.startsWith("--conf=")) {
                setConf(arg.substring("--conf=".length()));
                i++;
            } else {
                break;
            }
        }
        while (i < args.length) {
            rest.add(args[i++]);
        }
        return rest.toArray(String[]::new);
    }

    private static void loadProperties(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new IllegalArgumentException("--properties-file " + file + ": cannot read it ("
                    + e.getClass().getSimpleName() + ")");
        }
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith("spark.")) {
                System.setProperty(key, properties.getProperty(key).trim());
            }
        }
    }

    private static void setConf(String assignment) {
        int equals = assignment.indexOf('=');
        if (equals <= 0 || !assignment.startsWith("spark.")) {
            throw new IllegalArgumentException("--conf " + assignment + ": expected spark.KEY=VALUE");
        }
        System.setProperty(assignment.substring(0, equals), assignment.substring(equals + 1));
    }
}
