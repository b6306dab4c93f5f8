package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.imbrex.io.input.ByteRangeInputFormat;
import org.imbrex.io.scan.Prefilter;
import org.imbrex.jobs.cli.GlobalArguments;
import org.imbrex.jobs.cli.SparkConfDefaults;
import org.imbrex.jobs.spark.TableFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** The options of {@code imbrex search}: defaults, limits, size suffixes, and every option as a Spark conf key. */
class SearchCommandTest {
    private static final String[] REQUIRED = {"--signatures", "s.txt", "--input", "in", "--output", "out"};

    /** A value other than the default for every option, and how to read it back from the options. */
    private record ConfCase(String option, String value, Function<SearchOptions, Object> field, Object expected) {
        @Override
        public String toString() {
            return SparkConfDefaults.key("search", option) + "=" + value;
        }
    }

    private static final List<ConfCase> CONF_CASES = List.of(
            new ConfCase("signatures", "conf.yar", SearchOptions::signatures, List.of("conf.yar")),
            new ConfCase("input", "a,hdfs:///b", SearchOptions::inputs, List.of("a", "hdfs:///b")),
            new ConfCase("output", "conf-out", SearchOptions::output, "conf-out"),
            new ConfCase("format", "csv", SearchOptions::format, TableFormat.CSV),
            new ConfCase("overwrite", "true", SearchOptions::overwrite, true),
            new ConfCase("max-sad", "7", SearchOptions::maxSad, 7),
            new ConfCase("best", "3", SearchOptions::best, 3),
            new ConfCase("tile-size", "64k", SearchOptions::tileSize, 65_536L),
            new ConfCase("split-size", "2g", SearchOptions::splitSize, 2L << 30),
            new ConfCase("open-cost", "4k", SearchOptions::openCost, 4096L),
            new ConfCase("partitions", "5", SearchOptions::partitions, 5),
            new ConfCase("kernel", "asm", SearchOptions::kernel, Kernel.ASM),
            new ConfCase("prefilter", "none", SearchOptions::prefilter, Prefilter.NONE),
            new ConfCase("master", "local[3]", SearchOptions::master, "local[3]"),
            new ConfCase("show", "4", SearchOptions::show, 4));

    private Properties saved;

    @BeforeEach
    void saveSystemProperties() {
        saved = (Properties) System.getProperties().clone();
    }

    @AfterEach
    void restoreSystemProperties() {
        System.setProperties(saved);
    }

    static SearchOptions parse(String... args) {
        SearchCommand command = new SearchCommand();
        CommandLine line = new CommandLine(command);
        line.setDefaultValueProvider(new SparkConfDefaults());
        line.parseArgs(args);
        return command.options();
    }

    @Test
    void options_onlyRequired_haveTheDocumentedDefaults() {
        SearchOptions options = parse(REQUIRED);

        assertThat(options).isEqualTo(new SearchOptions(List.of("s.txt"), List.of("in"), "out", TableFormat.PARQUET, false,
                0, 0, 1 << 20, SearchOptions.AUTO_SPLIT_SIZE, 64 << 10, 0, Kernel.JAVA, Prefilter.ANCHORS, null, 20));
        assertThat(options.tileSize()).isEqualTo(SearchOptions.DEFAULT_TILE_SIZE);
        assertThat(options.splitSize()).isEqualTo(SearchOptions.AUTO_SPLIT_SIZE);
        assertThat(options.openCost()).isEqualTo(SearchOptions.DEFAULT_OPEN_COST);
    }

    @Test
    void options_bestWithoutMaxSad_hasNoScoreBound() {
        SearchOptions options = parse("--signatures", "s.txt", "--input", "in", "--output", "out", "--best", "10");

        assertThat(options.best()).isEqualTo(10);
        assertThat(options.maxSad()).isEqualTo(SearchOptions.UNLIMITED);
        assertThat(options.keepsBest()).isTrue();
    }

    @Test
    void options_repeatedAndCommaSeparatedInputs_areAllKept() {
        SearchOptions options = parse("--signatures", "s", "--input", "a,b", "--input", "c", "--output", "o");

        assertThat(options.inputs()).containsExactly("a", "b", "c");
    }

    @Test
    void options_sizesWithSuffixes_areBinary() {
        SearchOptions options = parse("--signatures", "s", "--input", "i", "--output", "o", "--tile-size", "64K",
                "--split-size", "3m");

        assertThat(options.tileSize()).isEqualTo(65_536);
        assertThat(options.splitSize()).isEqualTo(3 << 20);
    }

