package org.imbrex.io.scan;

/**
 * Whether a scan skips the offsets that cannot match before msad4 scores them. Both give the same matches:
 * the filter only drops offsets that provably score above the limit.
 *
 * <p>Example: {@code new TileScanner(plan, core, allocator, ScanShaders.java(), Prefilter.NONE)} scores
 * every offset of every tile with the msad4 search shader, the reference the filtered scan is tested against.
 */
public enum Prefilter {
    /** Anchors (pigeonhole) pick the candidate words of each signature; msad4 scores only those. */
    ANCHORS,
    /** msad4 scores every offset. */
    NONE
}
