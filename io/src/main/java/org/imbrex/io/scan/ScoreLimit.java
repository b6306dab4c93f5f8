package org.imbrex.io.scan;

/**
 * The highest score a match may have, per signature. The scanner asks once per tile and signature, before
 * the Dispatches (offsets above the limit are dropped early), and again after every match it reports, so a
 * best-K collector can tighten it as it fills. Within a tile the limit only tightens: a limit that rises
 * is taken up from the next tile on.
 *
 * <p>Examples: {@code ScoreLimit.atMost(0)} keeps exact matches only; {@code ScoreLimit.any()} keeps every
 * offset; {@code s -> heaps[s].isFull() ? heaps[s].worst() : Integer.MAX_VALUE} keeps a best-K candidate
 * set (ties with the current worst included). A negative limit skips the signature.
 */
@FunctionalInterface
public interface ScoreLimit {

    /** The largest accepted SAD for signature {@code signatureIndex}. */
    int maxSad(int signatureIndex);

    /** The same limit for every signature, e.g. {@code --max-sad T}. */
    static ScoreLimit atMost(int maxSad) {
        return signature -> maxSad;
    }

    /** No limit: every offset where a signature fits is reported. */
    static ScoreLimit any() {
        return signature -> Integer.MAX_VALUE;
    }
}
