package org.imbrex.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.imbrex.jobs.testing.CommandRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code imbrex} command line without Spark: help on every command, and every kind of bad input
 * refused with one line and exit code 2 before Spark starts. Each bad run passes {@code --master} a URL
 * Spark cannot parse, so a check that came only after Spark started would fail differently (exit code 1).
 */
class ImbrexMainTest {
    private static final String NO_SPARK = "bogus://spark-must-not-start";

    @TempDir
    Path dir;
    private Path signatures;
    private Path input;

    @BeforeEach
    void writeInputs() throws IOException {
        signatures = Files.writeString(dir.resolve("sigs.txt"), "mz = 4D 5A ?? 00\n");
        input = Files.write(dir.resolve("a.bin"), new byte[] {0x4D, 0x5A, 0x01, 0x00});
    }

    @AfterEach
    void noSparkStarted() {
        assertThat(SparkSession.getDefaultSession().isEmpty()).isTrue();
    }

    @ParameterizedTest
    @MethodSource("commands")
    void help_everyCommand_exitsZeroWithItsUsage(String command) {
        CommandRun run = CommandRun.of(command, "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("Usage: imbrex " + command);
        assertThat(run.err()).isEmpty();
    }

    /** Every command of the imbrex command line but {@code help}, as the root command lists them. */
    static java.util.List<String> commands() {
        java.util.List<String> names = new java.util.ArrayList<>(new picocli.CommandLine(new ImbrexMain())
                .getSubcommands().keySet());
        names.remove("help");
        assertThat(names).contains("search", "motion", "demo", "shader");
        return names;
    }

    @Test
    void help_topLevelAndHelpCommand_exitZero() {
        CommandRun top = CommandRun.of("--help");
        CommandRun help = CommandRun.of("help", "search");

        assertThat(top.exitCode()).isZero();
        assertThat(top.out()).startsWith("Usage: imbrex").contains("search", "motion", "demo", "shader");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).startsWith("Usage: imbrex search").contains("--max-sad", "--best", "--kernel");
    }

