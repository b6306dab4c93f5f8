package org.imbrex.jobs.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.imbrex.io.yara.rules.MatchedRule;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.RuleOracle;
import org.imbrex.io.yara.strings.StringDefinition;
import org.imbrex.io.yara.strings.StringMatch;
import org.imbrex.io.yara.strings.StringModifier;
import org.imbrex.jobs.spark.TableFormat;
import org.imbrex.jobs.testing.LocalSpark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole searches with YARA rules against YARA: the random rule files and files of the io module's {@code
 * RuleCorpus} (text and hex strings with every modifier, jumps, alternatives, conditions of the whole
 * grammar, global and private rules, minimal PE files), all in one search.
 */
class RuleSearchIT {
    /** Set by {@code .ci/run}: the live comparison with {@code yara} must run, not fall back on the oracle. */
    static final String REQUIRE_YARA = "IMBREX_REQUIRE_YARA";

    @TempDir
    Path dir;

    static RuleSearchSummary run(String... args) {
        return new RuleSearchJob(Searches.options(args)).run(LocalSpark.session());
    }

    /**
     * A third of the corpus' cases in one search: for each case's files, the case's rules in the rules table
     * are those YARA 4.2.3 reported (recorded by the io module's {@code RuleCorpusRecorder}), in YARA's order,
     * less the rules the skipped table lists.
     */
    @Test
    void recordedCases_giveTheRulesYaraReported_lessTheSkippedOnes() throws IOException {
        List<Long> seeds = LongStream.range(0, 300).filter(s -> s % 3 == 0).boxed().toList();
        RuleCases cases = RuleCases.write(dir.resolve("in"), seeds);
        String out = dir.resolve("out").toString();

        RuleSearchSummary summary = run("--signatures", cases.signatures(), "--input", cases.data().toString(),
                "--output", out);

        Set<String> skipped = RuleCases.table(summary.table(), RuleTables.SKIPPED, TableFormat.PARQUET).stream()
                .map(row -> row.split("\t")).map(row -> row[0] + ":" + row[1]).collect(Collectors.toSet());
        Map<String, List<String>> imbrex = new HashMap<>();
        for (String row : RuleCases.table(summary.table(), RuleTables.RULES, TableFormat.PARQUET)) {
            String[] cells = row.split("\t");
            imbrex.computeIfAbsent(cells[3], path -> new ArrayList<>()).add(cells[0] + ":" + cells[1]);
        }
        Map<String, String> recorded = recorded();
        int compared = 0;
        for (Map.Entry<String, long[]> file : cases.files().entrySet()) {
            long seed = file.getValue()[0];
            String prefix = cases.data().getParent().resolve("rules").resolve("case" + seed + "-").toString();
            List<String> ours = imbrex.getOrDefault(file.getKey(), List.of()).stream()
                    .filter(rule -> rule.startsWith(prefix)).map(rule -> cases.namespace(rule.substring(0,
                            rule.lastIndexOf(':'))) + rule.substring(rule.lastIndexOf(':')))
                    .toList();
            List<String> yara = new ArrayList<>();
            for (String rule : recorded.get(seed + "\t" + file.getValue()[1]).split(" ")) {
                if (rule.isEmpty()) {
                    continue;
                }
                String source = prefix + rule.substring(1, rule.indexOf(':')) + ".yar";
                if (!skipped.contains(source + rule.substring(rule.indexOf(':')))) {
                    yara.add(rule);
                }
            }
            assertThat(ours).as(file.getKey()).isEqualTo(yara);
            compared += yara.size();
        }
        assertThat(compared).isGreaterThan(300);
        assertThat(skipped).isNotEmpty().hasSizeLessThan(summary.rulesRun() / 4);
        assertThat(summary.ruleRows()).isEqualTo(imbrex.values().stream().mapToLong(List::size).sum());
    }

