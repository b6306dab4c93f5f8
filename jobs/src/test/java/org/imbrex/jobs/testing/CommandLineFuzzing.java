package org.imbrex.jobs.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.testing.OneLine;
import org.imbrex.jobs.ImbrexMain;
import org.imbrex.jobs.cli.SparkConfDefaults;
import org.imbrex.kernels.cli.OneLineErrors;
import picocli.CommandLine;

/**
 * The command line of {@code imbrex} as the CLI fuzz targets parse it: the whole command tree with its
 * Spark-conf defaults and one-line errors, as {@link ImbrexMain#run} builds it, but parsed only (nothing
 * runs) and with {@code @FILE} arguments left as they are (expanding them would read files the fuzzer names).
 *
 * <pre>{@code
 * CommandLineFuzzing cli = new CommandLineFuzzing();
 * CommandLine.ParseResult parsed = cli.parse("search", bytes);   // bytes: one argument per line, UTF-8
 * // a ParameterException instead: cli.checkPrinted(refused, "imbrex search")
 * }</pre>
 */
public final class CommandLineFuzzing {
    private final CommandLine root;

    public CommandLineFuzzing() {
        root = OneLineErrors.commandLine(new ImbrexMain());
        root.setDefaultValueProvider(new SparkConfDefaults(new PrintStream(OutputStream.nullOutputStream())));
        root.setExpandAtFiles(false);
    }

    /** The lines of {@code input} as UTF-8, one argument each, after {@code command}. */
    public static String[] arguments(String command, byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        List<String> args = new ArrayList<>(List.of(command));
        if (!text.isEmpty()) {
            args.addAll(List.of(text.split("\n", -1)));
        }
        return args.toArray(String[]::new);
    }

    /** Parses {@code command} and the arguments in {@code input}; a bad line throws a ParameterException. */
    public CommandLine.ParseResult parse(String command, byte[] input) {
        return root.parseArgs(arguments(command, input));
    }

    /**
     * What {@link OneLineErrors} prints for {@code refused}: {@code "<command>: <one line>"}, then the hint
     * to {@code --help}; nothing else.
     */
    public static void checkPrinted(CommandLine.ParameterException refused) {
        CommandLine line = refused.getCommandLine();
        String command = line.getCommandSpec().qualifiedName();
        StringWriter err = new StringWriter();
        line.setErr(new PrintWriter(err));
        int code = new OneLineErrors().handleParseException(refused, new String[0]);
        assertThat(code).isEqualTo(CommandLine.ExitCode.USAGE);
        String[] printed = err.toString().split("\n", -1);
        assertThat(printed).as("printed: %s", err).hasSize(3);
        OneLine.check(printed[0]);
        assertThat(printed[0]).startsWith(command + ": ");
        assertThat(printed[1]).isEqualTo("Try '" + command + " --help' for more information.");
        assertThat(printed[2]).isEmpty();
    }

    /** The user object of the subcommand {@code parsed} ends in, e.g. the {@code SearchCommand}. */
    public static Object command(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult last = parsed;
        while (last.hasSubcommand()) {
            last = last.subcommand();
        }
        return last.commandSpec().userObject();
    }
}
