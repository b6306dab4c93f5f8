package org.imbrex.io.yara.scan;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A fixed window of bytes that a match of a YARA string holds at a known distance from its start, or at
 * one of a range of distances: the part of the string the search job's scan looks for. Bytes marked as
 * wildcards match any byte (a {@code ??}, a nibble wildcard or a {@code ~} byte of the string: the exact
 * check comes after the scan).
 * <pre>
 *   $a = { 4D 5A ?? ?? [2-4] 50 45 }     atom  4D 5A              offset 0
 *   $b = "key" wide                     atom  6B 00 65 00 79 00   offset 0
 *   $c = { 31 C0 [2-4] 8B 45 F8 C7 }    atom  8B 45 F8 C7         offset 4, spread 2
 *   s = match start       s + offset + k → the atom's first byte, for one k in 0..spread
 *   atom found at p       starts p - offset - spread, ..., p - offset to check
 *   $d = "GetProc" nocase                atom  67 65 74 70 72 6F 63   offset 0, case-blind
 * </pre>
 * A case-blind atom is lowercase and is looked for in the files' bytes with A-Z lowercased ({@code
 * TileBytes.ASCII_LOWER}), which is where YARA's {@code nocase} matches.
 * Example: {@code new Atom(new byte[] {0x4D, 0x5A}, new boolean[2], 0)} is the atom of {@code $a}.
 *
 * @param bytes    the bytes, at least one of them not a wildcard, the first and the last never
 * @param wildcard true where any byte matches (the byte there is 0)
 * @param offset   the least distance from the match's start to the atom
 * @param spread   how much farther the atom may be (the jumps and groups before it): 0 when it is always at
 *                 {@code offset}
 * @param caseBlind true when it is found in the lowercased bytes (no byte of it is A-Z)
 */
public record Atom(byte[] bytes, boolean[] wildcard, int offset, int spread, boolean caseBlind) {
    public Atom {
        if (bytes.length == 0 || wildcard.length != bytes.length || wildcard[0] || wildcard[bytes.length - 1]
                || offset < 0 || spread < 0 || caseBlind && hasCapital(bytes)) {
            throw new IllegalArgumentException("an atom starts and ends with a literal byte, at offset ≥ 0: "
                    + HexFormat.of().formatHex(bytes) + " at " + offset + " spread " + spread);
        }
        bytes = bytes.clone();
        wildcard = wildcard.clone();
    }

    /** An atom always at {@code offset} from the match's start. */
    public Atom(byte[] bytes, boolean[] wildcard, int offset) {
        this(bytes, wildcard, offset, 0, false);
    }

    /** An atom of the bytes as read, {@code offset} to {@code offset + spread} from the match's start. */
    public Atom(byte[] bytes, boolean[] wildcard, int offset, int spread) {
        this(bytes, wildcard, offset, spread, false);
    }

    /**
     * This atom for the lowercased bytes: its bytes with A-Z lowercased, case-blind. Wherever this atom is in
     * a file, the lowercased one is in the lowercased file, at the same offset (and a few more places).
     */
    public Atom lowercased() {
        if (caseBlind) {
            return this;
        }
        byte[] lower = bytes.clone();
        for (int i = 0; i < lower.length; i++) {
            if (lower[i] >= 'A' && lower[i] <= 'Z') {
                lower[i] += 32;
            }
        }
        return new Atom(lower, wildcard, offset, spread, true);
    }

    private static boolean hasCapital(byte[] bytes) {
        for (byte b : bytes) {
            if (b >= 'A' && b <= 'Z') {
                return true;
            }
        }
        return false;
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    @Override
    public boolean[] wildcard() {
        return wildcard.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Atom that && offset == that.offset && spread == that.spread
                && caseBlind == that.caseBlind
                && Arrays.equals(bytes, that.bytes)
                && Arrays.equals(wildcard, that.wildcard);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * (31 * offset + spread) + Arrays.hashCode(bytes)) + Arrays.hashCode(wildcard))
                + Boolean.hashCode(caseBlind);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) {
            text.append(i == 0 ? "" : " ").append(wildcard[i] ? "??" : String.format("%02X", bytes[i] & 0xFF));
        }
        return text + " @" + offset + (spread == 0 ? "" : ".." + (offset + spread)) + (caseBlind ? " nocase" : "");
    }
}
