package org.imbrex.io.yara.strings;

/**
 * One match of a string as YARA reports it: the offset of its first byte in the scanned data and its
 * length in bytes ({@code yara -s -L} prints {@code 0xOFFSET:LENGTH:$id: data}), and, for a fuzzy match of
 * a hex string ({@code --max-sad}), the sum of absolute differences over its exact bytes (0 otherwise).
 *
 * <p>Example: {@code "MZ" wide} in {@code 00 4D 00 5A 00} matches as {@code StringMatch(1, 4)}; {@code { 4D
 * 5A }} within SAD 2 in {@code 4D 5B} as {@code StringMatch(0, 2, 1)}.
 */
public record StringMatch(int offset, int length, int sad) {

    public StringMatch {
        if (offset < 0 || length < 1 || sad < 0) {
            throw new IllegalArgumentException("a match has an offset ≥ 0, a length ≥ 1 and a SAD ≥ 0: " + offset
                    + ", " + length + ", " + sad);
        }
    }

    /** An exact match. */
    public StringMatch(int offset, int length) {
        this(offset, length, 0);
    }

    /** The offset just past the match. */
    public int end() {
        return offset + length;
    }

    @Override
    public String toString() {
        return String.format("0x%x:%d", offset, length) + (sad == 0 ? "" : " sad " + sad);
    }
}
