package org.imbrex.io.yara.strings;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A text string {@code "…"} after YARA's escapes are applied: the bytes it stands for, one per source
 * character (the source is read as ISO-8859-1, so that every byte of a rule file is one character), at
 * least one byte.
 *
 * <p>Example: {@code "MZ\x90\n"} is {@code TextString} of {@code 4D 5A 90 0A}.
 */
public record TextString(byte[] bytes) implements StringValue {

    public TextString {
        if (bytes.length == 0) {
            throw new IllegalArgumentException("a text string has at least one byte");
        }
        bytes = bytes.clone();
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    public int length() {
        return bytes.length;
    }

    /** The byte at {@code index}, 0..255. */
    public int byteAt(int index) {
        return bytes[index] & 0xFF;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TextString that && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "TextString[" + HexFormat.ofDelimiter(" ").withUpperCase().formatHex(bytes) + "]";
    }
}
