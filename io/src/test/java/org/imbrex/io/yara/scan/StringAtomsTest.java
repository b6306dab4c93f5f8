package org.imbrex.io.yara.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
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
    void nocase_isOneLowercaseAtomPerForm_foundInTheLowercasedBytes() {
        assertThat(atoms("$a = \"Ab\" nocase")).containsExactly("61 62 @0 nocase");
        assertThat(atoms("$a = \"AB-12cd\" nocase wide ascii")).containsExactly("61 62 2D 31 32 63 64 @0 nocase",
                "61 00 62 00 2D 00 31 00 32 00 63 00 64 00 @0 nocase");
        // only A-Z change: the C locale's tolower, as YARA's nocase
        assertThat(atoms("$a = \"\\xC4[@\" nocase")).containsExactly("C4 5B 40 @0 nocase");
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
    void hexWhoseHeadIsCommonBytes_takesARarerRunAfterAJump_withItsRangeOfStarts() {
        // 00 00 00 48 scores 60, 24 51 C7 05 88 - 8 for its four starts (AtomQuality)
        assertThat(atoms("$a = { 00 00 00 48 [0-3] 24 51 C7 05 }")).containsExactly("24 51 C7 05 @4..7");
        // the jump and the group before the run: 1 + [2-4] + 1..2 bytes; leading wildcards move the range
        assertThat(atoms("$a = { 00 [2-4] ( 00 | FF FF ) ?? 4D 5A 90 EB 3C }"))
                .containsExactly("4D 5A 90 EB 3C @5..8");
        // equal scores keep the head, which stands for one start
        assertThat(atoms("$a = { 4D 5A 90 EB [2] 4D 5A 90 EB }")).containsExactly("4D 5A 90 EB @0");
    }

    @Test
    void runsAfterAnUnboundedJump_orAfterTooWideARange_areNotAtoms() {
        assertThat(atoms("$a = { 00 00 [-] 4D 5A 90 EB 3C }")).containsExactly("00 00 @0");
        // at most 65 starts per atom found (MAX_SPREAD)
        assertThat(atoms("$a = { 00 00 [1-66] 4D 5A 90 EB 3C }")).containsExactly("00 00 @0");
        assertThat(atoms("$a = { 00 00 [1-65] 4D 5A 90 EB 3C }")).containsExactly("4D 5A 90 EB 3C @3..67");
    }

    @Test
    void hexWithoutAnExactByteBeforeItsFirstJump_takesALaterRun() {
        assertThat(atoms("$a = { ?? 4? [2] 5A }")).containsExactly("5A @4");
        assertThat(atoms("$a = { ( 61 | ?? ) [2] 5A }")).containsExactly("5A @3");
    }

    @Test
    void hexWithoutAnyExactByteInABoundedRun_hasNoAtoms() {
        assertThat(atoms("$a = { ?? 4? [2] ?5 }")).isNull();
        assertThat(atoms("$a = { ( 61 | ?? ) [-] 5A }")).isNull();
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
                matches += assertAtomsStartsFindEveryMatch(text, definition, atoms.get(), file);
            }
        }
        assertThat(matches).isGreaterThan(5000);
        assertThat(withoutAtoms).as("strings without atoms").isLessThan(corpus.definitions().size() / 10);
    }

    /**
     * The same property for strings whose head is common bytes and whose atom is a run after jumps and groups
     * of a range of lengths, in files of those bytes with the string planted at every length the range allows.
     */
    @Test
    void atomsAfterJumpsOfARange_findEveryMatch() {
        Random random = new Random(20261206);
        String[] middles = {"[0-3]", "[2-5] ?? ", "( 00 | FF FF ) [1-2]", "[1] ( 00 | 20 20 ) [0-4]", "?? [3-4]"};
        int spread = 0;
        int matches = 0;
        for (int trial = 0; trial < 300; trial++) {
            StringBuilder run = new StringBuilder();
            for (int i = 0, n = 2 + random.nextInt(5); i < n; i++) {
                run.append(String.format(" %02X", 0x41 + random.nextInt(4)));
            }
            String text = "$a = { 00 00 " + middles[random.nextInt(middles.length)] + run + " }";
            StringDefinition definition = StringDefinitionReader.read("t.yar", text);
            List<Atom> atoms = StringAtoms.of(definition).orElseThrow();
            spread = Math.max(spread, atoms.get(0).spread());
            byte[] file = new byte[600];
            byte[] instance = HexFormat.of().parseHex(run.toString().replace(" ", ""));
            for (int at = 5; at + instance.length < file.length; at += 13 + random.nextInt(20)) {
                file[at - 1 - random.nextInt(5)] = (byte) (random.nextBoolean() ? 0xFF : 0x20);
                System.arraycopy(instance, 0, file, at, instance.length);
            }
            matches += assertAtomsStartsFindEveryMatch(text, definition, atoms, file);
        }
        assertThat(spread).as("the widest range of starts of an atom").isGreaterThanOrEqualTo(4);
        assertThat(matches).isGreaterThan(1000);
    }

    /** Checks the starts the atoms give in {@code file} against the reference matcher; the matches found. */
    private static int assertAtomsStartsFindEveryMatch(String text, StringDefinition definition, List<Atom> atoms,
            byte[] file) {
        List<StringMatch> expected = StringMatcher.matches(definition, file);
        List<Integer> starts = new ArrayList<>();
        for (Atom atom : atoms) {
            for (int offset = 0; offset + atom.bytes().length <= file.length; offset++) {
                for (int k = 0; k <= atom.spread() && holds(atom, file, offset); k++) {
                    if (offset - atom.offset() - k >= 0) {
                        starts.add(offset - atom.offset() - k);
                    }
                }
            }
        }
        List<StringMatch> found = starts.stream().distinct().sorted()
                .map(s -> StringMatcher.matchAt(definition, file, s)).filter(m -> m != null).toList();
        assertThat(found).as(text).isEqualTo(expected);
        return expected.size();
    }

    /** The atom at {@code offset} of {@code data}; a case-blind one compared with A-Z lowercased. */
    private static boolean holds(Atom atom, byte[] data, int offset) {
        for (int i = 0; i < atom.bytes().length; i++) {
            int b = data[offset + i];
            if (atom.caseBlind() && b >= 'A' && b <= 'Z') {
                b += 32;
            }
            if (!atom.wildcard()[i] && b != atom.bytes()[i]) {
                return false;
            }
        }
        return true;
    }
}
