package org.imbrex.io.yara.scan;

import org.imbrex.io.signature.Signature;

/** The plain scan for the tests: every offset of a file where a plan's signature matches (within a SAD limit). */
final class AtomScan {
    private AtomScan() {
    }

    /** Reports every exact match of every signature of {@code plan} in {@code data} to {@code rules}. */
    static void scan(RuleScanPlan plan, byte[] data, FileRules rules) {
        scan(plan, data, rules, 0);
    }

    /**
     * Reports every match within SAD {@code maxSad} of every signature of {@code plan}; the case-blind ones
     * in a copy of {@code data} with A-Z lowercased.
     */
    static void scan(RuleScanPlan plan, byte[] data, FileRules rules, int maxSad) {
        byte[] lowered = new byte[data.length];
        for (int i = 0; i < data.length; i++) {
            lowered[i] = (byte) (data[i] >= 'A' && data[i] <= 'Z' ? data[i] + 32 : data[i]);
        }
        for (int s = 0; s < plan.signatures().size(); s++) {
            Signature signature = plan.signatures().get(s);
            byte[] view = s >= plan.caseBlindFrom() ? lowered : data;
            for (int offset = 0; offset + signature.length() <= data.length; offset++) {
                if (sad(signature, view, offset) <= maxSad) {
                    rules.found(s, offset);
                }
            }
        }
    }

    static int sad(Signature signature, byte[] data, int offset) {
        int sad = 0;
        for (int i = 0; i < signature.length(); i++) {
            if (!signature.isWildcard(i)) {
                sad += Math.abs((data[offset + i] & 0xFF) - signature.byteAt(i));
            }
        }
        return sad;
    }
}
