package org.imbrex.io.scan;

import java.util.ArrayList;
import java.util.List;
import org.imbrex.io.signature.Signature;

/** The oracle: the SAD of every signature at every offset where it fits, by a plain loop over the bytes. */
final class BruteForce {
    private BruteForce() {
    }

    static int sad(Signature signature, byte[] data, int offset) {
        int sad = 0;
        for (int i = 0; i < signature.length(); i++) {
            if (!signature.isWildcard(i)) {
                sad += Math.abs(signature.byteAt(i) - (data[offset + i] & 0xFF));
            }
        }
        return sad;
    }

    static List<Match> matches(byte[] data, List<Signature> signatures, int maxSad) {
        List<Match> matches = new ArrayList<>();
        for (int s = 0; s < signatures.size(); s++) {
            Signature signature = signatures.get(s);
            for (int offset = 0; offset + signature.length() <= data.length; offset++) {
                int sad = sad(signature, data, offset);
                if (sad <= maxSad) {
                    matches.add(new Match(s, offset, sad));
                }
            }
        }
        return matches;
    }
}
