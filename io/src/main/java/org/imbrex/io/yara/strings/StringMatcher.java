package org.imbrex.io.yara.strings;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The reference matcher of imbrex for YARA strings: every match YARA 4.2.3 reports for one string in one
 * byte array, in YARA's order (by offset; YARA keeps at most one match per offset, the first it finds).
 * Plain loops over every offset, no index: the fast engines are tested against it.
 *
 * <p>A text string of n bytes at offset s, with YARA's checks in YARA's order:
 * <pre>
 *   ascii      data[s .. s+n)   == bytes                    length n
 *   wide       data[s .. s+2n)  == b0 00 b1 00 … bn-1 00     length 2n, tried only when ascii did not match at s
 *   nocase     compares ASCII letters case-blind (YARA's yr_lowercase: tolower in the C locale)
 *   fullword   ascii: data[s-1] and data[s+n] are not [0-9A-Za-z] (or outside the data)
 *              wide:  refused when  data[s-2] is alnum and data[s-1] == 00   (the character before)
 *                     or when       data[e] is alnum and data[e+1] == 00      (e = s+2n, the one after)
 *                     so "X" + "a\0b\0" is a fullword match, and so is "a\0b\0" + "X" at the very end
 * </pre>
 * An ascii match that fails {@code fullword} hides a wide one at the same offset: once ascii matched, YARA
 * does not try wide. Except for strings of at most 4 bytes (wide: 2 characters), YARA's {@code
 * STRING_FITS_IN_ATOM}: there the ascii and the wide form are separate atoms, each checked on its own, and
 * a wide match that passes {@code fullword} is reported although the ascii one failed:
 * <pre>
 *   "x" ascii wide fullword   in  "Qx\0"   → (1, 2): ascii x fails (Q before it), wide x\0 passes
 *   "xyz" ascii wide fullword in  "Qxyz\0" → no match (the same with a string of 3 characters)
 * </pre>
 * Hex strings: {@link HexMatcher}; within a SAD limit ({@code --max-sad}), {@link FuzzyHexMatcher}.
 *
 * <p>Example: for {@code $a = "ab" ascii wide fullword} in {@code "ab-a\0b\0"} the matches are {@code
 * (0, 2)} and {@code (3, 4)}.
 *
 * <p>Not emulated, and documented here because a fast engine must not "fix" them either: YARA stops
 * recording a string after {@code YR_MAX_STRING_MATCHES} (1,000,000) matches; {@code yara -s} prints at
 * most {@code YR_CONFIG_MAX_MATCH_DATA} (512) bytes of a match, though the length is the full one.
 */
public final class StringMatcher {
    /** YARA's {@code YR_MAX_ATOM_LENGTH}: a string this short (wide: counting its zeros) is its own atom. */
    static final int MAX_ATOM_LENGTH = 4;

    private StringMatcher() {
    }

    /**
     * All matches of {@code definition} in {@code data}.
     *
     * @throws UnsupportedOperationException for regular expressions and {@code xor}/{@code base64}
     *                                       strings, with {@link StringDefinition#unsupportedReason()}
     */
    public static List<StringMatch> matches(StringDefinition definition, byte[] data) {
        return matches(definition, data, 0);
    }

    /**
     * All matches of {@code definition} in {@code data}, hex strings within SAD {@code maxSad} ({@link
     * FuzzyHexMatcher}; text strings are matched exactly whatever the limit).
     */
    public static List<StringMatch> matches(StringDefinition definition, byte[] data, int maxSad) {
        IntFunction<StringMatch> at = matcherAt(definition, data, maxSad);
        if (definition.value() instanceof HexString hex && maxSad == 0) {
            return HexMatcher.matches(hex, data);
        }
        List<StringMatch> matches = new ArrayList<>();
        for (int s = 0; s < data.length; s++) {
            StringMatch match = at.apply(s);
            if (match != null) {
                matches.add(match);
            }
        }
        return matches;
    }

    /**
     * The match of {@code definition} that YARA reports at offset {@code s} of {@code data}, or null when
     * none starts there: one step of {@link #matches}, for engines that know where to look. {@code data}
     * may be a window of a larger file as long as it holds the match and the two bytes before and after it
     * that {@code fullword} looks at, or reaches the file's end.
     */
    public static StringMatch matchAt(StringDefinition definition, byte[] data, int s) {
        return matchAt(definition, data, s, 0);
    }

    /** {@link #matchAt(StringDefinition, byte[], int)} with hex strings matched within SAD {@code maxSad}. */
    public static StringMatch matchAt(StringDefinition definition, byte[] data, int s, int maxSad) {
        return matcherAt(definition, data, maxSad).apply(s);
    }

    /**
     * The matches at {@code starts} (ascending, each once), as {@link #matchAt} gives them one by one: the
     * string's modifiers are read once for all starts.
     */
    public static List<StringMatch> matchesAt(StringDefinition definition, byte[] data, int[] starts, int maxSad) {
        return prepare(definition).matchesAt(data, starts, starts.length, maxSad);
    }

    /**
     * {@code definition} made ready for any number of files: its support checked and its form read once.
     *
     * @throws UnsupportedOperationException as {@link #matches} does
     */
    public static Prepared prepare(StringDefinition definition) {
        definition.unsupportedReason().ifPresent(reason -> {
            throw new UnsupportedOperationException("$" + definition.identifier() + ": " + reason);
        });
        return new Prepared(definition);
    }