    /**
     * Fresh cases against {@code yara -e -g -s -L} run now, over the same files with the same rule files (each
     * its own namespace): the same (rule, file) rows and the same string matches, offsets and lengths. Where no
     * {@code yara} is installed (and {@value #REQUIRE_YARA} is not set), against imbrex's reference engine,
     * which the io module checks against YARA's recorded answers.
     */
    @Test
    void freshCases_giveYarasRulesAndStringMatches() throws IOException, InterruptedException {
        List<Long> seeds = LongStream.range(10_000, 10_040).boxed().toList();
        RuleCases cases = RuleCases.write(dir.resolve("in"), seeds);
        String out = dir.resolve("out").toString();

        RuleSearchSummary summary = run("--signatures", cases.signatures(), "--input", cases.data().toString(),
                "--output", out, "--format", "csv");

        Set<String> skipped = RuleCases.table(summary.table(), RuleTables.SKIPPED, TableFormat.CSV).stream()
                .map(row -> row.split("\t")).map(row -> row[0] + ":" + row[1]).collect(Collectors.toSet());
        Set<String> rules = new TreeSet<>();
        for (String row : RuleCases.table(summary.table(), RuleTables.RULES, TableFormat.CSV)) {
            String[] cells = row.split("\t");
            rules.add(cells[0] + ":" + cells[1] + " [" + cells[2] + "] " + cells[3]);
        }
        Set<String> strings = new TreeSet<>();
        for (String row : RuleCases.table(summary.table(), RuleTables.STRINGS, TableFormat.CSV)) {
            String[] cells = row.split("\t");
            assertThat(cells[5]).isEqualTo("0");
            strings.add(cells[0] + ":" + cells[1] + " " + cells[2] + " " + cells[3] + ":" + cells[4]);
        }
        Expected expected = YaraProcess.available() ? yara(cases, skipped) : oracle(cases);
        if (!YaraProcess.available()) {
            assertThat(System.getenv(REQUIRE_YARA)).as("yara is required (" + REQUIRE_YARA + ") but not on PATH")
                    .isNull();
        }
        assertThat(only(rules, expected.rules())).as("rules rows imbrex alone has").isEmpty();
        assertThat(only(expected.rules(), rules)).as("rules rows only the reference has").isEmpty();
        assertThat(only(strings, expected.strings())).as("string matches imbrex alone has").isEmpty();
        assertThat(only(expected.strings(), strings)).as("string matches only the reference has").isEmpty();
        assertThat(rules).hasSizeGreaterThan(100);
        assertThat(strings).hasSizeGreaterThan(300);
    }

