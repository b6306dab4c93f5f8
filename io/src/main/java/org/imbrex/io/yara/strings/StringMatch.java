package org.imbrex.io.yara.strings;

/**
 * One match of a string as YARA reports it: the offset of its first byte in the scanned data and its
 * length in bytes ({@code yara -s -L} prints {@code 0xOFFSET:LENGTH:$id: data}).
 *
 * <p>Example: {@code "MZ" wide} in {@code 00 4D 00 5A 00} matches as {@code StringMatch(1, 4)}.
 */
public record StringMatch(int offset, int length) {

    public StringMatch {
        if (offset < 0 || length < 1) {
            throw new IllegalArgumentException("a match has an offset ≥ 0 and a length ≥ 1: " + offset + ", "
                    + length);
        }
    }

    /** The offset just past the match. */
    public int end() {
        return offset + length;
    }

    @Override
    public String toString() {
        return String.format("0x%x:%d", offset, length);
    }
}
