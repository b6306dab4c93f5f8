package org.imbrex.io.yara.condition;

/**
 * One match of a rule's string in a file: where it starts and how many bytes it covers, as YARA's
 * {@code @a[i]} and {@code !a[i]} report them.
 *
 * <p>Example: {@code $a = "abc"} in {@code xxabcxxabc} has the matches {@code (2, 3)} and {@code (7, 3)}:
 * {@code @a[2] == 7}, {@code !a[1] == 3}.
 */
public record StringMatch(long offset, long length) {
    public StringMatch {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("match at " + offset + " of length " + length
                    + ": offset and length must not be negative");
        }
    }
}
