package org.imbrex.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.imbrex.jobs.ImbrexMain;
import org.imbrex.jobs.search.SearchOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The Spark conf keys of the commands: {@code spark.imbrex.<command>.<option>}, the old shared keys where
 * only one command has the option, and the shipped {@code conf/imbrex-defaults.conf} held to the commands'
 * own defaults.
 */
class SparkConfDefaultsTest {
    private Properties saved;
    private final ByteArrayOutputStream warnings = new ByteArrayOutputStream();

    @BeforeEach
    void save() {
        saved = (Properties) System.getProperties().clone();
    }

    @AfterEach
    void restore() {
        System.setProperties(saved);
    }

    /** The option's value after parsing {@code args} under the imbrex root command, as picocli typed it. */
    private Object parsed(String command, String option, String... args) {
        CommandLine root = new CommandLine(new ImbrexMain());
        root.setDefaultValueProvider(new SparkConfDefaults(new PrintStream(warnings, true, StandardCharsets.UTF_8)));
        CommandLine.ParseResult result = root.parseArgs(args);
        return result.subcommand().commandSpec().findOption(option).getValue();
    }

    private String warnings() {
        return warnings.toString(StandardCharsets.UTF_8);
    }

    private static final String[] SEARCH = {"search", "--signatures", "s", "--input", "i", "--output", "o"};
    private static final String[] MOTION = {"motion", "--input", "i", "--output", "o"};

    @Test
    void perCommandKey_setsThatCommandsOptionOnly() {
        System.setProperty("spark.imbrex.motion.format", "ffmpeg-csv");

        assertThat(parsed("motion", "--format", MOTION)).isEqualTo("ffmpeg-csv");
        assertThat(parsed("search", "--format", SEARCH)).isEqualTo("parquet");
        assertThat(warnings()).isEmpty();
    }

    @Test
    void oldKey_ofAnOptionOnlyOneCommandHas_stillWorksWithOneDeprecationWarning() {
        System.setProperty("spark.imbrex.max-sad", "7");

        assertThat(parsed("search", "--max-sad", SEARCH)).isEqualTo(7);
        assertThat(warnings()).isEqualTo("imbrex: spark.imbrex.max-sad is deprecated; use spark.imbrex.search.max-sad"
                + System.lineSeparator());
    }

    @Test
    void oldKey_ofAnOptionTwoCommandsHave_isIgnoredWithAWarningNamingBothKeys() {
        System.setProperty("spark.imbrex.format", "ffmpeg-csv");

        assertThat(parsed("search", "--format", SEARCH)).isEqualTo("parquet");
        assertThat(warnings()).contains("imbrex: spark.imbrex.format is ignored: search and motion both have --format; "
                + "use spark.imbrex.search.format or spark.imbrex.motion.format");
    }

    @Test
    void perCommandKey_winsOverTheOldKey_withoutAWarning() {
        System.setProperty("spark.imbrex.range", "3");
        System.setProperty("spark.imbrex.motion.range", "5");

        assertThat(parsed("motion", "--range", MOTION)).isEqualTo(5);
        assertThat(warnings()).isEmpty();
    }

    @Test
    void commandLineFlag_winsOverEveryKey() {
        System.setProperty("spark.imbrex.motion.range", "5");

        assertThat(parsed("motion", "--range", "motion", "--input", "i", "--output", "o", "--range", "2")).isEqualTo(2);
    }

    private static final Pattern COMMENTED_KEY = Pattern.compile("^#\\s*spark\\.imbrex\\.(search|motion)\\.(\\S+)\\s+(\\S+)\\s*$");

    /**
     * Every commented {@code spark.imbrex.<command>.<option> VALUE} line of the shipped file shows the
     * command's default, and every option of search and motion with a default has its line.
     */
    @Test
    void shippedDefaultsFile_showsEachOptionsDefault() throws IOException {
        Map<String, String> documented = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("../conf/imbrex-defaults.conf"))) {
            Matcher m = COMMENTED_KEY.matcher(line);
            if (m.matches()) {
                documented.put(m.group(1) + "." + m.group(2), m.group(3));
            }
        }
        Map<String, String> defaults = new TreeMap<>();
        CommandLine root = new CommandLine(new ImbrexMain());
        for (String command : new String[] {"search", "motion"}) {
            CommandSpec spec = root.getSubcommands().get(command).getCommandSpec();
            for (OptionSpec option : spec.options()) {
                if (option.defaultValue() != null && !option.usageHelp() && !option.versionHelp()) {
                    defaults.put(command + "." + option.longestName().substring(2), option.defaultValue());
                }
            }
        }
        // --open-cost's default is computed (at most --split-size), so its annotation has none
        defaults.put("search.open-cost", SearchOptions.Defaults.OPEN_COST);
        assertThat(documented).isNotEmpty().isEqualTo(defaults);
    }
}
