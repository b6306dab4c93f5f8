package org.imbrex.io.yara.condition;

import java.util.List;

/**
 * What {@link ConditionEvaluator} needs to know about one file to evaluate a rule's condition: its size,
 * the matches of the rule's strings, its bytes for {@code uint32(E)} and the like, module values, and the
 * results of the rules evaluated before.
 *
 * <p>Example: a file of 21 bytes {@code xxabcxxabcyyAB\x01\x02\x03\x04end} and a rule with {@code $a =
 * "abc"}, {@code $b = "AB"}: {@code fileSize()} is 21, {@code matches(0)} is {@code [(2, 3), (7, 3)]},
 * {@code matches(1)} is {@code [(12, 2)]}, {@code readInteger(14, 4, false, false)} is {@code 0x04030201}.
 */
public interface FileFacts {

    /** YARA's {@code filesize}. */
    long fileSize();

    /**
     * The matches of the rule's string number {@code string} (its place in {@link ConditionScope#strings()}),
     * in ascending offset order.
     */
    List<StringMatch> matches(int string);

    /**
     * False only when string {@code string} surely has no match; {@code $a at E} asks it before it
     * evaluates E. By default from {@link #matches}; an engine that checks a placed string ({@link
     * PlacedStrings}) at E alone says true.
     */
    default boolean mayMatch(int string) {
        return !matches(string).isEmpty();
    }

    /**
     * Whether a match of string {@code string} starts at {@code offset}: {@code $a at E}. By default from
     * {@link #matches}; an engine may check a placed string ({@link PlacedStrings}) at the offset alone.
     */
    default boolean matchesAt(int string, long offset) {
        for (StringMatch match : matches(string)) {
            if (match.offset() == offset) {
                return true;
            }
        }
        return false;
    }

    /**
     * The integer of {@code bytes} bytes (1, 2 or 4) at {@code offset}, little- or big-endian, sign-extended
     * when {@code signed}; {@link ConditionEvaluator#UNDEFINED} when the bytes are not all inside the file
     * (a negative offset included).
     */
    long readInteger(long offset, int bytes, boolean bigEndian, boolean signed);

    /**
     * The value of a module field: {@code path} is the dotted path without indexes ({@code pe.sections.name}),
     * {@code indexes} the index of each indexed step in order ({@code [2]} for {@code pe.sections[2].name}).
     */
    ModuleValue moduleValue(String path, long[] indexes);

    /** Whether the rule {@code rule}, evaluated before on this file, matched. */
    boolean ruleMatched(String rule);

    /**
     * {@link #readInteger} over the bytes of a whole file in memory.
     * <pre>
     *   offset                 offset + bytes - 1 ≤ data.length - 1, else undefined
     *     ↓
     *   [ b0 | b1 | b2 | b3 ]   little-endian: b0 + b1·2⁸ + b2·2¹⁶ + b3·2²⁴
     *                           big-endian:    b3 + b2·2⁸ + b1·2¹⁶ + b0·2²⁴
     * </pre>
     */
    static long readInteger(byte[] data, long offset, int bytes, boolean bigEndian, boolean signed) {
        if (offset < 0 || offset > data.length - bytes) {
            return ConditionEvaluator.UNDEFINED;
        }
        long value = 0;
        for (int i = 0; i < bytes; i++) {
            int b = data[(int) offset + (bigEndian ? i : bytes - 1 - i)] & 0xFF;
            value = value << 8 | b;
        }
        if (signed) {
            int unused = 64 - 8 * bytes;
            value = value << unused >> unused;
        }
        return value;
    }
}
