package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.math.BigInteger;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.imbrex.jobs.cli.ByteSize;
import org.imbrex.jobs.testing.CommandLineFuzzing;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * Fuzzes the options of {@code imbrex search} (one argument per line of the input) without starting Spark:
 * the command line parses and {@code SearchCommand.options()} validates, or a {@link
 * CommandLine.ParameterException} is printed as one line naming the command. Every argument is also read
 * as a size ({@code --tile-size 64MiB}), which gives exactly the sizes of the documented grammar or the
 * converter's one refusal:
 *
 * <pre>
 *   size := blanks? digits ( [kmgt] ( b | ib )? )? blanks?      ASCII digits and letters, any case
 *   4096 → 4096    64m → 67108864    8KiB → 8192    1.5g, -1, +5, 5ib, 1e6 → refused
 * </pre>
 * Example: the lines {@code --signatures / s.txt / --input / in / --output / out / --tile-size / 17m} are
 * refused with {@code imbrex search: --tile-size 17825792 is outside 1..16776960 bytes ...}.
 */
class SearchCommandFuzzTest {
    private static final Pattern SIZE = Pattern.compile("([0-9]+)(?:([kmgt])(?:b|ib)?)?", Pattern.CASE_INSENSITIVE);

    @FuzzTest
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void parseArguments(byte[] input) {
        for (String argument : CommandLineFuzzing.arguments("search", input)) {
            checkSize(argument);
        }
        CommandLineFuzzing cli = new CommandLineFuzzing();
        try {
            CommandLine.ParseResult parsed = cli.parse("search", input);
            if (CommandLineFuzzing.command(parsed) instanceof SearchCommand search && !parsed.subcommand()
                    .isUsageHelpRequested() && !parsed.subcommand().isVersionHelpRequested()) {
                check(search.options());
            }
        } catch (CommandLine.ParameterException refused) {
            CommandLineFuzzing.checkPrinted(refused);
        }
    }

    private static void check(SearchOptions options) {
        assertThat(options.maxSad()).isNotNegative();
        assertThat(options.best()).isNotNegative();
        assertThat(options.tileSize()).isBetween(1L, SearchOptions.MAX_DISPATCH_BYTES);
        boolean auto = options.splitSize() == SearchOptions.AUTO_SPLIT_SIZE;
        assertThat(auto || options.splitSize() > 0).as("split size %d", options.splitSize()).isTrue();
        assertThat(options.openCost()).isBetween(0L, auto ? SearchOptions.MOST_AUTO_SPLIT : options.splitSize());
        for (long weight : new long[] {0, 1, 1L << 30, Long.MAX_VALUE / 2}) {
            assertThat(options.splitSizeFor(weight, 4)).isPositive().isGreaterThanOrEqualTo(options.openCost());
        }
        assertThat(options.partitions()).isNotNegative();
        assertThat(options.show()).isNotNegative();
    }

    /** {@link ByteSize#parse} against the grammar above. */
    private static void checkSize(String text) {
        Long expected = expectedSize(text);
        try {
            long size = ByteSize.parse(text);
            assertThat(size).as("the size of '%s'", text).isEqualTo(expected);
        } catch (CommandLine.TypeConversionException refused) {
            assertThat(expected).as("'%s' refused: %s", text, refused.getMessage()).isNull();
            assertThat(refused.getMessage()).isEqualTo("'" + text + "' is not a size (a whole number of bytes, or "
                    + "with a k, m, g or t suffix, e.g. 64m)");
        }
    }

    private static Long expectedSize(String text) {
        Matcher size = SIZE.matcher(text.trim());
        if (!size.matches()) {
            return null;
        }
        int shift = size.group(2) == null ? 0 : 10 * ("kmgt".indexOf(Character.toLowerCase(size.group(2).charAt(0))) + 1);
        BigInteger bytes = new BigInteger(size.group(1)).shiftLeft(shift);
        return bytes.bitLength() < Long.SIZE ? bytes.longValue() : null;
    }
}