    @Test
    void options_splitSizeAuto_isTheDefaultInAnyCase() {
        assertThat(parse("--signatures", "s", "--input", "i", "--output", "o", "--split-size", "AUTO").splitSize())
                .isEqualTo(SearchOptions.AUTO_SPLIT_SIZE);
        assertThat(parse(REQUIRED).splitSizeFor(1L << 40, 8)).isEqualTo(128L << 20);
    }

    @ParameterizedTest(name = "{0} bytes on {1} cores: {2}")
    @CsvSource({
        // The inputs' share of a core, rounded up to a power of two, 4 MiB to 128 MiB.
        "415236096, 2, 134217728",  // 396 MiB: 198 MiB each → 256 MiB → 128 MiB
        "90177536, 2, 67108864",    // 86 MiB: 43 MiB each → 64 MiB
        "134217728, 2, 67108864",   // 128 MiB: exactly 64 MiB each
        "134217729, 2, 134217728",  // one byte more: 64 MiB + 1 each → 128 MiB
        "1099511627776, 64, 134217728",
        "1073741824, 100, 16777216", // 1 GiB on 100 cores: 10.24 MiB each → 16 MiB
        "1000, 2, 4194304",         // small inputs: 4 MiB
        "0, 2, 4194304",
        "1000000, 0, 4194304",      // no cores known yet: as one
    })
    void splitSizeFor_auto_isTheCoresSharePowerOfTwoWithinSparksBounds(long bytes, int cores, long split) {
        assertThat(parse(REQUIRED).splitSizeFor(bytes, cores)).isEqualTo(split);
    }