    /**
     * Tables do not depend on tiles, splits or partitions: every combination of a tile of the longest atom
     * (64 bytes), splits of 100 and 4096 bytes and 3 partitions gives the default run's tables, for corpus
     * cases and a large file whose strings, with jumps of up to 300 bytes, cross every tile and split.
     */
    @Test
    void tables_doNotDependOnTilesSplitsOrPartitions() throws IOException {
        RuleCases cases = RuleCases.write(dir.resolve("in"), List.of(1L, 2L, 4L, 5L, 7L, 8L));
        Path rules = java.nio.file.Files.writeString(dir.resolve("in/rules/crossing.yar"), """
                rule crossing : long {
                    strings:
                        $j = { 4D 5A [20-300] 50 45 00 00 }
                        $t = "boundary" wide nocase
                        $f = "key" fullword
                    condition: #j > 3 and $t and #f >= 2
                }
                rule count_all { strings: $k = "key" condition: #k > 30 }
                """);
        java.util.Random random = new java.util.Random(7);
        byte[] large = new byte[40_000];
        random.nextBytes(large);
        for (int at = 50; at + 400 < large.length; at += 997) {
            plant(large, at, new byte[] {0x4D, 0x5A});
            plant(large, at + 2 + 20 + (at % 280), new byte[] {0x50, 0x45, 0, 0});
            plant(large, at + 600 % 397, "b\0O\0u\0N\0d\0A\0r\0Y\0".getBytes(StandardCharsets.ISO_8859_1));
            plant(large, at + 333, " key ".getBytes(StandardCharsets.ISO_8859_1));
        }
        java.nio.file.Files.write(cases.data().resolve("large.bin"), large);
        String signatures = cases.signatures() + "," + rules;

        RuleSearchSummary reference = run("--signatures", signatures, "--input", cases.data().toString(),
                "--output", dir.resolve("reference").toString());
        List<String> expectedRules = sorted(RuleCases.table(reference.table(), RuleTables.RULES, TableFormat.PARQUET));
        List<String> expectedStrings = sorted(RuleCases.table(reference.table(), RuleTables.STRINGS,
                TableFormat.PARQUET));
        assertThat(expectedRules).anyMatch(row -> row.contains("\tcrossing\tlong\t") && row.endsWith("large.bin"));
        assertThat(expectedRules).anyMatch(row -> row.contains("\tcount_all\t") && row.endsWith("large.bin"));

        int run = 0;
        for (String tile : List.of("64", "1k")) {
            for (String split : List.of("100", "4096")) {
                for (String partitions : List.of("0", "3")) {
                    RuleSearchSummary summary = run("--signatures", signatures, "--input", cases.data().toString(),
                            "--output", dir.resolve("run" + run++).toString(), "--tile-size", tile, "--split-size",
                            split, "--open-cost", "0", "--partitions", partitions);
                    String what = "tile " + tile + " split " + split + " partitions " + partitions;
                    assertThat(sorted(RuleCases.table(summary.table(), RuleTables.RULES, TableFormat.PARQUET)))
                            .as(what).isEqualTo(expectedRules);
                    assertThat(sorted(RuleCases.table(summary.table(), RuleTables.STRINGS, TableFormat.PARQUET)))
                            .as(what).isEqualTo(expectedStrings);
                }
            }
        }
    }

    /**
     * With {@code --max-sad T}, hex strings match within T (their atoms found within T by the scan) and text
     * strings exactly; the strings table gives each match's SAD, as the reference engine scores it.
     */
    @Test
    void maxSad_matchesHexStringsWithinIt_andTextExactly() throws IOException {
        Path rules = java.nio.file.Files.writeString(dir.resolve("fuzzy.yar"), """
                rule near : fuzzy { strings: $h = { 4D 5A ?? 00 [2-4] 50 45 } $t = "Hello" condition: $h and $t }
                rule text_only { strings: $t = "Hello" condition: $t }
                """);
        Path data = java.nio.file.Files.createDirectories(dir.resolve("data"));
        byte[] near = "..\u004E\u005Ax\u0000ab\u0050\u0044..Hello..".getBytes(StandardCharsets.ISO_8859_1);
        byte[] textOff = "..\u004D\u005Ax\u0000ab\u0050\u0045..Hellp..".getBytes(StandardCharsets.ISO_8859_1);
        java.nio.file.Files.write(data.resolve("near.bin"), near);
        java.nio.file.Files.write(data.resolve("text-off.bin"), textOff);

        RuleSearchSummary summary = run("--signatures", rules.toString(), "--input", data.toString(), "--output",
                dir.resolve("out").toString(), "--max-sad", "2");

        assertThat(RuleCases.table(summary.table(), RuleTables.RULES, TableFormat.PARQUET)).containsExactly(
                rules + "\tnear\tfuzzy\tfile:" + data.resolve("near.bin"),
                rules + "\ttext_only\t\tfile:" + data.resolve("near.bin"));
        // 4E for 4D and 44 for 45: SAD 2, within the limit; the text string stays exact.
        assertThat(RuleCases.table(summary.table(), RuleTables.STRINGS, TableFormat.PARQUET)).containsExactly(
                rules + "\tnear:$h\tfile:" + data.resolve("near.bin") + "\t2\t8\t2",
                rules + "\tnear:$t\tfile:" + data.resolve("near.bin") + "\t12\t5\t0",
                rules + "\ttext_only:$t\tfile:" + data.resolve("near.bin") + "\t12\t5\t0");
        RuleFile file = RuleSources.parse(List.of(new RuleSources.RuleText(rules.toString(),
                java.nio.file.Files.readString(rules)))).get(0);
        assertThat(RuleOracle.matched(List.of(file), near, 2).get(0).strings().get(0))
                .containsExactly(new StringMatch(2, 8, 2));
    }

