package org.imbrex.kernels.resource;

/**
 * A read-write resource bound to a {@code u#} slot. Its storage is Arrow memory owned by the view: whoever
 * creates the view closes it.
 *
 * <p>A Dispatch calls {@link #endDispatch()} when its last group has run, so the view's Arrow vector has
 * its value count set exactly when the contents are final. Example: {@code try (RWBuffer out =
 * RWBuffer.allocate(DxgiFormat.R32_UINT, 64, allocator)) { ... dispatch ...; out.vector().getValueCount();
 * }}
 */
public interface UnorderedAccessView extends AutoCloseable {

    /** Number of elements; stores at or past it are dropped. */
    int numElements();

    /** Called by the Dispatch after its last thread group: publishes the contents (Arrow value count). */
    void endDispatch();

    /** The view's contents as raw little-endian bytes, as the GPU memory would hold them. */
    byte[] contents();

    /** Frees the Arrow memory. */
    @Override
    void close();
}
