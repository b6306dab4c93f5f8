package org.imbrex.io.yara.scan;

import org.imbrex.io.signature.Signature;

/** The plain scan for the tests: every offset of a file where a plan's signature matches exactly. */
final class AtomScan {
    private AtomScan() {
    }

    /** Reports every exact match of every signature of {@code plan} in {@code data} to {@code rules}. */
    static void scan(RuleScanPlan plan, byte[] data, FileRules rules) {
        for (int s = 0; s < plan.signatures().size(); s++) {
            Signature signature = plan.signatures().get(s);
            for (int offset = 0; offset + signature.length() <= data.length; offset++) {
                if (matchesAt(signature, data, offset)) {
                    rules.found(s, offset);
                }
            }
        }
    }

    static boolean matchesAt(Signature signature, byte[] data, int offset) {
        for (int i = 0; i < signature.length(); i++) {
            if (!signature.isWildcard(i) && (data[offset + i] & 0xFF) != signature.byteAt(i)) {
                return false;
            }
        }
        return true;
    }
}
