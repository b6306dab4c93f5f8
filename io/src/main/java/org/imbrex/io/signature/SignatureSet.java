package org.imbrex.io.signature;

import java.util.List;

/**
 * The signatures read from one or more files, in file order, with the warnings about what was skipped.
 *
 * <p>Example: a YARA file with {@code $a = { 4D 5A }} and {@code $s = "MZ"} in rule {@code r} reads as
 * one signature {@code r:$a} and one warning about {@code $s}. An empty set is not an error here; the
 * caller decides.
 *
 * @param signatures the signatures, names unique
 * @param warnings   what was read but gave no signature
 */
public record SignatureSet(List<Signature> signatures, List<SignatureWarning> warnings) {
    public SignatureSet {
        signatures = List.copyOf(signatures);
        warnings = List.copyOf(warnings);
    }

    public boolean isEmpty() {
        return signatures.isEmpty();
    }
}
