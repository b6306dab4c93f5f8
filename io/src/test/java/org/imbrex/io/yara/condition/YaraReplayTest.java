package org.imbrex.io.yara.condition;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.imbrex.io.signature.SignatureFormatException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Replays the answers of YARA 4.2.3 recorded in {@code yara/condition/replay.txt} by {@code generate.py}
 * (same directory): some 500 generated conditions over five small files, each either the files its rule
 * matched or the fact that YARA refused it. No YARA is needed to run it. The rule file the generator
 * compiled for each condition C:
 * <pre>
 *   import "pe"
 *   rule base_true { condition: true }
 *   rule base_a { strings: $a = "abc" condition: $a }
 *   rule base_false { condition: false }
 *   rule probe { strings: $a = "abc" $b = "AB" $c = "zzz" $d1 = "xyx" $d2 = "yy"
 *                condition: (C) and ($a or $b or $c or $d1 or $d2 or true) }
 * </pre>
 * The tail only keeps YARA from refusing unreferenced strings; it is true, so the rule matches when C is
 * defined and not 0.
 */
class YaraReplayTest {
    private static final List<String> STRING_IDS = List.of("$a", "$b", "$c", "$d1", "$d2");
    private static final List<String> STRING_TEXTS = List.of("abc", "AB", "zzz", "xyx", "yy");
    private static final List<String> RULES = List.of("base_true", "base_a", "base_false", "probe");
    private static final ConditionScope SCOPE = new ConditionScope("probe.yar", 5, 1, STRING_IDS, RULES,
            Set.of("pe"));

    private static final Map<String, byte[]> FILES = new LinkedHashMap<>();
    private static final Map<String, List<Long>> YARA_MATCHES = new LinkedHashMap<>();
    private static final List<String[]> CASES = new ArrayList<>();
    private static final List<String[]> ERRORS = new ArrayList<>();

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = YaraReplayTest.class.getResourceAsStream("/yara/condition/replay.txt")) {
            assertThat(in).as("replay.txt on the test class path").isNotNull();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                read(line);
            }
        }
    }

    private static void read(String line) {
        if (line.startsWith("file ")) {
            String[] parts = line.split(" ", -1);
            FILES.put(parts[1], HexFormat.of().parseHex(parts[2]));
        } else if (line.startsWith("matches ")) {
            String[] parts = line.split(" ", 4);
            List<Long> offsets = new ArrayList<>();
            for (String offset : parts[3].trim().isEmpty() ? new String[0] : parts[3].trim().split(" ")) {
                offsets.add(Long.parseLong(offset));
            }
            YARA_MATCHES.put(parts[1] + " " + parts[2], offsets);
        } else if (line.startsWith("case ")) {
            CASES.add(line.substring(5).split("\t"));
        } else if (line.startsWith("error ")) {
            ERRORS.add(line.substring(6).split("\t"));
        }
    }

    private static List<InMemoryFacts> facts() {
        List<InMemoryFacts> facts = new ArrayList<>();
        for (byte[] data : FILES.values()) {
            boolean hasA = !InMemoryFacts.find(data, "abc".getBytes(StandardCharsets.US_ASCII)).isEmpty();
            Set<String> matched = hasA ? Set.of("base_true", "base_a") : Set.of("base_true");
            facts.add(new InMemoryFacts(data, STRING_TEXTS, matched));
        }
        return facts;
    }

    @Test
    void matches_bruteForce_areYarasMatches() {
        assertThat(FILES).hasSize(5);
        List<InMemoryFacts> facts = facts();
        int file = 0;
        for (String name : FILES.keySet()) {
            for (int s = 0; s < STRING_IDS.size(); s++) {
                List<Long> offsets = facts.get(file).matches(s).stream().map(StringMatch::offset).toList();
                assertThat(offsets).as(name + " " + STRING_IDS.get(s))
                        .isEqualTo(YARA_MATCHES.get(name + " " + STRING_IDS.get(s)));
            }
            file++;
        }
    }

    @Test
    void conditions_recordedYaraResults_areReproduced() {
        assertThat(CASES).hasSizeGreaterThan(400);
        List<InMemoryFacts> facts = facts();
        List<String> differences = new ArrayList<>();
        int skipped = 0;
        for (String[] recorded : CASES) {
            String condition = recorded[0];
            StringBuilder ours = new StringBuilder();
            try {
                ParsedCondition parsed = ConditionParser.parse(condition, SCOPE);
                if (parsed instanceof ParsedCondition.Supported supported) {
                    for (InMemoryFacts file : facts) {
                        ours.append(ConditionEvaluator.matches(supported.condition(), file) ? '1' : '0');
                    }
                } else {
                    // '#a in (A..B)' with A not 0 fails YARA 4.2.3 scans; the recorded cases never reach it.
                    assertThat(((ParsedCondition.Unsupported) parsed).reason()).as(condition).contains(" in (A..B)'");
                    skipped++;
                    continue;
                }
            } catch (RuntimeException e) {
                ours.append(e);
            }
            if (!ours.toString().equals(recorded[1])) {
                differences.add(condition + "  yara " + recorded[1] + "  imbrex " + ours);
            }
        }
        assertThat(differences).as("conditions where imbrex differs from YARA 4.2.3").isEmpty();
        assertThat(skipped).as("cases not compared").isLessThan(20);
    }

    @Test
    void conditions_yaraRefused_areSyntaxErrors() {
        assertThat(ERRORS).isNotEmpty();
        for (String[] recorded : ERRORS) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ConditionParser.parse(recorded[0], SCOPE))
                    .as(recorded[0] + " (YARA: " + (recorded.length > 1 ? recorded[1] : "") + ")")
                    .isInstanceOf(SignatureFormatException.class);
        }
    }
}
