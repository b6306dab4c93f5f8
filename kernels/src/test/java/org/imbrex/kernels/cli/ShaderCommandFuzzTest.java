package org.imbrex.kernels.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.imbrex.kernels.testing.OneLine;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * Fuzzes the arguments of {@code imbrex shader} up to where files would be read: the input is the command
 * line, one argument per line; picocli parses it, and each {@code --srv}, {@code --uav} and {@code --cb}
 * value goes through {@link ResourceArgument}'s parser as {@link ShaderCommand#call()} would send it. No file
 * is opened and no shader runs. The contract:
 *
 * <pre>
 *   picocli      the parse, or a ParameterException
 *   --srv ...    a ResourceArgument, or an IllegalArgumentException (that class) whose message starts with
 *                the option and its value, e.g. "--uav 0:R32_UINT:x:out.bin: BYTES 'x' is not a number"
 *   printed      what OneLineErrors prints for either is two lines: "shader: <one line>" and the --help hint
 * </pre>
 * {@code @FILE} arguments are not expanded: they would read the file the fuzzer names. Example: the lines
 * {@code msad4-search / 1 / --uav / 0:R32_UINT:12x:o.bin} give {@code shader: --uav 0:R32_UINT:12x:o.bin:
 * BYTES '12x' is not a number}.
 */
class ShaderCommandFuzzTest {

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parseArguments(byte[] input) {
        String[] args = arguments(input);
        CommandLine line = OneLineErrors.commandLine(new ShaderCommand());
        line.setExpandAtFiles(false);
        CommandLine.ParseResult parsed;
        try {
            parsed = line.parseArgs(args);
        } catch (CommandLine.ParameterException refused) {
            checkPrinted(line, refused);
            return;
        }
        check(line, parsed, "--srv", ResourceArgument.Srv::parse);
        check(line, parsed, "--uav", ResourceArgument.Uav::parse);
        check(line, parsed, "--cb", ResourceArgument.Cb::parse);
    }

    /** The lines of {@code input} as UTF-8, one argument each. */
    static String[] arguments(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        return text.isEmpty() ? new String[0] : text.split("\n", -1);
    }

    private static void check(CommandLine line, CommandLine.ParseResult parsed, String option,
            Function<String, ?> parser) {
        for (String value : parsed.matchedOptionValue(option, List.<String>of())) {
            try {
                assertThat(parser.apply(value)).isNotNull();
            } catch (IllegalArgumentException refused) {
                assertThat(refused.getClass()).as("%s %s refused by %s", option, value, refused)
                        .isEqualTo(IllegalArgumentException.class);
                assertThat(refused.getMessage()).startsWith(option + " " + value + ": ");
                checkPrinted(line, new CommandLine.ParameterException(line, refused.getMessage()));
            }
        }
    }

    /** What {@link OneLineErrors} prints for {@code refused}: the error on one line, then the hint. */
    static void checkPrinted(CommandLine line, CommandLine.ParameterException refused) {
        StringWriter err = new StringWriter();
        line.setErr(new PrintWriter(err));
        int code = new OneLineErrors().handleParseException(refused, new String[0]);
        assertThat(code).isEqualTo(CommandLine.ExitCode.USAGE);
        String[] printed = err.toString().split("\n", -1);
        assertThat(printed).as("printed: %s", err).hasSize(3);
        OneLine.check(printed[0]);
        assertThat(printed[0]).startsWith("shader: ");
        assertThat(printed[1]).isEqualTo("Try 'shader --help' for more information.");
        assertThat(printed[2]).isEmpty();
    }
}
