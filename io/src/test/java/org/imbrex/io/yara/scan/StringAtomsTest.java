package org.imbrex.io.yara.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.imbrex.io.yara.strings.StringDefinition;
import org.imbrex.io.yara.strings.StringDefinitionReader;
import org.imbrex.io.yara.strings.StringMatch;
import org.imbrex.io.yara.strings.StringMatcher;
import org.imbrex.io.yara.strings.YaraStringCorpus;
import org.junit.jupiter.api.Test;

/** {@link StringAtoms}: what atoms each kind of string gets, and that no match lacks one. */
class StringAtomsTest {

    private static List<String> atoms(String definition) {
        Optional<List<Atom>> atoms = StringAtoms.of(StringDefinitionReader.read("t.yar", definition));
        return atoms.map(list -> list.stream().map(Atom::toString).toList()).orElse(null);
    }

    @Test
    void text_isItsBytes() {
        assertThat(atoms("$a = \"MZ\\x00\"")).containsExactly("4D 5A 00 @0");
    }

    @Test
    void wideText_hasZeroAfterEveryByte_andAsciiOnlyWhenAsked() {
        assertThat(atoms("$a = \"ab\" wide")).containsExactly("61 00 62 00 @0");
        assertThat(atoms("$a = \"ab\" wide ascii")).containsExactly("61 62 @0", "61 00 62 00 @0");
    }

    @Test
    void nocase_takesTheLongestWindowWithThreeLetters_inBothCases() {
        assertThat(atoms("$a = \"Ab\" nocase")).containsExactlyInAnyOrder("41 62 @0", "61 62 @0", "41 42 @0",
                "61 42 @0");
        // "ab-12cd": "ab-12c" and "b-12cd" hold three letters each, the whole string four: the first wins.
        assertThat(atoms("$a = \"ab-12cd\" nocase")).hasSize(8).allMatch(atom -> atom.endsWith("@0"))
                .contains("61 62 2D 31 32 63 @0", "41 42 2D 31 32 43 @0");
    }

    @Test
    void longText_isCutTo64Bytes_wideTo32Characters() {
        String text = "x".repeat(100);
        assertThat(atoms("$a = \"" + text + "\"")).singleElement().satisfies(atom -> assertThat(atom)
                .hasSize(64 * 3 - 1 + " @0".length()));
        assertThat(atoms("$a = \"" + text + "\" wide")).singleElement().satisfies(atom -> assertThat(atom)
                .hasSize(64 * 3 - 1 + " @0".length()));
    }

    @Test
    void hex_stopsAtTheFirstJump_andLeavesOutLeadingWildcardsAndNibbles() {
        assertThat(atoms("$a = { 4D 5A ?? ?? [2-4] 50 45 }")).containsExactly("4D 5A @0");
        assertThat(atoms("$a = { ?? 4? 4D ?? 5A [2] 50 }")).containsExactly("4D ?? 5A @2");
    }

    @Test
    void hexAlternatives_areWrittenOut_andAJumpInsideOneEndsItsAtom() {
        assertThat(atoms("$a = { 4D 5A ( 90 | 00 ?? ) 00 [4] 50 }")).containsExactly("4D 5A 90 00 @0",
                "4D 5A 00 ?? 00 @0");
        assertThat(atoms("$a = { 4D ( 5A [1-2] 00 | 4E ) 50 }")).containsExactly("4D 5A @0", "4D 4E @0");
    }

    @Test
    void hexWithoutAnExactByteBeforeItsFirstJump_hasNoAtoms() {
        assertThat(atoms("$a = { ?? 4? [2] 5A }")).isNull();
        assertThat(atoms("$a = { ( 61 | ?? ) [2] 5A }")).isNull();
    }

    @Test
    void tooManyAlternatives_endTheAtomsBeforeTheGroup() {
        String group = "( 61 | 62 | 63 | 64 | 65 )";
        // 5 ways through the first group, 25 through both: more than 16, so the atoms end after the first.
        assertThat(atoms("$a = { 4D " + group + " " + group + " }")).containsExactly("4D 61 @0", "4D 62 @0",
                "4D 63 @0", "4D 64 @0", "4D 65 @0");
    }

    /**
     * The property the engine stands on: every match of every string of the string corpus (text with every
     * modifier subset, hex with jumps, nibbles and groups) holds one of the string's atoms at the atom's
     * offset, and checking the starts the atoms give finds exactly the reference matcher's matches.
     */
    @Test
    void everyMatchOfTheCorpus_holdsAnAtom_andTheAtomsStartsFindEveryMatch() {
        YaraStringCorpus corpus = new YaraStringCorpus(YaraStringCorpus.SEED);
        List<byte[]> files = corpus.files();
        int matches = 0;
        int withoutAtoms = 0;
        for (String text : corpus.definitions()) {
            StringDefinition definition = StringDefinitionReader.read("corpus.yar", text);
            Optional<List<Atom>> atoms = StringAtoms.of(definition);
            if (atoms.isEmpty()) {
                withoutAtoms++;
                continue;
            }
            for (byte[] file : files) {
                List<StringMatch> expected = StringMatcher.matches(definition, file);
                List<Integer> starts = new ArrayList<>();
                for (Atom atom : atoms.get()) {
                    for (int offset = 0; offset + atom.bytes().length <= file.length; offset++) {
                        if (holds(atom, file, offset) && offset - atom.offset() >= 0) {
                            starts.add(offset - atom.offset());
                        }
                    }
                }
                List<StringMatch> found = starts.stream().distinct().sorted()
                        .map(s -> StringMatcher.matchAt(definition, file, s)).filter(m -> m != null).toList();
                assertThat(found).as(text).isEqualTo(expected);
                matches += expected.size();
            }
        }
        assertThat(matches).isGreaterThan(5000);
        assertThat(withoutAtoms).as("strings without atoms").isLessThan(corpus.definitions().size() / 10);
    }

    private static boolean holds(Atom atom, byte[] data, int offset) {
        for (int i = 0; i < atom.bytes().length; i++) {
            if (!atom.wildcard()[i] && data[offset + i] != atom.bytes()[i]) {
                return false;
            }
        }
        return true;
    }
}