    @Test
    void splitSizeFor_givenSizeOrLargeOpenCost_winsOverAuto() {
        assertThat(parse("--signatures", "s", "--input", "i", "--output", "o", "--split-size", "3m")
                .splitSizeFor(1L << 40, 2)).isEqualTo(3 << 20);
        assertThat(parse("--signatures", "s", "--input", "i", "--output", "o", "--open-cost", "100m")
                .splitSizeFor(1000, 2)).isEqualTo(100 << 20);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOptions")
    void options_badValue_isRefusedNamingTheOption(List<String> bad, String message) {
        String[] args = Stream.concat(Arrays.stream(REQUIRED), bad.stream())
                .toArray(String[]::new);

        assertThatThrownBy(() -> parse(args)).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining(message);
    }

    static List<Object[]> badOptions() {
        return List.of(
                new Object[] {List.of("--max-sad", "-1"), "--max-sad -1 is negative"},
                new Object[] {List.of("--best", "-2"), "--best -2 is negative; give K ≥ 1 for the K best offsets per "
                    + "signature, or 0 (the default) for every offset within --max-sad"},
                new Object[] {List.of("--tile-size", "0"), "--tile-size 0 is outside 1..16776960"},
                new Object[] {List.of("--tile-size", "16m"), "--tile-size 16777216 is outside 1..16776960"},
                new Object[] {List.of("--tile-size", "1.5m"), "'1.5m' is not a size"},
                new Object[] {List.of("--split-size", "0"), "--split-size 0 must be at least 1 byte, or auto"},
                new Object[] {List.of("--split-size", "-1"), "'-1' is not a size"},
                new Object[] {List.of("--open-cost", "65m", "--split-size", "64m"), "--open-cost 68157440 is outside "
                    + "0..67108864 bytes (at most --split-size; --open-cost 67108864 gives every file a task of its own)"},
                new Object[] {List.of("--open-cost", "129m"), "--open-cost 135266304 is outside 0..134217728 bytes (at "
                    + "most --split-size auto's largest; --open-cost 134217728 gives every file a task of its own)"},
                new Object[] {List.of("--open-cost", "8k", "--split-size", "4k"),
                    "--open-cost 8192 is outside 0..4096 bytes"},
                new Object[] {List.of("--open-cost", "-1"), "'-1' is not a size"},
                new Object[] {List.of("--partitions", "-1"), "--partitions -1 is negative; give N ≥ 1 scan tasks, or 0 "
                    + "(the default) for one task per split"},
                new Object[] {List.of("--show", "-1"), "--show -1 must be 0 or more"},
                new Object[] {List.of("--format", "xml"), "--format xml is not one of parquet, csv, json"},
                new Object[] {List.of("--kernel", "hlsl"), "--kernel hlsl is not one of java, asm"},
                new Object[] {List.of("--prefilter", "bloom"), "--prefilter bloom is not one of anchors, none"});
    }

    @Test
    void options_splitSizeBelowTheDefaultOpenCost_openCostDefaultsToTheSplitSize() {
        SearchOptions options = parse("--signatures", "s", "--input", "i", "--output", "o", "--split-size", "4096");

        assertThat(options.openCost()).isEqualTo(4096);
    }

    @Test
    void options_openCostZeroOrTheSplitSize_isAccepted() {
        assertThat(parse("--signatures", "s", "--input", "i", "--output", "o", "--open-cost", "0").openCost())
                .isZero();
        assertThat(parse("--signatures", "s", "--input", "i", "--output", "o", "--open-cost", "64m").openCost())
                .isEqualTo(64 << 20);
    }

    @Test
    void checkTileSize_tileShorterThanLongestSignature_isRefusedWithTheMinimum() {
        SearchOptions options = parse("--signatures", "s", "--input", "i", "--output", "o", "--tile-size", "63");

        assertThatThrownBy(() -> options.checkTileSize(64)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--tile-size 63 is smaller than the longest signature (64 bytes); use at least 64");
    }

    @Test
    void checkTileSize_largestTileWithLongHalo_isAccepted() {
        SearchOptions options = parse("--signatures", "s", "--input", "i", "--output", "o", "--tile-size",
                "" + SearchOptions.MAX_DISPATCH_BYTES);

        options.checkTileSize(4096);

        assertThat(options.tileSize()).isEqualTo(65_535L * 64 * 4);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("confCases")
    void options_sparkConfKey_setsTheOption(ConfCase conf) {
        System.setProperty(SparkConfDefaults.key("search", conf.option()), conf.value());
        String[] args = IntStream.range(0, REQUIRED.length / 2)
                .filter(i -> !REQUIRED[2 * i].equals("--" + conf.option()))
                .boxed().flatMap(i -> Stream.of(REQUIRED[2 * i], REQUIRED[2 * i + 1]))
                .toArray(String[]::new);

        assertThat(conf.field().apply(parse(args))).isEqualTo(conf.expected());
    }

    static List<ConfCase> confCases() {
        return CONF_CASES;
    }

    @Test
    void confCases_coverEveryOptionOfTheCommand() {
        Set<String> options = new CommandLine(new SearchCommand()).getCommandSpec().options().stream()
                .filter(o -> !o.usageHelp() && !o.versionHelp())
                .map(o -> o.longestName().substring(2)).collect(Collectors.toCollection(TreeSet::new));

        assertThat(CONF_CASES).extracting(ConfCase::option).containsExactlyInAnyOrderElementsOf(options);
    }

    @Test
    void options_flagAndConfKey_flagWins() {
        System.setProperty("spark.imbrex.search.max-sad", "7");
        System.setProperty("spark.imbrex.search.tile-size", "2m");

        SearchOptions options = parse("--signatures", "s", "--input", "i", "--output", "o", "--max-sad", "3");

        assertThat(options.maxSad()).isEqualTo(3);
        assertThat(options.tileSize()).isEqualTo(2 << 20);
    }

    @Test
    void globalArguments_propertiesFileThenConf_laterWinsAndCommandRemains(@TempDir Path dir) throws IOException {
        Path defaults = Files.writeString(dir.resolve("imbrex.conf"),
                "spark.imbrex.search.max-sad  9\nspark.imbrex.search.format csv\nspark.imbrex.search.split-size\t16m\n");

        String[] rest = GlobalArguments.apply(new String[] {"--properties-file", defaults.toString(), "--conf",
            "spark.imbrex.search.max-sad=4", "search", "--signatures", "s", "--input", "i", "--output", "o"});
        SearchOptions options = parse(Arrays.copyOfRange(rest, 1, rest.length));

        assertThat(rest[0]).isEqualTo("search");
        assertThat(options.maxSad()).isEqualTo(4);
        assertThat(options.format()).isEqualTo(TableFormat.CSV);
        assertThat(options.splitSize()).isEqualTo(16 << 20);
    }

    @Test
    void globalArguments_shippedDefaultsFile_leavesTheDefaults() {
        GlobalArguments.apply(new String[] {"--properties-file", "../conf/imbrex-defaults.conf", "search"});

        assertThat(parse(REQUIRED)).isEqualTo(parseWithoutConf());
    }

    private SearchOptions parseWithoutConf() {
        Properties conf = (Properties) System.getProperties().clone();
        System.setProperties(saved);
        try {
            return parse(REQUIRED);
        } finally {
            System.setProperties(conf);
        }
    }

    @Test
    void options_bestZero_meansEveryOffsetWithinMaxSad() {
        SearchOptions options = parse("--signatures", "s", "--input", "i", "--output", "o", "--best", "0");

        assertThat(options.keepsBest()).isFalse();
        assertThat(options.maxSad()).isZero();
    }

    @Test
    void options_defaultOpenCost_isTheInputFormatsOwn() {
        assertThat(SearchOptions.DEFAULT_OPEN_COST).isEqualTo(ByteRangeInputFormat.DEFAULT_OPEN_COST);
    }
}
