package org.imbrex.jobs.motion;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.concurrent.TimeUnit;
import org.imbrex.jobs.testing.CommandLineFuzzing;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * Fuzzes the options of {@code imbrex motion} (one argument per line of the input) without starting Spark:
 * the command line parses and {@code MotionCommand.options()} validates, or a {@link
 * CommandLine.ParameterException} is printed as one line naming the command; never another exception.
 *
 * <p>Example: the lines {@code --input / clip.y4m / --output / out / --range / 65} are refused with {@code
 * imbrex motion: --range 65 is out of range; use 0..64}.
 */
class MotionCommandFuzzTest {

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parseArguments(byte[] input) {
        CommandLineFuzzing cli = new CommandLineFuzzing();
        try {
            CommandLine.ParseResult parsed = cli.parse("motion", input);
            if (CommandLineFuzzing.command(parsed) instanceof MotionCommand motion && !parsed.subcommand()
                    .isUsageHelpRequested() && !parsed.subcommand().isVersionHelpRequested()) {
                MotionOptions options = motion.options();
                assertThat(options.block()).isIn(4, 8, 16, 32, 64);
                assertThat(options.range()).isBetween(0, 64);
                assertThat(options.stripeRows()).isNotNegative();
                assertThat(options.framesPerTask()).isNotNegative();
                assertThat(options.partitions()).isNotNegative();
            }
        } catch (CommandLine.ParameterException refused) {
            CommandLineFuzzing.checkPrinted(refused);
        }
    }
}
