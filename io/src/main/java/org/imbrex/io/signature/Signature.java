package org.imbrex.io.signature;

import java.io.Serializable;
import java.util.Arrays;

/**
 * A byte signature: a name, its pattern bytes, and which bytes are wildcards ({@code ??}, any byte).
 *
 * <p>A literal {@code 00} is a byte like any other: only {@link #isWildcard(int)} positions are left out
 * of the score. The pattern byte at a wildcard position is always 0.
 * <pre>{@code
 * Signature mz = Signature.ofHex("mz", "4D 5A ?? 00");
 * mz.length();        // 4
 * mz.byteAt(1);       // 0x5A
 * mz.isWildcard(2);   // true
 * mz.isWildcard(3);   // false: a literal zero byte
 * mz.toHex();         // "4D 5A ?? 00"
 * }</pre>
 * Arrays are copied in and out, so a signature never changes.
 *
 * @param name     the name matches are reported under, e.g. {@code mz} or {@code pe_header:$a}
 * @param pattern  the bytes, {@code 1..}{@link #MAX_LENGTH} of them
 * @param wildcard {@code wildcard[i]} is true when byte {@code i} matches any byte
 */
public record Signature(String name, byte[] pattern, boolean[] wildcard) implements Serializable {
    /** The longest signature: 65536 bytes (a tile core must hold it, and the score then fits 24 bits). */
    public static final int MAX_LENGTH = 65536;

    private static final long serialVersionUID = 1L;

    public Signature {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a signature needs a name");
        }
        if (pattern.length < 1 || pattern.length > MAX_LENGTH) {
            throw new IllegalArgumentException("signature '" + name + "' has " + pattern.length
                    + " bytes; 1.." + MAX_LENGTH + " are allowed");
        }
        if (wildcard.length != pattern.length) {
            throw new IllegalArgumentException("signature '" + name + "' has " + pattern.length
                    + " bytes but a wildcard mask of " + wildcard.length);
        }
        pattern = pattern.clone();
        wildcard = wildcard.clone();
        for (int i = 0; i < pattern.length; i++) {
            if (wildcard[i]) {
                pattern[i] = 0;
            }
        }
    }

    /**
     * A signature from hex text as the signature file writes it after {@code =}: {@code "4D 5A ?? 00"} or
     * {@code "4D5A??00"}.
     *
     * @throws SignatureFormatException naming {@code name} as the file, with the column of the bad character
     */
    public static Signature ofHex(String name, String hex) {
        SourceText text = new SourceText(name, hex);
        HexPattern bytes = HexPatternReader.read(text, HexPatternReader.Syntax.TEXT, "signature '" + name + "'");
        if (!text.atEnd()) {
            throw text.error(text.position(), "unexpected '" + text.peek() + "' in signature '" + name + "'");
        }
        if (bytes.length() == 0) {
            throw text.error(text.position(), "signature '" + name + "' has no bytes");
        }
        return bytes.toSignature(name);
    }

    /** Number of bytes, wildcards included. */
    public int length() {
        return pattern.length;
    }

    /** Byte {@code i} as 0..255 (0 at a wildcard). */
    public int byteAt(int i) {
        return pattern[i] & 0xFF;
    }

    /** True when byte {@code i} matches any byte. */
    public boolean isWildcard(int i) {
        return wildcard[i];
    }

    /** The bytes (a copy). */
    @Override
    public byte[] pattern() {
        return pattern.clone();
    }

    /** The wildcard mask (a copy). */
    @Override
    public boolean[] wildcard() {
        return wildcard.clone();
    }

    /** The hex text, bytes separated by one space, e.g. {@code "4D 5A ?? 00"}. */
    public String toHex() {
        StringBuilder hex = new StringBuilder(pattern.length * 3);
        for (int i = 0; i < pattern.length; i++) {
            if (i > 0) {
                hex.append(' ');
            }
            hex.append(wildcard[i] ? "??" : String.format("%02X", pattern[i] & 0xFF));
        }
        return hex.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Signature that && name.equals(that.name) && Arrays.equals(pattern, that.pattern)
                && Arrays.equals(wildcard, that.wildcard);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * name.hashCode() + Arrays.hashCode(pattern)) + Arrays.hashCode(wildcard);
    }

    @Override
    public String toString() {
        return name + " = " + (pattern.length <= 32 ? toHex() : toHexPrefix() + " … (" + pattern.length + " bytes)");
    }

    private String toHexPrefix() {
        return new Signature(name, Arrays.copyOf(pattern, 16), Arrays.copyOf(wildcard, 16)).toHex();
    }
}
