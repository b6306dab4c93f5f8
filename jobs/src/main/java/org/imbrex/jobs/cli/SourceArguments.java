package org.imbrex.jobs.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine;

/**
 * Turns the options of a Spark data source read into the command line of the imbrex command it runs, so
 * that the source and the command share option names, defaults and validation messages.
 *
 * <pre>
 *   .option("max-sad", "4").load("a.bin", "dir/")    → --max-sad 4 --input a.bin --input dir/ --output NONE
 *   paths: Spark's "path" (one) or "paths" (a JSON array, several); or an "input" option
 * </pre>
 * Keys are matched in any case, as Spark's case-insensitive options give them. An option the command does
 * not have, or one the source refuses (the ones that shape a command's own output), is an error naming it.
 * Example: {@code SourceArguments.of(options, new CommandLine(new SearchCommand()), REFUSED, "none")}.
 */
public final class SourceArguments {
    /** The {@code --output} a source passes its command: it writes nothing, the command requires one. */
    public static final String NO_OUTPUT = "(none: the rows are a DataFrame)";

    private SourceArguments() {
    }

    /**
     * The arguments for {@code command}: each option as {@code --name value}, every input as {@code --input},
     * and {@code --output output} (the source writes nothing; the command requires one).
     *
     * @param refused options the source does not take, each with why
     */
    public static String[] of(Map<String, String> options, CommandLine command, Map<String, String> refused,
            String output) {
        Set<String> known = new TreeSet<>();
        for (CommandLine.Model.OptionSpec option : command.getCommandSpec().options()) {
            if (!option.usageHelp() && !option.versionHelp()) {
                known.add(option.longestName().substring(2));
            }
        }
        List<String> args = new ArrayList<>();
        List<String> inputs = new ArrayList<>();
        for (Map.Entry<String, String> entry : options.entrySet()) {
            String name = entry.getKey().toLowerCase(Locale.ROOT);
            if (name.equals("path")) {
                inputs.add(entry.getValue());
            } else if (name.equals("paths")) {
                inputs.addAll(jsonPaths(entry.getValue()));
            } else if (refused.containsKey(name)) {
                throw new IllegalArgumentException("imbrex: option '" + name + "' is not for the data source: "
                        + refused.get(name));
            } else if (!known.contains(name)) {
                throw new IllegalArgumentException("imbrex: option '" + entry.getKey() + "' is not an option of imbrex "
                        + command.getCommandName() + "; the source takes " + String.join(", ", known.stream()
                                .filter(n -> !refused.containsKey(n)).toList()));
            } else if (name.equals("input")) {
                inputs.add(entry.getValue());
            } else {
                args.add("--" + name);
                args.add(entry.getValue());
            }
        }
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("imbrex: no input: give load(path) a file, directory or glob, or the "
                    + "option 'input'");
        }
        for (String input : inputs) {
            args.add("--input");
            args.add(input);
        }
        args.add("--output");
        args.add(output);
        return args.toArray(String[]::new);
    }

    private static List<String> jsonPaths(String json) {
        try {
            return new ObjectMapper().readValue(json, new TypeReference<List<String>>() {
            });
        } catch (IOException e) {
            throw new IllegalArgumentException("imbrex: option paths " + json + " is not a JSON array of paths", e);
        }
    }
}
