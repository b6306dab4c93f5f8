package org.imbrex.io.yara.scan;

import java.util.List;

/**
 * How rare the atoms of a string are likely to be in real files, as a score to choose between a string's
 * fixed runs: the higher, the fewer starts the scan hands the exact check. The bytes score as in YARA's atom
 * quality, since the same bytes are common in the same files (padding, int3, nop, spaces):
 * <pre>
 *   exact byte      20      00 20 90 CC FF: 12      A-Z a-z: 18
 *   nibble           4      ?? and ~: 0
 *   distinct bytes  +2 each; every byte the same common one: -10 per byte
 *   capped at 160 (eight rare bytes find few enough starts; longer wins nothing more)
 *   a string with several atoms (its alternatives): the worst one's score, -4 per doubling of their count
 *   an atom standing for a range of starts: -4 per doubling of the range (each hit is checked at each start)
 * </pre>
 * Example: {@code 00 00 00 48} scores 60, {@code 24 51 C7 05} 88; after a {@code [0-3]} jump (4 starts),
 * 80.
 */
final class AtomQuality {
    /** The score past which longer atoms win nothing. */
    static final int CAP = 160;

    private AtomQuality() {
    }

    /** The score of the atoms a string would get, all of them. */
    static int of(List<Atom> atoms) {
        int worst = Integer.MAX_VALUE;
        int spread = 0;
        for (Atom atom : atoms) {
            worst = Math.min(worst, of(atom));
            spread = Math.max(spread, atom.spread());
        }
        return worst - 4 * log2(atoms.size()) - 4 * log2(spread + 1);
    }

    /** The score of one atom's bytes. */
    static int of(Atom atom) {
        byte[] bytes = atom.bytes();
        boolean[] wildcard = atom.wildcard();
        boolean[] seen = new boolean[256];
        int distinct = 0;
        int score = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (wildcard[i]) {
                continue;
            }
            int b = bytes[i] & 0xFF;
            score += common(b) ? 12 : isLetter(b) ? 18 : 20;
            if (!seen[b]) {
                seen[b] = true;
                distinct++;
            }
        }
        if (distinct == 1 && common(bytes[0] & 0xFF)) {
            score -= 10 * bytes.length;
        } else {
            score += 2 * distinct;
        }
        return Math.min(score, CAP);
    }

    private static boolean common(int b) {
        return b == 0x00 || b == 0x20 || b == 0x90 || b == 0xCC || b == 0xFF;
    }

    private static boolean isLetter(int b) {
        return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
    }

    /** ⌈log2 n⌉ for n ≥ 1. */
    private static int log2(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1);
    }
}
