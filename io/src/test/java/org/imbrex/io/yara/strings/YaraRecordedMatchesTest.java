package org.imbrex.io.yara.strings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link StringMatcher} against the matches YARA 4.2.3 reported ({@code yara -s -L}) for the corpus of
 * {@link YaraStringCorpus}, recorded in {@code yara-4.2.3-matches.txt} so that no YARA is needed here.
 * <pre>
 *   case c000 $a = "ab"                    the definition, as the rule held it
 *   file f00 6162 …                        the file, in hex
 *   match c000 f00 0x0:2                   one reported match: offset and length
 * </pre>
 * Every (case, file) pair is compared as a whole list: a missing, extra, reordered or differently long
 * match fails. {@code record-yara-matches.sh} re-records the file.
 */
class YaraRecordedMatchesTest {
    private static final String RECORDING = "/yara/strings/yara-4.2.3-matches.txt";
    private static final Map<String, StringDefinition> CASES = new LinkedHashMap<>();
    private static final Map<String, byte[]> FILES = new LinkedHashMap<>();
    private static final Map<String, List<StringMatch>> RECORDED = new LinkedHashMap<>();
    private static final List<String> DEFINITIONS = new ArrayList<>();

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = YaraRecordedMatchesTest.class.getResourceAsStream(RECORDING)) {
            String text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            for (String line : text.split("\n")) {
                String[] fields = line.split(" ", 3);
                switch (fields[0]) {
                    case "case" -> {
                        DEFINITIONS.add(fields[2]);
                        CASES.put(fields[1], StringDefinitionReader.read(fields[1], fields[2]));
                    }
                    case "file" -> FILES.put(fields[1], HexFormat.of().parseHex(fields[2]));
                    case "match" -> {
                        String[] rest = fields[2].split(" ");
                        String[] place = rest[1].split(":");
                        RECORDED.computeIfAbsent(fields[1] + " " + rest[0], key -> new ArrayList<>())
                                .add(new StringMatch(Integer.parseInt(place[0].substring(2), 16),
                                        Integer.parseInt(place[1])));
                    }
                    default -> assertThat(line).startsWith("#");
                }
            }
        }
    }

    @Test
    void recording_isWhatTheCorpusGenerates() {
        YaraStringCorpus corpus = new YaraStringCorpus(YaraStringCorpus.SEED);
        assertThat(DEFINITIONS).containsExactlyElementsOf(corpus.definitions());
        List<byte[]> files = corpus.files();
        assertThat(FILES).hasSize(files.size());
        int f = 0;
        for (byte[] file : FILES.values()) {
            assertThat(file).as("file f%02d", f).isEqualTo(files.get(f++));
        }
    }

    @Test
    void recording_isNotVacuous() {
        int matches = RECORDED.values().stream().mapToInt(List::size).sum();
        assertThat(CASES).hasSizeGreaterThan(250);
        assertThat(matches).isGreaterThan(3000);
        long matched = CASES.keySet().stream().filter(name -> FILES.keySet().stream()
                .anyMatch(file -> RECORDED.containsKey(name + " " + file))).count();
        assertThat(matched).as("cases that match somewhere").isGreaterThan(CASES.size() * 90L / 100);
    }

    @Test
    void stringMatcher_everyCaseEveryFile_reportsWhatYaraReported() {
        List<String> differences = new ArrayList<>();
        CASES.forEach((name, definition) -> FILES.forEach((file, data) -> {
            List<StringMatch> expected = RECORDED.getOrDefault(name + " " + file, List.of());
            List<StringMatch> actual = StringMatcher.matches(definition, data);
            if (!actual.equals(expected)) {
                differences.add(name + " " + definition + " in " + file + ": YARA " + expected + ", imbrex " + actual);
            }
        }));
        assertThat(differences).isEmpty();
    }
}
