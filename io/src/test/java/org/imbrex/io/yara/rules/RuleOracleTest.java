package org.imbrex.io.yara.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link RuleOracle} on hand-written cases; each expected answer is what {@code yara -e} 4.2.3 printed. */
class RuleOracleTest {
    private static final byte[] MZABC = "MZabc".getBytes(StandardCharsets.US_ASCII);

    private static List<String> names(byte[] data, String... files) {
        List<RuleFile> read = new java.util.ArrayList<>();
        for (int i = 0; i < files.length; i++) {
            read.add(RuleFileReader.read("n" + i, "f" + i + ".yar", files[i]));
        }
        return RuleOracle.matches(read, data).stream().map(RuleMatch::qualifiedName).toList();
    }

    @Test
    void matches_privateRule_isUsableButNotReported() {
        assertThat(names(MZABC, "rule a { condition: true } private rule b { condition: true } rule c { condition: b }"))
                .containsExactly("n0:a", "n0:c");
    }

    @Test
    void matches_failingGlobalRule_hidesRulesBeforeAndAfterIt() {
        assertThat(names(MZABC, "rule a { condition: true }\nglobal rule g { condition: false }\nrule b { condition: a }"))
                .isEmpty();
    }

    @Test
    void matches_matchingGlobalRule_isReportedUnlessPrivate() {
        assertThat(names(MZABC, "private global rule g { condition: true }\nglobal rule h { condition: true }"
                + " rule z { condition: h and g }")).containsExactly("n0:h", "n0:z");
    }

    @Test
    void matches_globalRule_gatesOnlyItsOwnNamespace() {
        assertThat(names(MZABC, "global rule g { condition: filesize > 100 } rule a { condition: true }",
                "rule a { condition: true } rule b { condition: true }")).containsExactly("n1:a", "n1:b");
    }

    @Test
    void matches_tagsAndStrings_areReported() {
        RuleFile file = RuleFileReader.read("n", "f.yar", "rule a : t1 t2 { strings: $a = \"abc\" condition: #a == 1"
                + " and $a at 2 and !a[1] == 3 and uint16(0) == 0x5A4D }");
        assertThat(RuleOracle.matches(file, MZABC)).containsExactly(new RuleMatch("n", "a", List.of("t1", "t2")));
        assertThat(RuleOracle.matches(file, "MZ-abcabc".getBytes(StandardCharsets.US_ASCII))).isEmpty();
    }

    @Test
    void matches_anonymousStringsAndThem_countEveryString() {
        assertThat(names(MZABC, "rule a { strings: $a = \"abc\" $ = \"MZ\" $ = \"ab\" condition: all of them }"))
                .containsExactly("n0:a");
        assertThat(names(MZABC, "rule a { strings: $a = \"abc\" $ = \"MZ\" $ = \"zz\" condition: all of them }"))
                .isEmpty();
    }

    @Test
    void matches_skippedRule_isNeverReported() {
        assertThat(names(MZABC, "rule a { strings: $r = /ab+c/ condition: $r } rule b { condition: true }"))
                .containsExactly("n0:b");
    }

    @Test
    void matches_peEntryPoint_isTheFileOffset() {
        byte[] pe = RuleCorpus.minimalPe(3);
        String rules = "import \"pe\"\nrule ep { condition: pe.entry_point == 0x203 and pe.is_pe }\n"
                + "rule text { condition: pe.sections[0].name == \".text\" and pe.number_of_sections == 1 }";
        assertThat(names(pe, rules)).containsExactly("n0:ep", "n0:text");
        assertThat(names(MZABC, rules)).isEmpty();
    }

    @Test
    void matches_ruleNamingItself_isFalse() {
        assertThat(names(MZABC, "rule a { condition: a } rule b { condition: not a }")).containsExactly("n0:b");
    }

    @Test
    void matches_noFiles_noMatches() {
        assertThat(RuleOracle.matches(List.of(), MZABC)).isEmpty();
    }
}
