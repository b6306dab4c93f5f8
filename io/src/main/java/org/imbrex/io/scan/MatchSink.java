package org.imbrex.io.scan;

/**
 * Receives the matches of a scan: per tile, signature by signature, offsets increasing.
 *
 * <p>Example: {@code (signature, offset, sad) -> rows.add(new Match(plan.signature(signature).name(), path,
 * offset, sad))}.
 */
@FunctionalInterface
public interface MatchSink {

    /**
     * A match of signature {@code signatureIndex} (index in the {@link SearchPlan}) starting at file offset
     * {@code offset}, whose window lies wholly inside the file, with score {@code sad}.
     */
    void accept(int signatureIndex, long offset, int sad);
}
