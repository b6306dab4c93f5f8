package org.imbrex.io.yara.scan;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.function.IntConsumer;

/**
 * Every offset of a byte array where an {@link Atom} lies: a plain search, for the few strings the tile scan
 * does not look for (the placed strings of a rule that matched, {@link FileRules}). Wildcard bytes match
 * anything; a case-blind atom is compared with the bytes A-Z lowercased, as the scan's lowercased view.
 * <pre>
 *   atom 4D 5A ?? 00 over  4D 5A 90 00 4D 5A 00 00 4D   →  0, 4   (8: the atom would end past the data)
 *   head test, one int per offset:   (data int | fold) &amp; mask == value
 *     mask   FF for a literal byte, 00 for a wildcard           (its first four bytes, little-endian)
 *     fold   20 for a case-blind letter: b | 20 is the letter exactly for its two cases
 * </pre>
 * Example: {@code AtomSearch.forEach(atom, data, offsets::add)}.
 */
final class AtomSearch {
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private AtomSearch() {
    }

    /** Calls {@code found} with each offset of {@code data} where {@code atom} lies, ascending. */
    static void forEach(Atom atom, byte[] data, IntConsumer found) {
        byte[] bytes = atom.bytes();
        boolean[] wildcard = atom.wildcard();
        boolean caseBlind = atom.caseBlind();
        int head = Math.min(4, bytes.length);
        int mask = 0;
        int fold = 0;
        int value = 0;
        for (int i = 0; i < head; i++) {
            if (!wildcard[i]) {
                mask |= 0xFF << (8 * i);
                value |= (bytes[i] & 0xFF) << (8 * i);
                if (caseBlind && bytes[i] >= 'a' && bytes[i] <= 'z') {
                    fold |= 0x20 << (8 * i);
                }
            }
        }
        int last = data.length - bytes.length;
        int p = 0;
        for (; p <= last && p + 4 <= data.length; p++) {
            if ((((int) INTS.get(data, p) | fold) & mask) == value && rest(bytes, wildcard, caseBlind, data, p, head)) {
                found.accept(p);
            }
        }
        for (; p <= last; p++) {
            if (rest(bytes, wildcard, caseBlind, data, p, 0)) {
                found.accept(p);
            }
        }
    }

    /** True when the atom's bytes from {@code from} on lie at offset {@code p}. */
    private static boolean rest(byte[] bytes, boolean[] wildcard, boolean caseBlind, byte[] data, int p, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (!wildcard[i] && view(data[p + i], caseBlind) != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    private static byte view(byte b, boolean caseBlind) {
        return caseBlind && b >= 'A' && b <= 'Z' ? (byte) (b + 32) : b;
    }
}
