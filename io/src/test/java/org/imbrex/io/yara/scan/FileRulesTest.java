package org.imbrex.io.yara.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.yara.rules.MatchedRule;
import org.imbrex.io.yara.rules.RuleCorpus;
import org.imbrex.io.yara.rules.RuleFile;
import org.imbrex.io.yara.rules.RuleFileReader;
import org.imbrex.io.yara.rules.RuleOracle;
import org.imbrex.io.yara.strings.StringMatcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link FileRules} over a plain scan of the atoms against {@link RuleOracle} (itself checked against
 * YARA's recorded answers) on every case of {@link RuleCorpus}: the same rules in the same order, and for
 * each rule the reference matcher's matches of each of its strings.
 */
class FileRulesTest {

    /** Both plans of an exact search: nocase atoms in a scan of their own, and every atom lowercased. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyRuleCorpusCase_givesTheOraclesRules_andTheReferenceMatches(boolean allLowercased) {
        int rules = 0;
        int strings = 0;
        for (long seed = 0; seed < RuleCorpus.CASES; seed++) {
            RuleCorpus.Case c = RuleCorpus.generate(seed);
            List<RuleFile> files = ruleFiles(c);
            RuleScanPlan plan = allLowercased ? RuleScanPlan.forScan(files, 0) : RuleScanPlan.of(files);
            assertThat(plan.caseBlindFrom()).isEqualTo(allLowercased ? 0 : plan.asRead().size());
            for (byte[] data : c.files()) {
                FileRules fileRules = new FileRules(plan, data);
                AtomScan.scan(plan, data, fileRules);
                List<MatchedRule> matched = fileRules.matches();
                assertThat(matched).extracting(MatchedRule::match).as("case %d", seed)
                        .isEqualTo(RuleOracle.matches(files, data));
                for (MatchedRule rule : matched) {
                    for (int s = 0; s < rule.rule().strings().size(); s++) {
                        assertThat(rule.strings().get(s)).as("case %d %s", seed, rule.rule().strings().get(s))
                                .isEqualTo(StringMatcher.matches(rule.rule().strings().get(s), data));
                        strings += rule.strings().get(s).size();
                    }
                }
                rules += matched.size();
            }
        }
        assertThat(rules).isGreaterThan(500);
        assertThat(strings).isGreaterThan(500);
    }

    /** The same within SAD limits: the atoms found within the limit, every hex string scored within it. */
    @Test
    void everyRuleCorpusCase_withinASadLimit_givesTheOraclesRulesAndMatches() {
        int fuzzy = 0;
        for (long seed = 0; seed < RuleCorpus.CASES; seed += 3) {
            RuleCorpus.Case c = RuleCorpus.generate(seed);
            List<RuleFile> files = ruleFiles(c);
            int limit = (int) (seed % 4) * 3 + 1;
            RuleScanPlan plan = RuleScanPlan.forScan(files, limit);
            for (byte[] data : c.files()) {
                FileRules fileRules = new FileRules(plan, data, limit);
                AtomScan.scan(plan, data, fileRules, limit);
                List<MatchedRule> matched = fileRules.matches();
                List<MatchedRule> expected = RuleOracle.matched(files, data, limit);
                assertThat(matched).extracting(MatchedRule::match).as("case %d", seed)
                        .isEqualTo(expected.stream().map(MatchedRule::match).toList());
                for (int r = 0; r < matched.size(); r++) {
                    assertThat(matched.get(r).strings()).as("case %d", seed).isEqualTo(expected.get(r).strings());
                    fuzzy += (int) matched.get(r).strings().stream().flatMap(List::stream)
                            .filter(m -> m.sad() > 0).count();
                }
            }
        }
        assertThat(fuzzy).as("matches with SAD > 0").isGreaterThan(50);
    }

    /**
     * Cases whose rules ask for strings at offsets ({@link RuleCorpus#PLACED_FROM}): the strings used only as
     * {@code $a at E} are not scanned for, checked at E, and listed in full for the rules that match; the
     * rules and every string's matches are still the oracle's, exactly and within SAD limits.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 5})
    void placedStrings_areCheckedWhereTheConditionAsks_andListedInFull(int maxSad) {
        int placed = 0;
        int placedMatches = 0;
        int rules = 0;
        for (long seed = RuleCorpus.PLACED_FROM; seed < RuleCorpus.PLACED_FROM + 300; seed++) {
            RuleCorpus.Case c = RuleCorpus.generate(seed);
            List<RuleFile> files = ruleFiles(c);
            RuleScanPlan plan = RuleScanPlan.forScan(files, maxSad);
            for (int ref = 0; ref < plan.strings().size(); ref++) {
                placed += plan.placed(ref) ? 1 : 0;
            }
            for (byte[] data : c.files()) {
                FileRules fileRules = new FileRules(plan, data, maxSad);
                AtomScan.scan(plan, data, fileRules, maxSad);
                List<MatchedRule> matched = fileRules.matches();
                List<MatchedRule> expected = RuleOracle.matched(files, data, maxSad);
                assertThat(matched).extracting(MatchedRule::match).as("case %d", seed)
                        .isEqualTo(expected.stream().map(MatchedRule::match).toList());
                for (int r = 0; r < matched.size(); r++) {
                    MatchedRule rule = matched.get(r);
                    assertThat(rule.strings()).as("case %d %s", seed, rule.match()).isEqualTo(expected.get(r).strings());
                    int first = plan.ref(plan.ruleIndex(rule.rule()), 0);
                    for (int s = 0; s < rule.strings().size(); s++) {
                        placedMatches += plan.placed(first + s) ? rule.strings().get(s).size() : 0;
                    }
                }
                rules += matched.size();
            }
        }
        assertThat(placed).as("placed strings").isGreaterThan(100);
        assertThat(placedMatches).as("listed matches of placed strings").isGreaterThan(30);
        assertThat(rules).isGreaterThan(300);
    }

    @Test
    void aPlacedString_isNotScannedFor_butListedInFullWhenItsRuleMatches() {
        RuleFile file = RuleFileReader.read("n", "t.yar", "rule r { strings: $a = \"key\" nocase $b = \"zz\" "
                + "condition: $a at filesize - 7 or $b at uint8(0) }");
        RuleScanPlan plan = RuleScanPlan.forScan(List.of(file), 0);
        assertThat(plan.placed(0)).isTrue();
        assertThat(plan.placed(1)).isTrue();
        assertThat(plan.signatures()).isEmpty();
        byte[] data = "KEY-KeY-key".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        FileRules rules = new FileRules(plan, data);
        assertThat(rules.matches()).singleElement().satisfies(rule -> assertThat(rule.strings())
                .hasToString("[[0x0:3, 0x4:3, 0x8:3], []]"));
        assertThat(new FileRules(plan, "KEY-KEX-key".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1))
                .matches()).isEmpty();
    }

    /**
     * YARA 4.2.3 ({@code yara -s} on {@code keyXXkeyYYkey}): a string asked for only at one constant offset
     * is searched there only ({@code STRING_FLAGS_FIXED_OFFSET}), so its rule lists that one match.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "$a at 5                          | [0x5:3]",
        "$a at 2 + 3                      | [0x5:3]",
        "not $a at 0 or filesize > 1      | [0x0:3]",
        "$a at 0 or $a at 5               | [0x0:3, 0x5:3, 0xa:3]",
        "$a at filesize - 8               | [0x0:3, 0x5:3, 0xa:3]",
        "$a at 5 and #a > 0               | [0x0:3, 0x5:3, 0xa:3]",
        "$a at 7 or true                  | []",
    })
    void aStringAskedAtOneConstantOffset_listsTheMatchThereOnly(String condition, String listed) {
        RuleFile file = RuleFileReader.read("n", "t.yar", "rule r { strings: $a = \"key\" condition: "
                + condition + " }");
        assertListed(file, condition, listed);
    }

    /**
     * The same in YARA 4.2.3 for text strings with any modifiers and for hex strings of whole bytes; a hex
     * string with {@code ??}, a nibble, a jump or a group goes to YARA's regular-expression engine, which
     * records every match whatever the offset.
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "{ 6B 65 79 }           ; [0x5:3]",
        "\"KEY\" nocase         ; [0x5:3]",
        "\"key\" wide           ; []",
        "{ 6B ?? 79 }           ; [0x0:3, 0x5:3, 0xa:3]",
        "{ 6B [0-1] 79 }        ; [0x0:3, 0x5:3, 0xa:3]",
        "{ 6? 65 }              ; [0x0:2, 0x5:2, 0xa:2]",
        "{ 6B ( 65 | 66 ) }     ; [0x0:2, 0x5:2, 0xa:2]",
        "{ ( 6B 65 79 ) }       ; [0x5:3]",
    })
    void aLiteralStringAskedAtOneConstantOffset_listsTheMatchThereOnly(String string, String listed) {
        RuleFile file = RuleFileReader.read("n", "t.yar", "rule r { strings: $a = " + string
                + " condition: $a at 5 or true }");
        assertListed(file, string, listed);
    }

    /**
     * YARA 4.2.3 on {@code keyXXkeyYYkey}: an anonymous {@code $} in a {@code for .. of} loop is a use of every
     * string of the rule, {@code $ at E} an {@code at E} of each.
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "$a at 0 and for any of ($b) : ($)        ; [0x0:3, 0x5:3, 0xa:3], [0x8:2]",
        "for any of ($b) : ($ at 8) and $a at 0   ; [0x0:3, 0x5:3, 0xa:3], [0x8:2]",
        "$a at 0 and for any of ($b) : ($ at 8)   ; [0x0:3, 0x5:3, 0xa:3], [0x8:2]",
        "$a at 8 or for any of ($b) : ($ at 8)    ; [], [0x8:2]",
    })
    void anAnonymousStringInALoop_usesEveryStringOfTheRule(String condition, String listed) {
        RuleFile file = RuleFileReader.read("n", "t.yar", "rule r { strings: $a = \"key\" $b = \"YY\" condition: "
                + condition + " }");
        assertListed(file, condition, listed);
    }

    private static void assertListed(RuleFile file, String condition, String listed) {
        byte[] data = "keyXXkeyYYkey".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        for (RuleScanPlan plan : List.of(RuleScanPlan.forScan(List.of(file), 0), RuleScanPlan.of(List.of(file)))) {
            FileRules rules = new FileRules(plan, data);
            AtomScan.scan(plan, data, rules);
            assertThat(rules.matches()).as(condition).singleElement().satisfies(rule -> assertThat(rule.strings())
                    .hasToString("[" + listed + "]"));
        }
        assertThat(RuleOracle.matched(List.of(file), data, 0)).singleElement().satisfies(rule -> assertThat(
                rule.strings()).hasToString("[" + listed + "]"));
    }

    /**
     * A file is read only when a rule needs its bytes: not when no atom was found and every rule is gated on
     * its strings, asks only for filesize or for a placed string past the end; when a rule reads an integer
     * of it, the pe module (the entry point of a placed string) or a placed string inside it, once.
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "$a ; false",
        "$a at pe.entry_point or $b at pe.entry_point ; true",
        "$a at filesize + 5 ; false",
        "filesize > 10 and not $a ; false",
        "uint16(0) == 0x5A4D or $a ; true",
        "pe.is_pe or $a ; true",
        "$a at 0 ; true",
    })
    void aFileIsReadOnlyWhenARuleNeedsItsBytes(String condition, boolean read) {
        RuleFile file = RuleFileReader.read("n", "t.yar", "import \"pe\" rule r { strings: $a = \"key\" "
                + (condition.contains("$b") ? "$b = { 4D 5A } " : "") + "condition: " + condition + " }");
        RuleScanPlan plan = RuleScanPlan.forScan(List.of(file), 0);
        byte[] data = "no words here".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        int[] reads = new int[1];
        org.imbrex.io.yara.rules.FileContent content = org.imbrex.io.yara.rules.FileContent.lazy(data.length, () -> {
            reads[0]++;
            return data;
        });
        FileRules rules = new FileRules(plan, content, 0);
        assertThat(rules.matches()).extracting(MatchedRule::match).as(condition)
                .isEqualTo(RuleOracle.matches(List.of(file), data));
        assertThat(reads[0]).as(condition).isEqualTo(read ? 1 : 0);
    }

    /**
     * With a head reader, the pe module reads only the first two bytes of a file that does not start with "MZ"
     * (no PE for YARA); a file that does is read whole, as is one whose integers a rule reads.
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "$a at pe.entry_point or $b at pe.entry_point ; no words here ; 1 ; 0",
        "pe.is_pe or $a ; no words here ; 1 ; 0",
        "pe.number_of_sections == 0 or $a ; no words here ; 1 ; 0",
        "pe.is_pe or $a ; MZ, no words here ; 1 ; 1",
        "$a at pe.entry_point or $b at pe.entry_point ; MZ, no words here ; 1 ; 1",
        "uint16(0) == 0x5A4D or $a ; no words here ; 0 ; 1",
        "$a ; no words here ; 0 ; 0",
    })
    void thePeModuleOfAFileNotStartingWithMz_readsItsHeadOnly(String condition, String text, int headReads,
            int reads) {
        RuleFile file = RuleFileReader.read("n", "t.yar", "import \"pe\" rule r { strings: $a = \"key\" "
                + (condition.contains("$b") ? "$b = { 4D 5A } " : "") + "condition: " + condition + " }");
        RuleScanPlan plan = RuleScanPlan.forScan(List.of(file), 0);
        byte[] data = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        int[] counts = new int[2];
        org.imbrex.io.yara.rules.FileContent content = org.imbrex.io.yara.rules.FileContent.lazy(data.length, () -> {
            counts[1]++;
            return data;
        }, head -> {
            counts[0]++;
            System.arraycopy(data, 0, head, 0, head.length);
        });
        FileRules rules = new FileRules(plan, content, 0);
        assertThat(rules.matches()).extracting(MatchedRule::match).as(condition)
                .isEqualTo(RuleOracle.matches(List.of(file), data));
        assertThat(counts).as(condition + " on " + text).containsExactly(headReads, reads);
    }

    private static List<RuleFile> ruleFiles(RuleCorpus.Case c) {
        List<RuleFile> files = new ArrayList<>();
        for (int i = 0; i < c.ruleFiles().size(); i++) {
            files.add(RuleFileReader.read(c.namespaces().get(i), "case" + c.seed() + "-" + i + ".yar",
                    c.ruleFiles().get(i)));
        }
        return files;
    }

    @Test
    void aStartBeforeTheFile_isNoCandidate() {
        // "xKEY": the atom of $a (offset 1 in the match) found at 0 would start the match at -1.
        RuleFile file = RuleFileReader.read("n", "t.yar",
                "rule r { strings: $a = { ?? 4B 45 59 } condition: $a }");
        RuleScanPlan plan = RuleScanPlan.of(List.of(file));
        byte[] data = "KEYxKEY".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        FileRules rules = new FileRules(plan, data);
        AtomScan.scan(plan, data, rules);
        assertThat(rules.matches()).singleElement().satisfies(rule -> assertThat(rule.strings().get(0))
                .hasToString("[0x3:4]"));
    }

    @Test
    void anAtomAfterAJump_givesEveryStartOfItsRange_andNoneBeforeTheFile() {
        // $a's atom is "ABCD", 2 to 5 bytes into a match; matches start at 0 (jump 0: starts -3 to 0 are candidates), 9 (jump 1) and 19 (jump 3)
        RuleFile file = RuleFileReader.read("n", "t.yar",
                "rule r { strings: $a = { 00 00 [0-3] 41 42 43 44 } condition: #a == 3 }");
        RuleScanPlan plan = RuleScanPlan.of(List.of(file));
        assertThat(plan.signatures()).singleElement().satisfies(atom -> assertThat(atom.toHex()).isEqualTo("41 42 43 44"));
        byte[] data = "\0\0ABCD--x\0\0xABCD--y\0\0xyzABCD".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        FileRules rules = new FileRules(plan, data);
        AtomScan.scan(plan, data, rules);
        assertThat(rules.matches()).singleElement().satisfies(rule -> assertThat(rule.strings().get(0))
                .isEqualTo(StringMatcher.matches(file.runnable().get(0).strings().get(0), data))
                .hasToString("[0x0:6, 0x9:7, 0x13:9]"));
    }
}