    @Test
    void search_helpAfterPropertiesFile_exitsZero() throws IOException {
        Path conf = Files.writeString(dir.resolve("imbrex.conf"), "spark.imbrex.best 5\n");

        CommandRun run = CommandRun.of("--properties-file", conf.toString(), "search", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--best");
    }

    @Test
    void imbrex_noCommand_exitsTwoNamingTheCommands() {
        CommandRun run = CommandRun.of();

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("imbrex: a command is required: search, motion, demo, shader");
    }

    @Test
    void search_missingInput_isOneLineBeforeSpark() {
        CommandRun run = search("--input", dir.resolve("nope.bin").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --input: input '" + dir.resolve("nope.bin")
                + "' does not exist");
    }

    @Test
    void search_globMatchingNothing_isOneLineBeforeSpark() {
        CommandRun run = search("--input", dir.resolve("*.img").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --input: input '" + dir.resolve("*.img")
                + "' matches no file");
    }

    @Test
    void search_emptyInputDirectory_isRefused() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));

        CommandRun run = search("--input", empty.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).endsWith("input '" + empty + "' is an empty directory");
    }

    @Test
    void search_malformedTextSignature_reportsFileLineAndColumn() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.txt"), "# header\nok = 4D 5A\nbad = 4D 5G 00\n");

        CommandRun run = search("--signatures", bad.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).startsWith("imbrex search: " + bad + ":3:10: ").doesNotContain("\n");
    }

    @Test
    void search_missingSignatureFile_isRefused() {
        CommandRun run = search("--signatures", dir.resolve("none.txt").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --signatures " + dir.resolve("none.txt")
                + " does not exist");
    }

    @Test
    void search_signatureFileWithOnlyComments_isAnEmptySet() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.txt"), "# nothing here\n\n");

        CommandRun run = search("--signatures", empty.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --signatures " + empty + " holds no signature");
    }

    @Test
    void search_yaraAndSignatureFilesTogether_areRefused() throws IOException {
        Path rules = Files.writeString(dir.resolve("r.yar"), "rule t { strings: $a = \"abc\" condition: $a }\n");
        Path plain = Files.writeString(dir.resolve("s.txt"), "mz = 4D 5A\n");

        CommandRun run = search("--signatures", rules + "," + plain);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --signatures " + rules + " is a YARA rule file and "
                + plain + " a signature file; give files of one kind (YARA rules run as rules, signatures as "
                + "signatures)");
    }

    @Test
    void search_yaraRulesWithBest_isRefused() throws IOException {
        Path rules = Files.writeString(dir.resolve("r.yar"), "rule t { strings: $a = \"abc\" condition: $a }\n");

        CommandRun run = search("--signatures", rules.toString(), "--best", "3");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --best 3 applies to signature files; YARA rules report "
                + "every match of the rules that match");
    }

    @Test
    void search_sameRuleFileTwice_isRefused() throws IOException {
        Path rules = Files.writeString(dir.resolve("r.yar"), "rule t { strings: $a = \"abc\" condition: $a }\n");

        CommandRun run = search("--signatures", rules + "," + rules);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --signatures " + rules + " is given twice; each rule "
                + "file is one namespace");
    }

    /** What YARA 4.2 refuses in a rule file refuses the search, at its file, line and column, before Spark. */
    @Test
    void search_negatedHexByte_isRefusedAsYaraRefusesIt() throws IOException {
        String rules = realisticRules().replace("{ 4D 5A ?? 00 }", "{ 4D ~5A ?? 00 }");
        Path file = Files.writeString(dir.resolve("rules.yar"), rules);
        int at = rules.indexOf("~5A");
        int line = (int) rules.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
        int column = at - rules.lastIndexOf('\n', at - 1);

        CommandRun run = search("--signatures", file.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).startsWith("imbrex search: " + file + ":" + line + ":" + column + ": ")
                .contains("~").doesNotContain("\n");
    }

    @Test
    void search_duplicateRuleInAFile_isRefusedAsYaraRefusesIt() throws IOException {
        Path twice = Files.writeString(dir.resolve("twice.yar"), "rule t { condition: true }\nrule t { condition: "
                + "false }\n");

        CommandRun run = search("--signatures", twice.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).startsWith("imbrex search: " + twice + ":2:").contains("t");
    }

    /** The inputs are listed while the rules are read: a rule file's error still comes first. */
    @Test
    void search_badRuleFileAndMissingInput_reportsTheRuleFile() throws IOException {
        Path twice = Files.writeString(dir.resolve("twice.yar"), "rule t { condition: true }\nrule t { condition: "
                + "false }\n");

        CommandRun run = search("--signatures", twice.toString(), "--input", dir.resolve("nope.bin").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).startsWith("imbrex search: " + twice + ":2:");
    }

    @Test
    void search_yaraRulesAndMissingInput_reportsTheInput() throws IOException {
        Path rules = Files.writeString(dir.resolve("r.yar"), "rule t { strings: $a = \"abc\" condition: $a }\n");

        CommandRun run = search("--signatures", rules.toString(), "--input", dir.resolve("nope.bin").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --input: input '" + dir.resolve("nope.bin")
                + "' does not exist");
    }

    @Test
    void search_tileSmallerThanLongestSignature_isRefusedWithTheMinimum() {
        CommandRun run = search("--tile-size", "3");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --tile-size 3 is smaller than the longest signature "
                + "(4 bytes); use at least 4");
    }

    @Test
    void search_negativeMaxSad_isRefused() {
        CommandRun run = search("--max-sad", "-3");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("imbrex search: --max-sad -3 is negative; scores are ≥ 0\n");
    }

    @Test
    void search_existingNonEmptyOutput_isRefusedUnlessOverwrite() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve("part-0"), "old");

        CommandRun run = CommandRun.of("search", "--signatures", signatures.toString(), "--input", input.toString(),
                "--output", out.toString(), "--master", NO_SPARK);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).isEqualTo("imbrex search: --output " + out
                + " exists and is not empty; choose another path or pass --overwrite");
        assertThat(out.resolve("part-0")).hasContent("old");
    }

    @Test
    void search_outputIsAFile_isRefused() throws IOException {
        Path out = Files.writeString(dir.resolve("out.csv"), "old");

        CommandRun run = CommandRun.of("search", "--signatures", signatures.toString(), "--input", input.toString(),
                "--output", out.toString(), "--master", NO_SPARK);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).endsWith("exists and is a file; choose another path or pass --overwrite");
    }

    @Test
    void search_overwriteOutputHoldingAnInput_isRefused() {
        CommandRun run = CommandRun.of("search", "--signatures", signatures.toString(), "--input", input.toString(),
                "--output", dir.toString(), "--overwrite", "--master", NO_SPARK);

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).startsWith("imbrex search: --output file:" + dir + " holds the input file file:"
                + input);
        assertThat(input).exists();
    }

    @Test
    void launcher_unreadablePropertiesFile_isRefused() {
        CommandRun run = CommandRun.of("--properties-file", dir.resolve("none.conf").toString(), "search");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.errLine()).startsWith("imbrex: --properties-file " + dir.resolve("none.conf"));
    }

    /** {@code imbrex search} on the test's inputs, with {@code overrides} replacing or adding options. */
    private CommandRun search(String... overrides) {
        List<String> args = new ArrayList<>(List.of("search"));
        List<String> override = List.of(overrides);
        for (String[] option : new String[][] {{"--signatures", signatures.toString()}, {"--input", input.toString()},
            {"--output", dir.resolve("matches").toString()}, {"--master", NO_SPARK}}) {
            if (!override.contains(option[0])) {
                args.addAll(List.of(option));
            }
        }
        args.addAll(override);
        return CommandRun.of(args.toArray(String[]::new));
    }

    private static String realisticRules() throws IOException {
        try (InputStream in = ImbrexMainTest.class.getResourceAsStream("/signatures/realistic.yar")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