    /**
     * A string whose form is read: {@link #matchesAt} gives what {@link StringMatcher#matchAt} gives at each
     * start. Example: {@code StringMatcher.prepare(definition).matchesAt(data, starts, starts.length, 0)}.
     */
    public static final class Prepared {
        private final HexString hex;
        private final HexMatcher.MatchAt hexForm;
        private final TextForm text;

        private Prepared(StringDefinition definition) {
            this.hex = definition.value() instanceof HexString h ? h : null;
            this.hexForm = hex == null ? null : HexMatcher.form(hex);
            this.text = hex == null ? new TextForm(definition, (TextString) definition.value()) : null;
        }

        /** The match at {@code s} of {@code data}, or null; hex strings within SAD {@code maxSad}. */
        StringMatch at(byte[] data, int s, int maxSad) {
            if (hex == null) {
                return textMatchAt(text, data, s);
            }
            return maxSad == 0 ? hexForm.at(data, s) : FuzzyHexMatcher.matchAt(hex, data, s, maxSad);
        }

        /** The matches at {@code starts[0, count)} (ascending, each once). */
        public List<StringMatch> matchesAt(byte[] data, int[] starts, int count, int maxSad) {
            List<StringMatch> matches = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                StringMatch match = at(data, starts[i], maxSad);
                if (match != null) {
                    matches.add(match);
                }
            }
            return matches;
        }
    }

    /** The match at a start, the definition checked and its modifiers read once. */
    private static IntFunction<StringMatch> matcherAt(StringDefinition definition, byte[] data, int maxSad) {
        Prepared prepared = prepare(definition);
        return s -> prepared.at(data, s, maxSad);
    }

    /** A text string with the modifiers that decide how it matches. */
    private record TextForm(TextString text, boolean ascii, boolean wide, boolean nocase, boolean fullword,
            boolean fitsInAtom) {
        TextForm(StringDefinition definition, TextString text) {
            this(text, definition.matchesAscii(), definition.has(StringModifier.WIDE),
                    definition.has(StringModifier.NOCASE), definition.has(StringModifier.FULLWORD),
                    (definition.has(StringModifier.WIDE) ? 2 : 1) * text.length() <= MAX_ATOM_LENGTH);
        }
    }

    private static StringMatch textMatchAt(TextForm form, byte[] data, int s) {
        TextString text = form.text();
        boolean asciiHere = form.ascii() && asciiAt(text, data, s, form.nocase());
        if (asciiHere && (!form.fullword() || asciiWordAt(data, s, text.length()))) {
            return new StringMatch(s, text.length());
        } else if ((!asciiHere || form.fitsInAtom()) && form.wide() && wideAt(text, data, s, form.nocase())
                && (!form.fullword() || wideWordAt(data, s, 2 * text.length()))) {
            return new StringMatch(s, 2 * text.length());
        }
        return null;
    }

    private static boolean asciiAt(TextString text, byte[] data, int s, boolean nocase) {
        if (s + text.length() > data.length) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!same(data[s + i] & 0xFF, text.byteAt(i), nocase)) {
                return false;
            }
        }
        return true;
    }

    /**
     * <pre>
     *   text      b0    b1    b2
     *   data[s+]  0  1  2  3  4  5
     *             b0 00 b1 00 b2 00
     * </pre>
     */
    private static boolean wideAt(TextString text, byte[] data, int s, boolean nocase) {
        if (s + 2 * text.length() > data.length) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!same(data[s + 2 * i] & 0xFF, text.byteAt(i), nocase) || data[s + 2 * i + 1] != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(int a, int b, boolean nocase) {
        return nocase ? lowercase(a) == lowercase(b) : a == b;
    }

    /** YARA's {@code yr_lowercase}: {@code tolower} of the C locale, ASCII letters only. */
    static int lowercase(int b) {
        return b >= 'A' && b <= 'Z' ? b + 32 : b;
    }

    /** YARA's {@code yr_isalnum}: {@code [0-9A-Za-z]}, no other byte. */
    static boolean isAlnum(int b) {
        return (b >= '0' && b <= '9') || (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
    }

    /** <pre>  … data[s-1] | data[s] … data[s+n-1] | data[s+n] …   neither neighbour alnum</pre> */
    private static boolean asciiWordAt(byte[] data, int s, int length) {
        boolean before = s >= 1 && isAlnum(data[s - 1] & 0xFF);
        boolean after = s + length < data.length && isAlnum(data[s + length] & 0xFF);
        return !before && !after;
    }

    /**
     * YARA's test, transcribed: the wide neighbour must be alnum <em>and</em> followed by 00 to refuse.
     * <pre>
     *   data  s-2  s-1 | s … e-1 | e    e+1        e = s + length
     *         X    00  |  match  | Y    00         refused if X or Y is alnum (Y only when e+1 exists)
     * </pre>
     */
    private static boolean wideWordAt(byte[] data, int s, int length) {
        int e = s + length;
        boolean before = s >= 2 && data[s - 1] == 0 && isAlnum(data[s - 2] & 0xFF);
        boolean after = e + 1 < data.length && data[e + 1] == 0 && isAlnum(data[e] & 0xFF);
        return !before && !after;
    }
}
