package org.imbrex.io.yara.scan;

import java.util.function.IntConsumer;

/**
 * Every offset of a byte array where an {@link Atom} lies: a plain search, for the few strings the tile scan
 * does not look for (the placed strings of a rule that matched, {@link FileRules}). Wildcard bytes match
 * anything; a case-blind atom is compared with the bytes A-Z lowercased, as the scan's lowercased view.
 * <pre>
 *   atom 4D 5A ?? 00 over  4D 5A 90 00 4D 5A 00 00 4D   →  0, 4   (8: the atom would end past the data)
 * </pre>
 * Example: {@code AtomSearch.forEach(atom, data, offsets::add)}.
 */
final class AtomSearch {
    private AtomSearch() {
    }

    /** Calls {@code found} with each offset of {@code data} where {@code atom} lies, ascending. */
    static void forEach(Atom atom, byte[] data, IntConsumer found) {
        byte[] bytes = atom.bytes();
        boolean[] wildcard = atom.wildcard();
        boolean caseBlind = atom.caseBlind();
        byte first = bytes[0];
        for (int p = 0; p + bytes.length <= data.length; p++) {
            if (view(data[p], caseBlind) != first) {
                continue;
            }
            int i = 1;
            while (i < bytes.length && (wildcard[i] || view(data[p + i], caseBlind) == bytes[i])) {
                i++;
            }
            if (i == bytes.length) {
                found.accept(p);
            }
        }
    }

    private static byte view(byte b, boolean caseBlind) {
        return caseBlind && b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
    }
}