    private static void plant(byte[] data, int at, byte[] bytes) {
        System.arraycopy(bytes, 0, data, at, bytes.length);
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }

    /** The first rows of {@code a} that {@code b} lacks. */
    private static List<String> only(Set<String> a, Set<String> b) {
        return a.stream().filter(row -> !b.contains(row)).limit(10).toList();
    }

    /** The rows YARA or the oracle give: "source:rule [tags] path" and "source:rule:$id path offset:length". */
    record Expected(Set<String> rules, Set<String> strings) {
    }

    private static Expected yara(RuleCases cases, Set<String> skipped) throws IOException, InterruptedException {
        List<String> sources = new ArrayList<>(cases.ruleFiles().keySet());
        List<String> command = new ArrayList<>(List.of("-e", "-g", "-s", "-L", "-w", "-r"));
        for (int i = 0; i < sources.size(); i++) {
            command.add("ns" + i + ":" + sources.get(i));
        }
        command.add(cases.data().toString());
        Set<String> rules = new TreeSet<>();
        Set<String> strings = new TreeSet<>();
        String rule = null;
        String path = null;
        for (String line : YaraProcess.run(command).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            if (!line.startsWith("0x")) {
                // ns3:r1 [t0,u1] /tmp/.../f2
                String qualified = line.substring(0, line.indexOf(' '));
                String tags = line.substring(line.indexOf('[') + 1, line.indexOf(']'));
                path = "file:" + line.substring(line.indexOf("] ") + 2);
                String source = sources.get(Integer.parseInt(qualified.substring(2, qualified.indexOf(':'))));
                rule = source + qualified.substring(qualified.indexOf(':'));
                rule = skipped.contains(rule) ? null : rule;
                if (rule != null) {
                    rules.add(rule + " [" + tags + "] " + path);
                }
                continue;
            }
            if (rule != null) {
                // 0x1f:4:$a: data
                String[] cells = line.split(":", 4);
                strings.add(rule + ":" + cells[2] + " " + path + " " + Long.parseLong(cells[0].substring(2), 16)
                        + ":" + cells[1]);
            }
        }
        return new Expected(rules, strings);
    }

    private static Expected oracle(RuleCases cases) {
        List<RuleFile> files = new ArrayList<>(cases.ruleFiles().values());
        Set<String> rules = new TreeSet<>();
        Set<String> strings = new TreeSet<>();
        for (String path : cases.files().keySet()) {
            for (MatchedRule matched : RuleOracle.matched(files, cases.content(path), 0)) {
                String rule = matched.match().qualifiedName();
                rules.add(rule + " [" + String.join(",", matched.match().tags()) + "] " + path);
                for (int s = 0; s < matched.strings().size(); s++) {
                    StringDefinition string = matched.rule().strings().get(s);
                    if (!string.has(StringModifier.PRIVATE)) {
                        for (StringMatch m : matched.strings().get(s)) {
                            strings.add(rule + ":$" + string.identifier() + " " + path + " " + m.offset() + ":"
                                    + m.length());
                        }
                    }
                }
            }
        }
        return new Expected(rules, strings);
    }

    private static Map<String, String> recorded() throws IOException {
        Map<String, String> recorded = new HashMap<>();
        try (InputStream in = RuleSearchIT.class.getResourceAsStream("/yara/rules/yara-4.2.3-rules.tsv")) {
            assertThat(in).as("the io module's recorded yara answers").isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.startsWith("#")) {
                    String[] parts = line.split("\t", -1);
                    recorded.put(parts[0] + "\t" + parts[1], parts[2]);
                }
            }
        }
        return recorded;
    }
}
